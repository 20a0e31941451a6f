/**
 * Telegram's share link (https://core.telegram.org/widgets/share#custom-buttons): opened inside
 * Telegram (openTelegramLink), it asks the person for a chat and puts `url` there with `text`,
 * which they can still edit before sending. Both values are URL-encoded, as Telegram asks.
 * Unlike `shareMessage` (Bot API 8.0) it needs nothing from the bot and works on every client.
 */
export function telegramShareLink(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** A public chat's own link, as a join button opens it: `https://t.me/<username>`. */
const CHAT_LINK = /^https:\/\/t\.me\/([A-Za-z0-9_]+)\/?$/i;

/**
 * The username (lower case, as Telegram matches them) of the public chat a link opens, or null
 * for any other link: one with a path or a query (a start link, a message, the share page).
 */
export function chatLinkUsername(url: string): string | null {
  return CHAT_LINK.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * A bot's start link, as Telegram's client follows it (core.telegram.org/api/links#bot-links):
 * `https://t.me/<bot>?start=<payload>`, the payload up to 64 of A-Z, a-z, 0-9, "_" and "-".
 */
const START_LINK = /^https:\/\/t\.me\/([A-Za-z0-9_]+)\?start=([A-Za-z0-9_-]{0,64})$/i;

/**
 * Whether `url` is a start link of the bot `@username` (matched in any case, as Telegram matches
 * usernames): the test drive follows those, as the client would, and no other address.
 */
export function isStartLinkOf(url: string, username: string): boolean {
  const bot = START_LINK.exec(url)?.[1];
  return bot !== undefined && bot.toLowerCase() === username.toLowerCase();
}
