/**
 * What the bot's inline buttons carry back when pressed (`callback_data`, at most 64 bytes).
 * Buttons name list items by their id, never by position: deleting or adding another item
 * shifts positions, and a button sent last week must still open the menu it showed. A popup
 * or alert names where its text is stored (the set, the message, the button), so the text is
 * read when pressed and no long text has to fit into 64 bytes.
 */

/** Where a message set lives: the start message, or a list item by id. */
export type SetRef = { kind: 'start' } | { kind: 'item'; id: number };

export type CallbackAction =
  /** A Menu button: send that menu's messages. */
  | { kind: 'menu'; id: number }
  /** A Question button: start that Q&A. */
  | { kind: 'question'; id: number }
  /** A Popup or Alert button: the text is the stored button's value. */
  | { kind: 'popup'; set: SetRef; message: number; button: number }
  /** Join requirements: check the memberships again. */
  | { kind: 'checkJoined' };

const ID = '(\\d{1,15})';
const PATTERNS: Array<[RegExp, (match: RegExpExecArray) => CallbackAction]> = [
  [new RegExp(`^m${ID}$`), (m) => ({ kind: 'menu', id: Number(m[1]) })],
  [new RegExp(`^q${ID}$`), (m) => ({ kind: 'question', id: Number(m[1]) })],
  [
    new RegExp(`^p(s|${ID})\\.(\\d{1,3})\\.(\\d{1,3})$`),
    (m) => ({
      kind: 'popup',
      set: m[1] === 's' ? { kind: 'start' } : { kind: 'item', id: Number(m[2]) },
      message: Number(m[3]),
      button: Number(m[4]),
    }),
  ],
  [/^j$/, () => ({ kind: 'checkJoined' })],
];

export function encodeCallback(action: CallbackAction): string {
  switch (action.kind) {
    case 'menu':
      return `m${action.id}`;
    case 'question':
      return `q${action.id}`;
    case 'popup':
      return `p${action.set.kind === 'start' ? 's' : action.set.id}.${action.message}.${action.button}`;
    case 'checkJoined':
      return 'j';
    default:
      return action satisfies never;
  }
}

/** The action a button's data names, or null for data this runtime never sent. */
export function decodeCallback(data: string): CallbackAction | null {
  for (const [pattern, build] of PATTERNS) {
    const match = pattern.exec(data);
    if (match) return build(match);
  }
  return null;
}
