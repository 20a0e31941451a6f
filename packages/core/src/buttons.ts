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

/**
 * One button of a message's inline keyboard, as Botdeck edits it: the one keyboard-button
 * type. The button grid, the preview and the message editor hold these as they are; every
 * other shape of a button is derived from it and says so:
 * - {@link WireKeyboardButton}: as the HTTP contract carries it (api's `messageButton` schema
 *   is checked against it);
 * - {@link KeyboardButtonForm} (validation/button.ts): as the add/edit form holds it before a
 *   type is chosen, the shape `validateButton` checks;
 * - the message editor's stored draft in the app (message-draft.ts), checked against it.
 */
export interface KeyboardButton {
  /** The button's name, shown on it in the chat. */
  text: string;
  /** What pressing it does; Start Payload is a type of its own here. */
  type: ButtonType;
  /** The URL, popup text, menu name… of the type; empty for Shop. */
  value: string;
}

/** A message's inline keyboard: its rows top to bottom, each start to end. */
export type KeyboardRows = readonly (readonly KeyboardButton[])[];

/**
 * A keyboard button as the API sends and takes it: one flat list, each button with its
 * zero-based row, and a Start Payload button sent as a Url to the bot's start link.
 */
export interface WireKeyboardButton extends Omit<KeyboardButton, 'type'> {
  type: WireButtonType;
  /** Zero-based row the button sits in. */
  row: number;
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

/**
 * Edited form to wire form: a Start Payload button becomes a Url to the bot's start link.
 * Whatever else the button carries (its text, its row) passes through.
 */
export function encodeButton<B extends Pick<KeyboardButton, 'type' | 'value'>>(
  button: B,
  botUsername: string,
): Omit<B, 'type' | 'value'> & Pick<WireKeyboardButton, 'type' | 'value'> {
  if (button.type !== 'Start Payload') return { ...button, type: button.type };
  return { ...button, ...encodeStartPayloadButton(botUsername, button.value) };
}

/**
 * Wire form to edited form: a Url to this bot's own start link with an `sp-` payload is shown
 * as a Start Payload button again. A link to another bot's payload stays a plain Url.
 */
export function decodeButton<B extends Pick<WireKeyboardButton, 'type' | 'value'>>(
  button: B,
  botUsername: string,
): Omit<B, 'type' | 'value'> & Pick<KeyboardButton, 'type' | 'value'> {
  const match = button.type === 'Url' ? START_PAYLOAD_LINK.exec(button.value) : null;
  // Telegram usernames are case-insensitive, so a link typed as @MyBot still points here.
  if (match?.[1] && match[2] && match[1].toLowerCase() === botUsername.toLowerCase()) {
    return { ...button, type: 'Start Payload', value: match[2] };
  }
  return button;
}

/**
 * Keyboard rows to the API's flat list. Start Payload buttons become Url start links of the
 * bot (encodeButton); empty rows are skipped, so row numbers have no gaps.
 */
export function toWireButtons(rows: KeyboardRows, botUsername: string): WireKeyboardButton[] {
  const result: WireKeyboardButton[] = [];
  let row = 0;
  for (const buttons of rows) {
    if (buttons.length === 0) continue;
    for (const button of buttons) {
      const { text, type, value } = encodeButton(button, botUsername);
      result.push({ text, value, type, row });
    }
    row += 1;
  }
  return result;
}

/**
 * The API's flat list to keyboard rows: grouped by `row` in ascending order (gaps closed), list
 * order kept within a row, and links to this bot's `sp-` start payloads shown as Start Payload.
 */
export function fromWireButtons(
  buttons: readonly WireKeyboardButton[],
  botUsername: string,
): KeyboardButton[][] {
  const byRow = new Map<number, KeyboardButton[]>();
  for (const button of buttons) {
    const { text, type, value } = decodeButton(button, botUsername);
    const row = byRow.get(button.row);
    if (row) row.push({ text, type, value });
    else byRow.set(button.row, [{ text, type, value }]);
  }
  return [...byRow.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}
