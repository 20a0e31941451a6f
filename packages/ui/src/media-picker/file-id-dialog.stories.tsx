import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { formatValidationIssueInEnglish } from '../texts';
import { FileIdDialog } from './file-id-dialog';
import { MEDIA_PICKER_LABELS } from './media-picker-labels';

const meta = {
  title: 'UI/MediaPicker/FileIdDialog',
  component: FileIdDialog,
  tags: ['visual'],
  args: {
    open: true,
    onOpenChange: fn(),
    initial: '',
    labels: MEDIA_PICKER_LABELS,
    formatError: formatValidationIssueInEnglish,
    onError: fn(),
    uploadViaTelegramUrl: 'https://t.me/botdeck_demo_bot?start=upload',
    onOpenUploadLink: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof FileIdDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole('dialog', { name: 'Use a file from Telegram' });

export const Default: Story = {
  play: async ({ args }) => {
    const input = within(await dialog()).getByRole('textbox', { name: 'File ID' });
    await expect(input).toHaveFocus();
    await userEvent.type(input, '  document-AbC  ');
    await userEvent.keyboard('{Enter}');
    // Sent trimmed, once it passes the rule.
    await expect(args.onSubmit).toHaveBeenCalledWith('document-AbC');
  },
};

export const Invalid: Story = {
  args: { initial: 'abc' },
  play: async ({ args }) => {
    const found = await dialog();
    await userEvent.click(within(found).getByRole('button', { name: 'Use this file' }));
    await expect(within(found).getByRole('alert')).toHaveTextContent(
      'The file ID is invalid. It must start with photo-, video-, video_note-, audio-, voice-, animation-, sticker- or document-.',
    );
    await expect(args.onError).toHaveBeenCalledWith({ key: 'validation.media.fileIdInvalid' });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Without the bot's upload link there is no way to fetch a file id from here. */
export const WithoutUploadLink: Story = {
  args: { uploadViaTelegramUrl: undefined, initial: 'photo-Q1w2' },
  play: async () => {
    const found = await dialog();
    await expect(within(found).getByRole('textbox', { name: 'File ID' })).toHaveValue('photo-Q1w2');
    await expect(
      within(found).queryByRole('button', { name: 'Get a file ID from the bot' }),
    ).toBeNull();
  },
};
