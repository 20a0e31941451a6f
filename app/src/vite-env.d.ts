/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_API_TOKEN_SECRET?: string;
  readonly VITE_BOT_USERNAME?: string;
  readonly VITE_NEWS_CHANNEL_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_DEV_BOT_TOKEN?: string;
  /** The hostile-answers stories' seed, to replay a run (Storybook only, .storybook/main.ts). */
  readonly FUZZ_SEED?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/**
 * One group of locales/en.json as a module of its own (app/build/screen-texts-plugin.ts), so a
 * screen's own English texts travel in its chunk, not the first bundle. One declaration per
 * group of SCREEN_TEXT_GROUPS and LATE_TEXT_GROUPS.
 */
declare module '*/locales/en.json?screen=document' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=guide' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=emulator' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=lists' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=messages' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=editor' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=language' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=media' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=botPage' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=shopSales' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=advanced' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=shop' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=usersPage' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=captcha' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=upgradePage' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=share' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=shopForm' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=testDrive' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
declare module '*/locales/en.json?screen=validation' {
  const texts: import('./i18n/translator').Messages;
  export default texts;
}
