import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { formatValidationIssueInEnglish } from '../texts';
import { ButtonFormDialog } from './button-form-dialog';
import { DEFAULT_BUTTON_GRID_EDITOR_LABELS } from './button-grid-editor-labels';

const meta = {
  title: 'UI/ButtonGridEditor/ButtonFormDialog',
  component: ButtonFormDialog,
  tags: ['visual'],
  args: {
    state: { mode: 'add' },
    rows: [[{ text: 'Website', type: 'Url', value: 'https://botdeck.example.com' }]],
    tier: 'free',
    options: { menus: ['prices', 'contacts'], questions: ['faq'], startPayloads: ['promo'] },
    labels: DEFAULT_BUTTON_GRID_EDITOR_LABELS,
    formatError: formatValidationIssueInEnglish,
    dir: undefined,
    onClose: fn(),
    onSave: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof ButtonFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding: an empty form that goes into the last row, and no Delete. */
export const Add: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Add button' });
    await expect(within(dialog).getByRole('combobox', { name: 'Row' })).toHaveTextContent('Row 1');
    await expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Editing: the button's fields filled in, and Delete offered. */
export const Edit: Story = {
  args: { state: { mode: 'edit', position: { row: 0, col: 0 } } },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit button' });
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Website');
    await expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://botdeck.example.com',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledWith({ row: 0, col: 0 });
  },
};
