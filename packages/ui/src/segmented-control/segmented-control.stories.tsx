import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SegmentedControl } from './segmented-control';

const meta = {
  title: 'UI/SegmentedControl',
  component: SegmentedControl,
  tags: ['visual'],
  args: {
    label: 'Billing period',
    options: [
      { value: 'monthly', label: 'Monthly' },
      { value: 'yearly', label: 'Yearly' },
    ],
    defaultValue: 'monthly',
    onValueChange: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SegmentedControl>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Billing period' })).toBeVisible();
    const monthly = canvas.getByRole('radio', { name: 'Monthly' });
    const yearly = canvas.getByRole('radio', { name: 'Yearly' });
    await expect(monthly).toBeChecked();
    await userEvent.click(yearly);
    await expect(yearly).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('yearly');
    // The arrow keys move and choose. Radix chooses on the focus that follows a key still held
    // down, so the test holds the key as a person does, then lets go.
    await userEvent.keyboard('{ArrowLeft>}');
    await waitFor(() => expect(monthly).toBeChecked());
    await userEvent.keyboard('{/ArrowLeft}');
    await expect(monthly).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('monthly');
  },
};

export const Playground: Story = {
  args: {
    label: 'Media type',
    options: [
      { value: 'photo', label: 'Photo' },
      { value: 'video', label: 'Video' },
      { value: 'audio', label: 'Audio' },
      { value: 'file', label: 'File' },
    ],
    defaultValue: 'photo',
  },
};
