/**
 * Build-time configuration (Vite env, from the repo's .env files or the environment). Nothing
 * here is secret: a browser bundle is public, which is why every request also carries Telegram's
 * signed initData.
 */
export const config = {
  /** Where the API lives; empty means the same origin as the app. */
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  /** The secret the client signs its short-lived Bearer token with (HS256). */
  tokenSecret: import.meta.env.VITE_API_TOKEN_SECRET ?? 'botdeck-development-secret',
  /** Botdeck's own bot, whose start link users are sent to outside Telegram. */
  botUsername: import.meta.env.VITE_BOT_USERNAME ?? 'BotdeckBot',
  /** The news channel and support chat in the dashboard's settings menu. */
  newsChannelUrl: import.meta.env.VITE_NEWS_CHANNEL_URL ?? 'https://t.me/BotdeckNews',
  supportUrl: import.meta.env.VITE_SUPPORT_URL ?? 'https://t.me/BotdeckSupport',
} as const;

/** Botdeck's start link: where a visitor without a Telegram user goes. */
export const startLink = (): string => `https://t.me/${config.botUsername}?start`;
