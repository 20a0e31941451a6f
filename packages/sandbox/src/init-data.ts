import { createHash, createHmac, createPrivateKey, sign } from 'node:crypto';
import type { User } from '@grammyjs/types';

/**
 * initData as a Telegram client hands it to a Mini App opened from a bot's button
 * (core.telegram.org/bots/webapps): the fields, an Ed25519 `signature` over
 * "<bot_id>:WebAppData\n" and the sorted fields (Telegram's key in real life; a development key
 * here, whose public half the server is told), then `hash`, the HMAC-SHA256 of every other field
 * (signature included) under HMAC_SHA256("WebAppData", bot token).
 */

/**
 * DEVELOPMENT ONLY: the Ed25519 seed the sandbox signs `signature` with, standing in for
 * Telegram's private key. Public, so a signature made with it proves nothing outside
 * development. It is the same development key Botdeck's emulator uses, so the development
 * server checks both alike.
 */
export const SANDBOX_INIT_DATA_PRIVATE_KEY =
  '3482be955422278f2d18c8aa8c50669d298bfa334c48c3a75a87f156a566fea5';

/** The public half of {@link SANDBOX_INIT_DATA_PRIVATE_KEY}, hex. */
export const SANDBOX_INIT_DATA_PUBLIC_KEY =
  '3f6d5c15c18b559fe84622ac2b50d8d995433e7825d36746001ee1f5e47b44f7';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function sortedLines(fields: Record<string, string>, leaveOut: readonly string[]): string {
  return Object.keys(fields)
    .filter((key) => !leaveOut.includes(key))
    .sort()
    .map((key) => `${key}=${fields[key] ?? ''}`)
    .join('\n');
}

export interface InitDataInput {
  botId: number;
  botToken: string;
  user: User;
  authDate: number;
  /** The chat the button was pressed in. */
  chatType: 'sender' | 'private' | 'group' | 'supergroup';
  chatInstance: string;
  queryId?: string;
  startParam?: string;
  /** Ed25519 seed (hex) for `signature`; null leaves it out (clients before Bot API 8.0). */
  privateKey: string | null;
}

/** The signed initData query string. */
export function signInitData(input: InitDataInput): string {
  const user: Record<string, unknown> = { id: input.user.id, first_name: input.user.first_name };
  if (input.user.last_name) user.last_name = input.user.last_name;
  if (input.user.username) user.username = input.user.username;
  if (input.user.language_code) user.language_code = input.user.language_code;
  if (input.user.is_premium) user.is_premium = true;
  user.allows_write_to_pm = true;

  const fields: Record<string, string> = {};
  if (input.queryId) fields.query_id = input.queryId;
  fields.user = JSON.stringify(user);
  fields.chat_instance = input.chatInstance;
  fields.chat_type = input.chatType;
  if (input.startParam) fields.start_param = input.startParam;
  fields.auth_date = String(input.authDate);

  if (input.privateKey) {
    const key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(input.privateKey, 'hex')]),
      format: 'der',
      type: 'pkcs8',
    });
    const message = `${input.botId}:WebAppData\n${sortedLines(fields, ['hash', 'signature'])}`;
    fields.signature = sign(null, Buffer.from(message), key).toString('base64url');
  }
  const secret = createHmac('sha256', 'WebAppData').update(input.botToken).digest();
  const hash = createHmac('sha256', secret)
    .update(sortedLines(fields, ['hash']))
    .digest('hex');
  return [...Object.entries(fields), ['hash', hash] as const]
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

/** The light theme a Telegram client passes a Mini App. */
const THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
};

/** The address a client opens for a web_app button: the page with its launch parameters. */
export function webAppUrl(pageUrl: string, initData: string): string {
  const [base] = pageUrl.split('#');
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'unknown',
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  return `${base}#${launch.toString()}`;
}

/** A stable chat_instance for a chat, as Telegram gives one per chat. */
export function chatInstanceOf(chatKey: string): string {
  return BigInt(`0x${createHash('sha256').update(chatKey).digest('hex').slice(0, 15)}`).toString();
}
