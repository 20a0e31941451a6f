import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MEDIA_PICKER_LABELS } from './media-picker-labels';
import { MediaPreview } from './media-preview';
import { EMPTY_MEDIA_VALUE } from './media-value';

const meta = {
  title: 'UI/MediaPicker/MediaPreview',
  component: MediaPreview,
  tags: ['visual'],
  args: { value: EMPTY_MEDIA_VALUE, labels: MEDIA_PICKER_LABELS, locale: 'en' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MediaPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No media yet.')).toBeVisible();
  },
};

/** A picked file that is not a photo: a chip with its name and size. */
export const PickedFile: Story = {
  args: {
    value: {
      ...EMPTY_MEDIA_VALUE,
      type: 'audio',
      file: new File([new Uint8Array(3 * 1024 * 1024)], 'welcome-jingle.mp3', {
        type: 'audio/mpeg',
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('welcome-jingle.mp3')).toBeVisible();
    await expect(canvas.getByText('3 MB')).toBeVisible();
  },
};

export const TelegramFileId: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'file', fileId: 'document-BQACAgIAAxkBAAIB' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('document-BQACAgIAAxkBAAIB')).toBeVisible();
    await expect(canvas.getByText('File on Telegram')).toBeVisible();
  },
};

export const Stored: Story = {
  args: {
    value: { ...EMPTY_MEDIA_VALUE, type: 'video', url: 'https://cdn.example.org/media/tour.mp4' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('tour.mp4')).toBeVisible();
    await expect(canvas.getByText('Current media')).toBeVisible();
  },
};

/** Stored media marked for removal is no longer shown. */
export const StoredToBeRemoved: Story = {
  args: {
    value: {
      ...EMPTY_MEDIA_VALUE,
      type: 'video',
      url: 'https://cdn.example.org/media/tour.mp4',
      remove: true,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No media yet.')).toBeVisible();
  },
};
