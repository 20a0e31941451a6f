// The first frame's texts and the files it preloads, from app/build/first-frame-plugin.ts.
declare module 'virtual:botdeck-first-frame' {
  export const texts: import('./first-frame').FirstFrameTexts;
  export const files: import('./first-frame').FirstFrameFiles;
}
