import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SegmentedControl } from './segmented-control';

const MEDIA = [
  { value: 'photo', label: 'Photo' },
  { value: 'video', label: 'Video' },
  { value: 'audio', label: 'Audio' },
  { value: 'file', label: 'File' },
];

const meta = {
  title: 'UI/SegmentedControl/Features',
  component: SegmentedControl,
  tags: ['visual'],
  args: { label: 'Media type', options: MEDIA, defaultValue: 'photo', onValueChange: fn() },
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

/** Tab lands on the chosen segment only; arrows move on and wrap round. */
export const Keyboard: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      <button type="button">Before</button>
      <SegmentedControl {...args} />
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'Photo' })).toHaveFocus();
    // Radix chooses on the focus that follows a key still held down: hold, check, let go.
    await userEvent.keyboard('{ArrowRight>}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Video' })).toBeChecked());
    await userEvent.keyboard('{/ArrowRight}');
    await userEvent.keyboard('{ArrowLeft>}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Photo' })).toBeChecked());
    await userEvent.keyboard('{/ArrowLeft}{ArrowLeft>}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'File' })).toBeChecked());
    await userEvent.keyboard('{/ArrowLeft}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('file');
  },
};

export const DisabledOption: Story = {
  args: { options: MEDIA.map((o) => ({ ...o, disabled: o.value === 'video' })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Video' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('radio', { name: 'Photo' }));
    // The arrow skips the disabled segment.
    await userEvent.keyboard('{ArrowRight>}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Audio' })).toBeChecked());
    await userEvent.keyboard('{/ArrowRight}');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole('radio')) {
      await expect(radio).toBeDisabled();
    }
  },
};

/**
 * Unavailable but still answering (`aria-disabled`): it looks disabled and stays focusable, and a
 * tap still reaches `onValueChange`, so the caller can say why nothing changes.
 */
export const Unavailable: Story = {
  args: { 'aria-disabled': true, value: 'photo', defaultValue: undefined },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const video = canvas.getByRole('radio', { name: 'Video' });
    await expect(video).toBeEnabled();
    await userEvent.click(video);
    await expect(args.onValueChange).toHaveBeenCalledWith('video');
    // Controlled: the caller refused, so Photo stays chosen.
    await expect(canvas.getByRole('radio', { name: 'Photo' })).toBeChecked();
    await expect(canvas.getByRole('radiogroup')).toHaveAttribute('aria-disabled', 'true');
  },
};

function Controlled() {
  const [period, setPeriod] = useState('monthly');
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <SegmentedControl
        label="Billing period"
        value={period}
        onValueChange={setPeriod}
        options={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly' },
        ]}
      />
      <output aria-label="Price">
        {period === 'monthly' ? '100 ⭐ / month' : '1000 ⭐ / year'}
      </output>
    </div>
  );
}

export const ControlledValue: Story = {
  render: () => <Controlled />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Yearly' }));
    await expect(canvas.getByLabelText('Price')).toHaveTextContent('1000 ⭐ / year');
  },
};

/** With `dir="rtl"` the first segment sits on the right and ArrowLeft moves forward. */
export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    dir: 'rtl',
    label: 'نوع الوسائط',
    options: [
      { value: 'photo', label: 'صورة' },
      { value: 'video', label: 'فيديو' },
      { value: 'audio', label: 'صوت' },
      { value: 'file', label: 'ملف' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const photo = canvas.getByRole('radio', { name: 'صورة' });
    const video = canvas.getByRole('radio', { name: 'فيديو' });
    await expect(photo.getBoundingClientRect().left).toBeGreaterThan(
      video.getBoundingClientRect().left,
    );
    await userEvent.click(photo);
    await userEvent.keyboard('{ArrowLeft>}');
    await waitFor(() => expect(video).toBeChecked());
    await userEvent.keyboard('{/ArrowLeft}');
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <SegmentedControl
        label="Two options"
        defaultValue="a"
        options={[
          { value: 'a', label: 'Monthly' },
          { value: 'b', label: 'Yearly' },
        ]}
      />
      <SegmentedControl label="Four options" defaultValue="audio" options={MEDIA} />
      <SegmentedControl
        label="One disabled"
        defaultValue="photo"
        options={MEDIA.map((o) => ({ ...o, disabled: o.value === 'file' }))}
      />
      <SegmentedControl label="All disabled" defaultValue="photo" options={MEDIA} disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('radiogroup')).toHaveLength(4);
  },
};
