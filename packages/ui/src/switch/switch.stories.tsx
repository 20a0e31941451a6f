import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './switch';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  tags: ['visual'],
  args: {
    label: 'Notify new users',
    description: 'Send you a message when someone starts the bot.',
    onCheckedChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: 'Notify new users' });
    await expect(control).toHaveAccessibleDescription(
      'Send you a message when someone starts the bot.',
    );
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    // Tapping the label toggles too; Enter and Space from the keyboard.
    await userEvent.click(within(canvasElement).getByText('Notify new users'));
    await expect(control).not.toBeChecked();
    await userEvent.keyboard('{Enter}');
    await expect(control).toBeChecked();
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
  },
};

export const Playground: Story = {
  args: { label: 'Drop pending updates', description: '', defaultChecked: true, disabled: false },
};
