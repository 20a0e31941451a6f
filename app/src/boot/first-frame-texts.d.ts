// The first frame's texts, read from the locale files by app/build/first-frame-plugin.ts.
declare module 'virtual:botdeck-first-frame-texts' {
  const texts: import('./first-frame').FirstFrameTexts;
  export default texts;
}
