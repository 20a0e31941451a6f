/**
 * Button types as the editor offers them, spelled as the spec names them. All but
 * 'Start Payload' are also the wire strings; a Start Payload button travels as a Url to
 * the bot's start link (see encodeButton), so the wire never carries 'Start Payload'.
 */
export const BUTTON_TYPES = [
  'Url',
  'Popup',
  'Alert',
  'Menu',
  'Question',
  'Share',
  'Shop',
  'Start Payload',
] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

export const WIRE_BUTTON_TYPES = [
  'Url',
  'Popup',
  'Alert',
  'Menu',
  'Question',
  'Share',
  'Shop',
] as const satisfies readonly ButtonType[];
export type WireButtonType = (typeof WIRE_BUTTON_TYPES)[number];

export const BUTTON_TYPE_LABEL_KEYS = {
  Url: 'buttonTypes.url',
  Popup: 'buttonTypes.popup',
  Alert: 'buttonTypes.alert',
  Menu: 'buttonTypes.menu',
  Question: 'buttonTypes.question',
  Share: 'buttonTypes.share',
  Shop: 'buttonTypes.shop',
  'Start Payload': 'buttonTypes.startPayload',
} as const satisfies Record<ButtonType, string>;

export function isButtonType(value: string): value is ButtonType {
  return (BUTTON_TYPES as readonly string[]).includes(value);
}

/** Start payloads are deep links: `sp-` keeps them apart from other start parameters. */
const START_PAYLOAD_PREFIX = 'sp-';
const START_PAYLOAD_LINK = /^https:\/\/t\.me\/([A-Za-z0-9_]+)\?start=sp-([A-Za-z0-9_]+)$/;

export function encodeStartPayloadButton(
  botUsername: string,
  name: string,
): { type: 'Url'; value: string } {
  return {
    type: 'Url',
    value: `https://t.me/${botUsername}?start=${START_PAYLOAD_PREFIX}${name}`,
  };
}

/** A button as the editor holds it: its type and value, plus whatever else it carries. */
export interface TypedButton {
  type: ButtonType;
  value: string;
}

/** Editor form to wire form: a Start Payload button becomes a Url to the bot's start link. */
export function encodeButton<B extends TypedButton>(
  button: B,
  botUsername: string,
): Omit<B, 'type' | 'value'> & { type: WireButtonType; value: string } {
  if (button.type !== 'Start Payload') return { ...button, type: button.type };
  return { ...button, ...encodeStartPayloadButton(botUsername, button.value) };
}

/**
 * Wire form to editor form: a Url to this bot's own start link with an `sp-` payload is shown
 * as a Start Payload button again. A link to another bot's payload stays a plain Url.
 */
export function decodeButton<B extends { type: WireButtonType; value: string }>(
  button: B,
  botUsername: string,
): Omit<B, 'type' | 'value'> & TypedButton {
  const match = button.type === 'Url' ? START_PAYLOAD_LINK.exec(button.value) : null;
  // Telegram usernames are case-insensitive, so a link typed as @MyBot still points here.
  if (match?.[1] && match[2] && match[1].toLowerCase() === botUsername.toLowerCase()) {
    return { ...button, type: 'Start Payload', value: match[2] };
  }
  return button;
}
