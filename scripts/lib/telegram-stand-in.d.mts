export declare const DEV_BOT_TOKEN: string;
export declare const DEMO_USER: {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  language_code: string;
};
export declare function signedInitData(
  user?: typeof DEMO_USER,
  botToken?: string,
  authDate?: number,
): string;
export declare function telegramStandInScript(options?: {
  user?: typeof DEMO_USER;
  colorScheme?: 'light' | 'dark';
}): string;
