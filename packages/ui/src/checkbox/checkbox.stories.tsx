import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  tags: ['visual'],
  args: {
    label: 'Ban users',
    description: 'Remove people from the bot and block them.',
    onCheckedChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Ban users' });
    await expect(checkbox).toHaveAccessibleDescription(
      'Remove people from the bot and block them.',
    );
    await expect(checkbox).not.toBeChecked();
    // The label is part of the target: tapping it toggles the box.
    await userEvent.click(within(canvasElement).getByText('Ban users'));
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // Space toggles it back from the keyboard.
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const Playground: Story = {
  args: { label: 'Notify new users', description: '', defaultChecked: true, disabled: false },
};
