import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ButtonGridEditor } from './button-grid-editor';

/** The dialog's code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

const meta = {
  title: 'UI/ButtonGridEditor',
  component: ButtonGridEditor,
  tags: ['visual'],
  args: {
    defaultValue: [
      [
        { text: 'Website', type: 'Url', value: 'https://botdeck.example.com' },
        { text: 'Prices', type: 'Menu', value: 'prices' },
      ],
      [
        { text: 'Help', type: 'Question', value: 'faq' },
        { text: 'Tell a friend', type: 'Share', value: 'Try this bot!' },
        { text: 'Shop', type: 'Shop', value: '' },
      ],
    ],
    tier: 'free',
    options: { menus: ['prices', 'contacts'], questions: ['faq'], startPayloads: ['promo'] },
    onValueChange: fn(),
  },
  argTypes: {
    tier: { control: 'inline-radio', options: ['free', 'standard', 'pro', 'proPlus'] },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
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

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Buttons' });
    await expect(within(grid).getAllByRole('row')).toHaveLength(2);
    // One tab stop for the whole grid: the first chip.
    await userEvent.tab();
    const website = canvas.getByRole('button', { name: 'Website' });
    await expect(website).toHaveFocus();
    await expect(website).toHaveAccessibleDescription('Url');
    await expect(canvas.getByRole('group', { name: 'Button Website' })).toBeVisible();
    // Enter opens the chip's form with its fields filled.
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit button' }, FIRST_USE);
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Website');
    await expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveTextContent('Url');
    await expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveValue(
      'https://botdeck.example.com',
    );
    await expect(within(dialog).getByRole('combobox', { name: 'Row' })).toHaveTextContent('Row 1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(website).toHaveFocus();
  },
};

export const Playground: Story = {
  args: { tier: 'pro' },
};
