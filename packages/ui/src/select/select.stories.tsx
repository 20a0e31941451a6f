import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './select';

const CATEGORIES = [
  { value: 'stickers', label: 'Stickers' },
  { value: 'wallpapers', label: 'Wallpapers' },
  { value: 'courses', label: 'Courses' },
  { value: '__add', label: 'Add category' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  tags: ['visual'],
  args: {
    label: 'Category',
    placeholder: 'Choose a category',
    options: CATEGORIES,
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Category' });
    await expect(trigger).toHaveTextContent('Choose a category');
    await userEvent.click(trigger);
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Wallpapers' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveTextContent('Wallpapers');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('wallpapers');
  },
};

export const Playground: Story = {
  args: { defaultValue: 'stickers', hint: 'Items are grouped by category in the shop.' },
};
