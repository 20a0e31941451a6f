interface StandInUser {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  language_code: string;
}
/** initData for `user` (the demo user), signed as a Bot API 8.0 client signs it. */
export declare function signedInitData(
  user?: StandInUser,
  botToken?: string,
  authDate?: number,
): string;
/**
 * The Telegram client stand-in's source: an init script defining `window.TelegramWebviewProxy`,
 * recording on `window.__telegram` and answering through `window.Telegram.WebView.receiveEvent`.
 */
export declare function telegramStandInScript(options?: {
  /** The client's theme, its answer to `web_app_request_theme`; none by default. */
  themeParams?: Record<string, string>;
}): string;
/** The `#tgWebAppData=…` launch parameters Telegram puts in the opened page's address. */
export declare function launchHash(options?: {
  user?: StandInUser;
  themeParams?: Record<string, string>;
  /** The client's Bot API version; 8.0 when left out. */
  version?: string;
  /** The client's platform; android when left out. */
  platform?: string;
  /** When the initData was signed, in Unix seconds; now when left out. */
  authDate?: number;
}): string;
