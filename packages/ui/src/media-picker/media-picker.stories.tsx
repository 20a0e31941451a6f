import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import { MediaPicker, type MediaPickerProps } from './media-picker';
import { EMPTY_MEDIA_VALUE } from './media-value';

/** The picker with its value kept in the story, so each change shows like in a form. */
function ControlledMediaPicker(props: MediaPickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <MediaPicker
      {...props}
      value={value}
      onValueChange={(next) => {
        props.onValueChange(next);
        setValue(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/MediaPicker',
  component: MediaPicker,
  tags: ['visual'],
  args: {
    value: { ...EMPTY_MEDIA_VALUE, type: 'photo' },
    onValueChange: fn(),
    onError: fn(),
    onOpenUploadLink: fn(),
    context: 'message',
    uploadViaTelegramUrl: 'https://t.me/botdeck_demo_bot?start=upload',
  },
  argTypes: {
    context: { control: 'inline-radio', options: ['message', 'shop'] },
  },
  render: (args) => <ControlledMediaPicker {...args} />,
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MediaPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Media type' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Photo' })).toBeChecked();
    await expect(canvas.getByLabelText('Upload photo')).toHaveAttribute('type', 'file');
    await expect(canvas.getByText('No media yet.')).toBeVisible();
    // Nothing to remove yet.
    await expect(canvas.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

export const Playground: Story = {
  args: { value: EMPTY_MEDIA_VALUE, context: 'shop' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // No type yet: no segment is chosen and there is nothing to upload to.
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();
    await expect(canvas.getByText('Choose a media type first.')).toBeVisible();
    await expect(canvasElement.querySelector('input[type="file"]')).toBeNull();
  },
};
