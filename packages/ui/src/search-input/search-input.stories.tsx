import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchInput } from './search-input';

const meta = {
  title: 'UI/SearchInput',
  component: SearchInput,
  tags: ['visual'],
  args: { label: 'Search items', clearLabel: 'Clear search', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search items' });
    // Nothing to clear yet.
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
    await userEvent.type(input, 'cat');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('cat');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
  },
};

export const Playground: Story = { args: { defaultValue: 'sticker', placeholder: 'Search…' } };
