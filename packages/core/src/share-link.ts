/**
 * Telegram's share link (https://core.telegram.org/widgets/share#custom-buttons): opened inside
 * Telegram (openTelegramLink), it asks the person for a chat and puts `url` there with `text`,
 * which they can still edit before sending. Both values are URL-encoded, as Telegram asks.
 * Unlike `shareMessage` (Bot API 8.0) it needs nothing from the bot and works on every client.
 */
export function telegramShareLink(url: string, text: string): string {
  return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}
