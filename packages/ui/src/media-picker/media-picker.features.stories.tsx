import { UPLOAD_MAX_BYTES } from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { MediaPicker, type MediaPickerProps } from './media-picker';
import { EMPTY_MEDIA_VALUE } from './media-value';

/** The dialog's code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

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
  title: 'UI/MediaPicker/Features',
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

const TOO_LARGE = 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.';
const NOT_ACCEPTED = "This type of file can't be used here.";
const FILE_ID_REQUIRED = 'Please enter a file ID.';
const FILE_ID_INVALID =
  'The file ID is invalid. It must start with photo-, video-, video_note-, audio-, voice-, animation-, sticker- or document-.';

/** A real PNG drawn on a canvas, so the thumbnail shows an actual picture. */
async function pngFile(name: string, colour: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 96;
  canvas.height = 96;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = colour;
  context.fillRect(0, 0, 96, 96);
  context.fillStyle = '#ffffff';
  context.fillRect(24, 24, 48, 48);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas gave no PNG');
  return new File([blob], name, { type: 'image/png' });
}

/** A stored photo that needs no network: a small SVG Storybook serves (.storybook/public). */
const STORED_PHOTO = '/story-images/stored.svg';

/** The last value the picker reported. */
function lastValue(spy: MediaPickerProps['onValueChange']) {
  const calls = (spy as ReturnType<typeof fn>).mock.calls;
  return calls[calls.length - 1]?.[0];
}

export const Photo: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Upload photo');
    // A message's photo is what Telegram sends as a photo: PNG or JPEG only.
    await expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,.png,.jpeg,.jpg');
    await expect(within(canvasElement).queryByRole('button', { name: 'Use a file ID' })).toBeNull();
  },
};

export const Video: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'video' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Video' })).toBeChecked();
    await expect(canvas.getByLabelText('Upload video')).toHaveAttribute('accept', 'video/*');
  },
};

export const Audio: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'audio' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Audio' })).toBeChecked();
    await expect(canvas.getByLabelText('Upload audio')).toHaveAttribute('accept', 'audio/*');
  },
};

export const File_: Story = {
  name: 'File',
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'file' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'File' })).toBeChecked();
    // Any file: no accept attribute at all.
    await expect(canvas.getByLabelText('Upload file')).not.toHaveAttribute('accept');
    await expect(canvas.getByRole('button', { name: 'Use a file ID' })).toBeVisible();
  },
};

export const PhotoPreview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const revoke = spyOn(URL, 'revokeObjectURL');
    try {
      const first = await pngFile('first.png', '#c03d33');
      await userEvent.upload(canvas.getByLabelText('Upload photo'), first);
      const image = await canvas.findByRole('img', { name: 'The chosen photo' });
      await waitFor(() =>
        expect(
          (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth,
        ).toBe(96),
      );
      const firstUrl = image.getAttribute('src');
      await expect(firstUrl).toMatch(/^blob:/);
      await expect(lastValue(args.onValueChange)).toMatchObject({ file: first, fileId: null });
      // A new file gets a new object URL and the old one is given back.
      const second = await pngFile('banner.png', '#2f7d32');
      await userEvent.upload(canvas.getByLabelText('Upload photo'), second);
      await waitFor(() => expect(revoke).toHaveBeenCalledWith(firstUrl));
      const shown = await canvas.findByRole('img', { name: 'The chosen photo' });
      await waitFor(() => expect(shown.getAttribute('src')).not.toBe(firstUrl));
      await waitFor(() => expect((shown as HTMLImageElement).naturalWidth).toBe(96));
      await expect(canvas.getByText('banner.png')).toBeVisible();
    } finally {
      revoke.mockRestore();
    }
  },
};

export const FileChip: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'video' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const video = new File([new Uint8Array(1_500_000)], 'intro.mp4', { type: 'video/mp4' });
    await userEvent.upload(canvas.getByLabelText('Upload video'), video);
    await expect(canvas.getByText('intro.mp4')).toBeVisible();
    await expect(canvas.getByText('1.4 MB')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(lastValue(args.onValueChange)).toMatchObject({ type: 'video', file: video });
  },
};

export const StoredMedia: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'photo', url: STORED_PHOTO } },
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <ControlledMediaPicker {...args} />
      <ControlledMediaPicker
        {...args}
        value={{
          ...EMPTY_MEDIA_VALUE,
          type: 'audio',
          url: 'https://cdn.example.org/bots/42/media/welcome%20jingle.mp3',
        }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByRole('img', { name: 'The current photo' });
    await expect(image).toHaveAttribute('src', STORED_PHOTO);
    await waitFor(() => expect((image as HTMLImageElement).naturalWidth).toBe(96));
    // Stored non-photo media shows as a chip named after the URL's last segment.
    await expect(canvas.getByText('welcome jingle.mp3')).toBeVisible();
    await expect(canvas.getAllByText('Current media')).toHaveLength(2);
    await expect(canvas.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  },
};

export const TooLarge: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'file' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Upload file');
    // Exactly 5,242,880 bytes is still allowed.
    const max = new File([new Uint8Array(UPLOAD_MAX_BYTES)], 'max.png', { type: 'image/png' });
    await expect(max.size).toBe(5_242_880);
    await userEvent.upload(input, max);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(lastValue(args.onValueChange)).toMatchObject({ file: max });
    // One byte more is refused with the exact text, and the previous file stays.
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    await expect(input).toHaveAccessibleDescription(TOO_LARGE);
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onError).toHaveBeenCalledWith({ key: 'validation.media.tooLarge' });
    await expect(canvas.getByText('max.png')).toBeVisible();
    await expect(canvas.queryByText('big.png')).toBeNull();
  },
};

export const TooLargePhoto: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByLabelText('Upload photo'), big);
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOO_LARGE);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await expect(canvas.getByText('No media yet.')).toBeVisible();
  },
};

export const WrongType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The system picker can be switched to "all files", so the input's accept is no guarantee.
    const user = userEvent.setup({ applyAccept: false });
    const notes = new File(['shopping list'], 'notes.txt', { type: 'text/plain' });
    await user.upload(canvas.getByLabelText('Upload photo'), notes);
    await expect(canvas.getByRole('alert')).toHaveTextContent(NOT_ACCEPTED);
    await expect(args.onError).toHaveBeenCalledWith({ key: 'validation.media.typeNotAccepted' });
    // A GIF is an image, but a message's photo must be PNG or JPEG.
    const gif = new File(['GIF89a'], 'party.gif', { type: 'image/gif' });
    await user.upload(canvas.getByLabelText('Upload photo'), gif);
    await expect(canvas.getByRole('alert')).toHaveTextContent(NOT_ACCEPTED);
    await expect(args.onValueChange).not.toHaveBeenCalled();
    // The file type takes anything.
    await userEvent.click(canvas.getByRole('radio', { name: 'File' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await user.upload(canvas.getByLabelText('Upload file'), notes);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('notes.txt')).toBeVisible();
    await expect(lastValue(args.onValueChange)).toMatchObject({ type: 'file', file: notes });
  },
};

export const FileIdDialog: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'file' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use a file ID' }));
    let dialog = await screen.findByRole('dialog', { name: 'Use a file from Telegram' }, FIRST_USE);
    const input = within(dialog).getByRole('textbox', { name: 'File ID' });
    await expect(input).toHaveFocus();
    // The upload start link goes through the owner (Telegram's openTelegramLink in the app).
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Get a file ID from the bot' }),
    );
    await expect(args.onOpenUploadLink).toHaveBeenCalledWith(
      'https://t.me/botdeck_demo_bot?start=upload',
    );
    // Empty: the required message.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(FILE_ID_REQUIRED);
    // No known prefix: the invalid message.
    await userEvent.type(input, 'abc');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(FILE_ID_INVALID);
    // A prefix alone names no file either.
    await userEvent.clear(input);
    await userEvent.type(input, 'document-');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(FILE_ID_INVALID);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.type(input, 'AbC');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastValue(args.onValueChange)).toMatchObject({
      file: null,
      fileId: 'document-AbC',
    });
    await expect(canvas.getByText('document-AbC')).toBeVisible();
    // Uploading a file clears the file id...
    const report = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' });
    await userEvent.upload(canvas.getByLabelText('Upload file'), report);
    await expect(lastValue(args.onValueChange)).toMatchObject({ file: report, fileId: null });
    await expect(canvas.queryByText('document-AbC')).toBeNull();
    // ...and entering a file id clears the file.
    await userEvent.click(canvas.getByRole('button', { name: 'Use a file ID' }));
    dialog = await screen.findByRole('dialog', { name: 'Use a file from Telegram' }, FIRST_USE);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'File ID' }),
      'video-77{Enter}',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(lastValue(args.onValueChange)).toMatchObject({ file: null, fileId: 'video-77' });
    await expect(canvas.queryByText('report.pdf')).toBeNull();
    await expect(canvas.getByText('video-77')).toBeVisible();
  },
};

export const FileIdDialogOpen: Story = {
  args: { value: { ...EMPTY_MEDIA_VALUE, type: 'file', fileId: 'document-AbC' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Use a file ID' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Use a file from Telegram' },
      FIRST_USE,
    );
    // It opens on the file id already chosen.
    await expect(within(dialog).getByRole('textbox', { name: 'File ID' })).toHaveValue(
      'document-AbC',
    );
  },
};

export const Remove: Story = {
  args: {
    value: { ...EMPTY_MEDIA_VALUE, type: 'video', url: 'https://cdn.example.org/media/tour.mp4' },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('tour.mp4')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenCalledWith({
      type: 'video',
      file: null,
      fileId: null,
      url: 'https://cdn.example.org/media/tour.mp4',
      remove: true,
    });
    await expect(canvas.queryByText('tour.mp4')).toBeNull();
    await expect(canvas.getByText('No media yet.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

export const ShopContext: Story = {
  args: { context: 'shop' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Upload photo');
    // A shop reward's photo may be any image, a GIF included.
    await expect(input).toHaveAttribute('accept', 'image/*');
    const gif = new File(['GIF89a'], 'party.gif', { type: 'image/gif' });
    await userEvent.upload(input, gif);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(lastValue(args.onValueChange)).toMatchObject({ file: gif });
    await userEvent.click(canvas.getByRole('radio', { name: 'File' }));
    await expect(canvas.getByLabelText('Upload file')).not.toHaveAttribute('accept');
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    dir: 'rtl',
    locale: 'ar',
    value: { ...EMPTY_MEDIA_VALUE, type: 'video', url: 'https://cdn.example.org/media/tour.mp4' },
    labels: {
      type: 'نوع الوسائط',
      photo: 'صورة',
      video: 'فيديو',
      audio: 'صوت',
      file: 'ملف',
      chooseVideo: 'رفع فيديو',
      stored: 'الوسائط الحالية',
      remove: 'إزالة',
      empty: 'لا توجد وسائط بعد.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'نوع الوسائط' })).toBeInTheDocument();
    const photo = canvas.getByRole('radio', { name: 'صورة' });
    const video = canvas.getByRole('radio', { name: 'فيديو' });
    // The first segment sits at the right.
    await expect(photo.getBoundingClientRect().left).toBeGreaterThan(
      video.getBoundingClientRect().left,
    );
    await expect(canvas.getByLabelText('رفع فيديو')).toHaveAttribute('accept', 'video/*');
    await expect(canvas.getByText('الوسائط الحالية')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    value: { ...EMPTY_MEDIA_VALUE, type: 'audio', url: 'https://cdn.example.org/media/jingle.mp3' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('jingle.mp3')).toBeVisible();
  },
};
