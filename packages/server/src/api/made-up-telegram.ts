import { BOTDECK_BOT_USERNAME } from '../seed';
import type { BotIdentity, TelegramPort } from './telegram-port';

/**
 * Telegram for a backend that runs no bot (Storybook through MSW, the handlers' tests): getMe
 * answers for any well-formed token with a name made up from the token itself, the same one
 * each time, and nothing runs.
 */

const NAME_WORDS = [
  ['Sunny', 'Swift', 'Clever', 'Lucky', 'Brave', 'Quiet', 'Happy', 'Bright', 'Cosmic', 'Golden'],
  ['Helper', 'Courier', 'Butler', 'Scout', 'Parrot', 'Otter', 'Robot', 'Owl', 'Fox', 'Beacon'],
] as const;

/** FNV-1a: a stable hash, so the same token always names the same bot. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The name and username this stand-in reports for a token, made up from the token itself. */
export function botIdentityFromToken(token: string): BotIdentity {
  const h = hash(token);
  const adjective = NAME_WORDS[0][h % NAME_WORDS[0].length] as string;
  const noun = NAME_WORDS[1][(h >>> 8) % NAME_WORDS[1].length] as string;
  const digits = (token.split(':')[0] ?? '').slice(-4);
  return {
    telegram_id: Number(token.split(':')[0]),
    name: `${adjective} ${noun}`,
    username: `${adjective}_${noun}_${digits}_bot`.toLowerCase(),
  };
}

/** "my_news_channel" -> "My News Channel": what getChat calls a channel here. */
function titleFromUsername(username: string): string {
  return username
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * No bot runs here, so nobody else could pay: an invoice's link names its payload, which the
 * development stand-in that plays Telegram's payment (`/dev/pay-invoice`) reads back.
 */
const madeUpInvoiceLink = (payload: string) => `https://t.me/$${payload}`;

export const madeUpTelegram: TelegramPort = {
  identify: async (token) => botIdentityFromToken(token),
  // The development seed's name for Botdeck's bot (no bot runs to ask).
  botdeckUsername: async () => BOTDECK_BOT_USERNAME,
  // A link of its own per plan (the development stand-in, /dev/pay-invoice, pays it).
  planInvoiceLink: async (invoice) =>
    `https://t.me/$botdeck-${invoice.payload.replaceAll(':', '-')}`,
  botChanged: async () => {},
  // Any name with "missing" in it is a chat Telegram does not know (the stories' failure);
  // one with "noadmin" is a chat the bot cannot check (kept, not active).
  requiredChat: async (_botId, username) =>
    username.toLowerCase().includes('missing')
      ? null
      : {
          name: titleFromUsername(username),
          username,
          photo: null,
          botCanCheck: !username.toLowerCase().includes('noadmin'),
        },
  shopInvoiceLink: async (_botId, invoice) => madeUpInvoiceLink(invoice.payload),
  refundStarPayment: async () => 'refunded',
};
