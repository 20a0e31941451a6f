/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_API_TOKEN_SECRET?: string;
  readonly VITE_BOT_USERNAME?: string;
  readonly VITE_NEWS_CHANNEL_URL?: string;
  readonly VITE_SUPPORT_URL?: string;
  readonly VITE_DEV_BOT_TOKEN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
