import type { ButtonType } from '@botdeck/core';

/** The bot's items that Menu, Question and Start Payload buttons point at, by name. */
export interface ButtonGridEditorOptions {
  /** The bot's menus. */
  menus: readonly string[];
  /** The bot's Q&A questions. */
  questions: readonly string[];
  /** The bot's start payloads. */
  startPayloads: readonly string[];
  /**
   * Items of each list past the bot's plan (core's `namesByLock`): shown in the list, disabled
   * and saying why (`lockedValue`), since a button pointing at one would get the lock text.
   */
  locked?: Partial<Record<ButtonValueList, readonly string[]>>;
}

/** The lists of the bot's items a button's value is picked from. */
export type ButtonValueList = 'menus' | 'questions' | 'startPayloads';

/** Every visible text of the editor; ui reads no locale file, so the app passes its own. */
export interface ButtonGridEditorLabels {
  /** The grid's accessible name. */
  grid: string;
  /** Shown instead of the grid while the message has no buttons. */
  empty: string;
  /** The button that opens the form for a new button. */
  addButton: string;
  /** The form's title when adding. */
  addTitle: string;
  /** The form's title when editing. */
  editTitle: string;
  /** The form's description, read when it opens. */
  formDescription: string;
  /** The name field's label. */
  name: string;
  /** The type select's label. */
  type: string;
  /** The type select's text while no type is chosen. */
  typePlaceholder: string;
  /** The name of each button type, in the type select and on the chips. */
  types: Record<ButtonType, string>;
  /** The value field's label for each type that has one (Shop has none). */
  values: Record<Exclude<ButtonType, 'Shop'>, string>;
  /** The value select's text while none of the bot's items is chosen. */
  valuePlaceholder: string;
  /** A locked item in the value select, disabled: its name and why it cannot be picked. */
  lockedValue: (name: string) => string;
  /** The row select's label. */
  row: string;
  /** The row select's text while no row is chosen. */
  rowPlaceholder: string;
  /** An existing row in the row select and the grid, counted from 1. */
  rowNumber: (number: number) => string;
  /** The row select's option that opens a new row at the end. */
  newRow: string;
  /** The form's save button. */
  save: string;
  /** The form's cancel button. */
  cancel: string;
  /** The form's × button. */
  close: string;
  /** Deletes a button, in the form and beside the grid. */
  delete: string;
  /** Moves the selected button one place towards the row's start (left; right in Arabic). */
  moveStart: string;
  /** Moves the selected button one place towards the row's end (right; left in Arabic). */
  moveEnd: string;
  /** Moves the selected button into the row above. */
  moveUp: string;
  /** Moves the selected button into the row below. */
  moveDown: string;
  /** Names the group of controls acting on the selected button. */
  selected: (text: string) => string;
  /** Said when the form's code could not be fetched (the connection dropped); a tap tries again. */
  loadFailed: string;
}

export const DEFAULT_BUTTON_GRID_EDITOR_LABELS: ButtonGridEditorLabels = {
  grid: 'Buttons',
  empty: 'No buttons yet. Add one to show it under the message.',
  addButton: 'Add button',
  addTitle: 'Add button',
  editTitle: 'Edit button',
  formDescription: 'Name the button, choose what it does and the row it goes in.',
  name: 'Name',
  type: 'Type',
  typePlaceholder: 'Choose a type',
  types: {
    Url: 'Url',
    Popup: 'Popup',
    Alert: 'Alert',
    Menu: 'Menu',
    Question: 'Question',
    Share: 'Share',
    Shop: 'Shop',
    'Start Payload': 'Start Payload',
  },
  values: {
    Url: 'URL',
    Popup: 'Popup text',
    Alert: 'Alert text',
    Menu: 'Menu',
    Question: 'Question',
    Share: 'Text to share',
    'Start Payload': 'Start payload',
  },
  valuePlaceholder: 'Choose one',
  lockedValue: (name) => `${name} (not in your plan)`,
  row: 'Row',
  rowPlaceholder: 'Choose a row',
  rowNumber: (number) => `Row ${number}`,
  newRow: 'New row',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  delete: 'Delete',
  moveStart: 'Move left',
  moveEnd: 'Move right',
  moveUp: 'Move up',
  moveDown: 'Move down',
  selected: (text) => `Button ${text}`,
  loadFailed: 'An error occurred, try again',
};
