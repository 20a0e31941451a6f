import {
  fromWireButtons,
  type KeyboardButton,
  MAX_BUTTON_ROWS,
  MAX_BUTTONS_PER_ROW,
  toWireButtons,
} from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, type Mock, screen, userEvent, waitFor, within } from 'storybook/test';
import { ButtonGridEditor } from './button-grid-editor';
import type { ButtonGridEditorLabels } from './button-grid-editor-labels';

/** The dialog's code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

const meta = {
  title: 'UI/ButtonGridEditor/Features',
  component: ButtonGridEditor,
  tags: ['visual'],
  args: {
    defaultValue: [[{ text: 'Website', type: 'Url', value: 'https://botdeck.example.com' }]],
    tier: 'free',
    options: {
      menus: ['prices', 'contacts'],
      questions: ['faq', 'delivery'],
      startPayloads: ['promo'],
    },
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ButtonGridEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const TOO_MANY = "You added too many buttons. A single row can't have more than 7 buttons.";
const EMPTY = 'Please fill in the empty fields';

const url = (text: string): KeyboardButton => ({
  text,
  type: 'Url',
  value: `https://${text.toLowerCase()}.example.com`,
});
const row = (count: number, prefix: string): KeyboardButton[] =>
  Array.from({ length: count }, (_, index) => url(`${prefix}${index + 1}`));

/** Opens the add form from the editor's Add button. */
async function openAdd(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add button' }));
  return screen.findByRole('dialog', { name: 'Add button' }, FIRST_USE);
}

/** Picks an option of a select in the form; the list is portalled onto the body. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** The last rows the editor reported. */
const lastRows = (spy: unknown) => (spy as Mock).mock.lastCall?.[0] as KeyboardButton[][];

export const Empty: Story = {
  args: { defaultValue: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No buttons yet/)).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
    const dialog = await openAdd(canvasElement);
    // With no rows, the first button opens one.
    await expect(within(dialog).getByRole('combobox', { name: 'Row' })).toHaveTextContent(
      'New row',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Docs');
    await choose(dialog, 'Type', 'Url');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'URL' }),
      'https://docs.example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).toHaveBeenLastCalledWith([
      [{ text: 'Docs', type: 'Url', value: 'https://docs.example.com' }],
    ]);
    await expect(canvas.getByRole('grid', { name: 'Buttons' })).toBeVisible();
  },
};

export const FullGrid: Story = {
  args: {
    defaultValue: Array.from({ length: MAX_BUTTON_ROWS }, (_, index) =>
      row(MAX_BUTTONS_PER_ROW, `R${index + 1}.`),
    ),
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'One more');
    await choose(dialog, 'Type', 'Shop');
    // Nowhere has room, so no row is chosen for the user.
    const rowSelect = within(dialog).getByRole('combobox', { name: 'Row' });
    await expect(rowSelect).toHaveTextContent('Choose a row');
    await userEvent.click(rowSelect);
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(MAX_BUTTON_ROWS);
    // SPEC 5: with 10 rows the new-row option is hidden.
    await expect(within(listbox).queryByRole('option', { name: 'New row' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    for (let number = 1; number <= MAX_BUTTON_ROWS; number += 1) {
      await choose(dialog, 'Row', `Row ${number}`);
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(TOO_MANY);
      await expect(within(dialog).getByRole('combobox', { name: 'Row' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(screen.getByRole('dialog', { name: 'Add button' })).toBeVisible();
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const RowWithSix: Story = {
  args: { defaultValue: [row(6, 'A'), row(1, 'B')] },
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Seventh');
    await choose(dialog, 'Type', 'Shop');
    await choose(dialog, 'Row', 'Row 1');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = lastRows(args.onValueChange);
    await expect(rows[0]).toHaveLength(7);
    await expect(rows[0]?.[6]).toEqual({ text: 'Seventh', type: 'Shop', value: '' });
  },
};

export const RowWithSeven: Story = {
  args: { defaultValue: [row(7, 'A'), row(1, 'B')] },
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Eighth');
    await choose(dialog, 'Type', 'Shop');
    await choose(dialog, 'Row', 'Row 1');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(TOO_MANY);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // Everything typed stays; another row clears the error and saves.
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Eighth');
    await choose(dialog, 'Row', 'Row 2');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[1]).toHaveLength(2);
  },
};

export const EmptyFields: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.click(save);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(EMPTY);
    await expect(name).toHaveFocus();
    await userEvent.type(name, 'Docs');
    await userEvent.click(save);
    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    await expect(type).toHaveAttribute('aria-invalid', 'true');
    await expect(type).toHaveAccessibleDescription(EMPTY);
    await choose(dialog, 'Type', 'Share');
    await userEvent.click(save);
    const value = within(dialog).getByRole('textbox', { name: 'Text to share' });
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(EMPTY);
    // What was typed is kept.
    await expect(name).toHaveValue('Docs');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const UrlInvalidThenValid: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Site');
    await choose(dialog, 'Type', 'Url');
    const value = within(dialog).getByRole('textbox', { name: 'URL' });
    await userEvent.type(value, 'http://localhost');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The URL is invalid. Please enter a valid URL.',
    );
    await expect(value).toHaveValue('http://localhost');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.clear(value);
    await userEvent.type(value, 'https://shop.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]).toEqual({
      text: 'Site',
      type: 'Url',
      value: 'https://shop.example.com',
    });
  },
};

export const PopupLengthFree: Story = {
  args: { tier: 'free' },
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Info');
    await choose(dialog, 'Type', 'Popup');
    const value = within(dialog).getByRole('textbox', { name: 'Popup text' });
    await userEvent.click(value);
    await userEvent.paste('a'.repeat(64));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "The text can't be longer than 63 characters on your plan.",
    );
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.type(value, '{Backspace}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]?.value).toHaveLength(63);
  },
};

export const PopupLengthPro: Story = {
  args: { tier: 'pro' },
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Info');
    await choose(dialog, 'Type', 'Alert');
    const value = within(dialog).getByRole('textbox', { name: 'Alert text' });
    await userEvent.click(value);
    await userEvent.paste('a'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "The text can't be longer than 200 characters on your plan.",
    );
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.type(value, '{Backspace}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]?.value).toHaveLength(200);
  },
};

export const MenuFromOptions: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Prices');
    await choose(dialog, 'Type', 'Menu');
    // The value is one of the bot's menus, not free text.
    await expect(within(dialog).queryByRole('textbox', { name: 'Menu' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Menu' }));
    const listbox = await screen.findByRole('listbox');
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['prices', 'contacts']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'contacts' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]).toEqual({
      text: 'Prices',
      type: 'Menu',
      value: 'contacts',
    });
  },
};

export const QuestionFromOptions: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Delivery');
    await choose(dialog, 'Type', 'Question');
    await choose(dialog, 'Question', 'delivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]).toEqual({
      text: 'Delivery',
      type: 'Question',
      value: 'delivery',
    });
  },
};

export const StartPayloadFromOptions: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Promo');
    await choose(dialog, 'Type', 'Start Payload');
    await choose(dialog, 'Start payload', 'promo');
    await choose(dialog, 'Row', 'New row');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const rows = lastRows(args.onValueChange);
    await expect(rows[1]).toEqual([{ text: 'Promo', type: 'Start Payload', value: 'promo' }]);
    await expect(toWireButtons(rows, 'shop_bot')[1]).toEqual({
      text: 'Promo',
      type: 'Url',
      value: 'https://t.me/shop_bot?start=sp-promo',
      row: 1,
    });
  },
};

export const ShopWithoutValue: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Shop');
    await choose(dialog, 'Type', 'Shop');
    // Shop has nothing to point at: no value field at all.
    await expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)[0]?.[1]).toEqual({
      text: 'Shop',
      type: 'Shop',
      value: '',
    });
  },
};

export const ForbiddenCharacters: Story = {
  args: {
    // Items made before the rule existed can still carry a separator.
    options: { menus: ['main-menu'], questions: ['faq&more'], startPayloads: [] },
  },
  play: async ({ args, canvasElement }) => {
    const forbidden = "The value can't contain &, : or -.";
    for (const [type, text] of [
      ['Popup', 'Hi: there'],
      ['Alert', 'Rock & roll'],
    ] as const) {
      const dialog = await openAdd(canvasElement);
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), type);
      await choose(dialog, 'Type', type);
      await userEvent.type(within(dialog).getByRole('textbox', { name: `${type} text` }), text);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(forbidden);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    for (const [type, item] of [
      ['Menu', 'main-menu'],
      ['Question', 'faq&more'],
    ] as const) {
      const dialog = await openAdd(canvasElement);
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), type);
      await choose(dialog, 'Type', type);
      await choose(dialog, type, item);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await expect(within(dialog).getByRole('alert')).toHaveTextContent(forbidden);
      await expect(within(dialog).getByRole('combobox', { name: type })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const ReorderByKeyboard: Story = {
  args: {
    defaultValue: [[url('A'), url('B')], [url('C')]],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const texts = () => lastRows(args.onValueChange).map((r) => r.map((b) => b.text));
    // Tab enters the grid at one chip; the arrows move the focus only.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'A' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'B' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: 'C' })).toHaveFocus();
    // Up from C (first in its row) lands on the first button above, A.
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('button', { name: 'A' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('button', { name: 'B' })).toHaveFocus();
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // Then Tab reaches the Move buttons for B: down into row 2.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Move left' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Move down' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(texts()).toEqual([['A'], ['C', 'B']]);
    // Within the row: B goes before C.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Move left' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(texts()).toEqual([['A'], ['B', 'C']]);
    // B is now first in its row, so Move left refuses.
    await expect(canvas.getByRole('button', { name: 'Move left' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Back in the grid, the tab stop followed B.
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'B' })).toHaveFocus();
    await expect(canvas.getByRole('group', { name: 'Button B' })).toBeVisible();
  },
};

export const Delete: Story = {
  args: {
    defaultValue: [[url('A'), url('B')], [url('C')]],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    await expect(lastRows(args.onValueChange)).toEqual([[url('A')], [url('C')]]);
    // The form deletes too; an emptied row goes with its last button.
    await userEvent.click(canvas.getByRole('button', { name: 'C' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit button' }, FIRST_USE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastRows(args.onValueChange)).toEqual([[url('A')]]);
    await expect(within(canvas.getByRole('grid')).getAllByRole('row')).toHaveLength(1);
  },
};

export const StartPayloadRoundTrip: Story = {
  args: {
    defaultValue: fromWireButtons(
      [
        { text: 'Promo', type: 'Url', value: 'https://t.me/shop_bot?start=sp-promo', row: 0 },
        { text: 'Other bot', type: 'Url', value: 'https://t.me/other_bot?start=sp-promo', row: 0 },
      ],
      'shop_bot',
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Promo' })).toHaveAccessibleDescription(
      'Start Payload',
    );
    await expect(canvas.getByRole('button', { name: 'Other bot' })).toHaveAccessibleDescription(
      'Url',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Promo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit button' }, FIRST_USE);
    await expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent(
      'Start Payload',
    );
    await expect(within(dialog).getByRole('combobox', { name: 'Start payload' })).toHaveTextContent(
      'promo',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(toWireButtons(lastRows(args.onValueChange), 'shop_bot')).toEqual([
      { text: 'Promo', type: 'Url', value: 'https://t.me/shop_bot?start=sp-promo', row: 0 },
      { text: 'Other bot', type: 'Url', value: 'https://t.me/other_bot?start=sp-promo', row: 0 },
    ]);
  },
};

const ARABIC: Partial<ButtonGridEditorLabels> = {
  grid: 'الأزرار',
  empty: 'لا توجد أزرار بعد.',
  addButton: 'إضافة زر',
  addTitle: 'إضافة زر',
  editTitle: 'تعديل الزر',
  formDescription: 'سمِّ الزر واختر ما يفعله والصف الذي يوضع فيه.',
  name: 'الاسم',
  type: 'النوع',
  typePlaceholder: 'اختر نوعًا',
  types: {
    Url: 'رابط',
    Popup: 'نافذة منبثقة',
    Alert: 'تنبيه',
    Menu: 'قائمة',
    Question: 'سؤال',
    Share: 'مشاركة',
    Shop: 'متجر',
    'Start Payload': 'حمولة البدء',
  },
  values: {
    Url: 'الرابط',
    Popup: 'نص النافذة',
    Alert: 'نص التنبيه',
    Menu: 'القائمة',
    Question: 'السؤال',
    Share: 'نص المشاركة',
    'Start Payload': 'حمولة البدء',
  },
  valuePlaceholder: 'اختر',
  row: 'الصف',
  rowPlaceholder: 'اختر صفًا',
  rowNumber: (number) => `الصف ${number}`,
  newRow: 'صف جديد',
  save: 'حفظ',
  cancel: 'إلغاء',
  close: 'إغلاق',
  delete: 'حذف',
  moveStart: 'نقل لليمين',
  moveEnd: 'نقل لليسار',
  moveUp: 'نقل لأعلى',
  moveDown: 'نقل لأسفل',
  selected: (text) => `الزر ${text}`,
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    dir: 'rtl',
    labels: ARABIC,
    defaultValue: [
      [
        { text: 'الموقع', type: 'Url', value: 'https://botdeck.example.com' },
        { text: 'الأسعار', type: 'Menu', value: 'prices' },
      ],
      [{ text: 'المتجر', type: 'Shop', value: '' }],
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('button', { name: 'الموقع' });
    const second = canvas.getByRole('button', { name: 'الأسعار' });
    // The row reads from the right: the first button sits right of the second.
    await expect(first.getBoundingClientRect().left).toBeGreaterThan(
      second.getBoundingClientRect().left,
    );
    // And the arrow keys follow what the eye sees.
    await userEvent.tab();
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(second).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(first).toHaveFocus();
    await expect(canvas.getByRole('group', { name: 'الزر الموقع' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    defaultValue: [
      [url('Website'), { text: 'Prices', type: 'Menu', value: 'prices' }],
      [{ text: 'Shop', type: 'Shop', value: '' }],
    ],
  },
};
