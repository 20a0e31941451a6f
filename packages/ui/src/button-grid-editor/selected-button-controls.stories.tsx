import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DEFAULT_BUTTON_GRID_EDITOR_LABELS } from './button-grid-editor-labels';
import { SelectedButtonControls } from './selected-button-controls';

const meta = {
  title: 'UI/ButtonGridEditor/SelectedButtonControls',
  component: SelectedButtonControls,
  tags: ['visual'],
  args: {
    rows: [
      [
        { text: 'Website', type: 'Url', value: 'https://botdeck.example.com' },
        { text: 'Prices', type: 'Menu', value: 'prices' },
      ],
    ],
    position: { row: 0, col: 0 },
    labels: DEFAULT_BUTTON_GRID_EDITOR_LABELS,
    onMove: fn(),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SelectedButtonControls>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Button Website' });
    // The first of its row cannot go further left; it can go right and open a row below.
    const left = within(group).getByRole('button', { name: 'Move left' });
    await expect(left).toHaveAttribute('aria-disabled', 'true');
    await expect(within(group).getByRole('button', { name: 'Move right' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await expect(within(group).getByRole('button', { name: 'Move down' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Move right' }));
    await expect(args.onMove).toHaveBeenCalledWith('end');
    await userEvent.click(within(group).getByRole('button', { name: 'Delete' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};
