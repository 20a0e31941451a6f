import type { ValidationIssue } from './issue';

/**
 * A Telegram public username: a letter, then letters, digits or underscores, 4 to 32 in all
 * (collectible names from Fragment go down to 4). Whether it exists is the server's to say.
 */
const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
const PUBLIC_LINK = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/([^/?#]+)\/?$/i;

/**
 * The channel or group as '@name' (the form Telegram's getChat takes), from '@name', 'name',
 * 't.me/name' or 'https://t.me/name'; null for anything else. Private invite links
 * ('t.me/+...') are refused: the bot cannot look a chat up by one.
 */
export function normalizeJoinRequirement(input: string): string | null {
  const value = input.trim();
  const name = PUBLIC_LINK.exec(value)?.[1] ?? (value.startsWith('@') ? value.slice(1) : value);
  return USERNAME.test(name) ? `@${name}` : null;
}

export function validateJoinRequirement(input: string): ValidationIssue | null {
  if (!input.trim()) return { key: 'validation.joinRequirement.required' };
  if (normalizeJoinRequirement(input) === null)
    return { key: 'validation.joinRequirement.invalid' };
  return null;
}
