import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { DEFAULT_BUTTON_GRID_EDITOR_LABELS } from './button-grid-editor-labels';
import { ButtonValueField } from './button-value-field';

const meta = {
  title: 'UI/ButtonGridEditor/ButtonValueField',
  component: ButtonValueField,
  tags: ['visual'],
  args: {
    id: 'button-value',
    type: 'Popup',
    value: 'Thanks for asking!',
    error: undefined,
    tier: 'free',
    options: { menus: ['prices', 'contacts'], questions: ['faq'], startPayloads: ['promo'] },
    labels: DEFAULT_BUTTON_GRID_EDITOR_LABELS,
    dir: undefined,
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ButtonValueField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A typed value: Popup and Alert texts count against the plan's popup length. */
export const Typed: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox', { name: 'Popup text' });
    await expect(field).toHaveValue('Thanks for asking!');
    await expect(within(canvasElement).getByText('18/63')).toBeVisible();
  },
};

/** A picked value: a Menu button points at one of the bot's menus. */
export const Picked: Story = {
  args: { type: 'Menu', value: '' },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Menu' }));
    await userEvent.click(await screen.findByRole('option', { name: 'contacts' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('contacts');
  },
};
