interface StandInUser {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  language_code: string;
}
export declare function telegramStandInScript(options?: {
  user?: StandInUser;
  colorScheme?: 'light' | 'dark';
}): string;
