import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ButtonChipGrid } from './button-chip-grid';
import { DEFAULT_BUTTON_GRID_EDITOR_LABELS } from './button-grid-editor-labels';
import type { GridPosition } from './grid';

const meta = {
  title: 'UI/ButtonGridEditor/ButtonChipGrid',
  component: ButtonChipGrid,
  tags: ['visual'],
  args: {
    rows: [
      [
        { text: 'Website', type: 'Url', value: 'https://botdeck.example.com' },
        { text: 'Prices', type: 'Menu', value: 'prices' },
      ],
      [
        { text: 'Help', type: 'Question', value: 'faq' },
        { text: 'Promo', type: 'Start Payload', value: 'promo' },
        { text: 'Shop', type: 'Shop', value: '' },
      ],
    ],
    active: { row: 0, col: 0 },
    labels: DEFAULT_BUTTON_GRID_EDITOR_LABELS,
    onActiveChange: fn(),
    onOpen: fn(),
  },
  // The grid's one tab stop follows the focus, as the editor keeps it.
  render: function Render(args) {
    const [active, setActive] = useState<GridPosition | null>(args.active);
    return (
      <ButtonChipGrid
        {...args}
        active={active}
        onActiveChange={(position) => {
          setActive(position);
          args.onActiveChange(position);
        }}
      />
    );
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ButtonChipGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = canvas.getByRole('grid', { name: 'Buttons' });
    await expect(within(grid).getAllByRole('row')).toHaveLength(2);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Website' })).toHaveFocus();
    // Down keeps the column; End goes to the row's end.
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: 'Help' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('button', { name: 'Shop' })).toHaveFocus();
    await expect(args.onActiveChange).toHaveBeenLastCalledWith({ row: 1, col: 2 });
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith({ row: 1, col: 2 });
  },
};
