import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['visual'],
  args: {
    label: 'Menu name',
    hint: 'Letters, digits and underscore only.',
    placeholder: 'main_menu',
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Menu name' });
    await expect(input).toHaveAccessibleDescription('Letters, digits and underscore only.');
    await expect(input).toHaveAttribute('dir', 'auto');
    await userEvent.type(input, 'shop');
    await expect(input).toHaveValue('shop');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('shop');
  },
};

export const Playground: Story = {
  args: {
    label: 'Bot username',
    hint: 'Without the @.',
    startAdornment: '@',
    limit: 32,
    defaultValue: 'botdeck_bot',
    error: '',
    disabled: false,
  },
};
