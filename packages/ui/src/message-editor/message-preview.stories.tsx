import type { KeyboardButton } from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MessagePreview } from './message-preview';
import { EVERY_TAG, FULL_GRID, INJECTION, PHOTO_URL, TWO_ROWS } from './story-data';

const meta = {
  title: 'UI/MessagePreview',
  component: MessagePreview,
  tags: ['visual'],
  args: {
    text: 'Hello! Pick an option below.',
    html: false,
    effect: 'none',
    buttons: TWO_ROWS,
  },
  argTypes: {
    effect: { control: 'inline-radio', options: ['none', 'party', 'heart', 'thumbsUp', 'fire'] },
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: 'var(--bd-secondary-bg)', minHeight: '100%' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MessagePreview>;

export default meta;
type Story = StoryObj<typeof meta>;

const preview = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('figure', { name: 'Message preview' });

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(figure).toHaveTextContent('Hello! Pick an option below.');
    const keyboard = within(figure).getByRole('list', { name: 'Buttons' });
    await expect(within(keyboard).getAllByRole('listitem')).toHaveLength(2);
  },
};

export const PlainTextKeepsLineBreaks: Story = {
  args: { text: 'Line one\nLine two\n\n<b>not bold</b>', buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    const text = figure.querySelector('[data-slot="telegram-html"]');
    await expect(text?.textContent).toBe('Line one\nLine two\n\n<b>not bold</b>');
    await expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    // Off, tags are characters like any other.
    await expect(figure.querySelector('strong')).toBeNull();
  },
};

export const HtmlEveryTag: Story = {
  args: { text: EVERY_TAG, html: true, buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    const text = (selector: string) =>
      [...figure.querySelectorAll(selector)].map((element) => element.textContent);
    await expect(text('strong')).toEqual(['bold', 'strong']);
    await expect(text('em')).toEqual(['italic', 'emphasis']);
    await expect(text('u')).toEqual(['underline', 'inserted']);
    await expect(text('s')).toEqual(['strike', 'struck', 'deleted']);
    await expect(text('[data-slot="telegram-spoiler"]')).toEqual(['spoiler', 'hidden']);
    const link = within(figure).getByRole('link', { name: 'link' });
    await expect(link).toHaveAttribute('href', 'https://example.org');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(text('pre > code[data-language="python"]')).toEqual(['print("hi")']);
    await expect(text('blockquote')).toHaveLength(2);
    await expect(text('blockquote[data-expandable]')).toEqual([
      'A long quote that Telegram folds after a few lines.',
    ]);
    await expect(figure).not.toHaveTextContent('<');
  },
};

export const ScriptInjectionShownAsText: Story = {
  args: { text: INJECTION, html: false, buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(figure).toHaveTextContent(INJECTION);
    await expect(figure.querySelector('script, img, iframe')).toBeNull();
  },
};

export const HtmlRefused: Story = {
  args: { text: INJECTION, html: true, media: { type: 'photo', url: PHOTO_URL } },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    // Telegram would send nothing: no text, media or buttons are drawn, only why.
    await expect(figure).toHaveTextContent(
      'Telegram would refuse this message because of a mistake in its HTML, and the bot would send nothing.',
    );
    await expect(figure).not.toHaveTextContent('alert');
    await expect(figure.querySelector('script, img, iframe')).toBeNull();
    await expect(within(figure).queryByRole('list', { name: 'Buttons' })).toBeNull();
  },
};

export const MediaPhoto: Story = {
  args: {
    text: 'Fresh from the oven.',
    media: { type: 'photo', url: PHOTO_URL },
    buttons: [],
  },
  play: async ({ canvasElement }) => {
    const photo = within(preview(canvasElement)).getByRole('img', { name: 'Photo' });
    await expect(photo).toHaveAttribute('src', PHOTO_URL);
  },
};

export const MediaVideo: Story = {
  args: { text: 'Our tour.', media: { type: 'video', name: 'tour.mp4' }, buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(figure).toHaveAttribute('data-media', 'video');
    await expect(within(figure).getByText('tour.mp4')).toBeVisible();
  },
};

export const MediaAudio: Story = {
  args: { text: 'Our jingle.', media: { type: 'audio', name: 'jingle.mp3' }, buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(figure).toHaveAttribute('data-media', 'audio');
    await expect(within(figure).getByText('jingle.mp3')).toBeVisible();
  },
};

export const MediaFile: Story = {
  args: { text: 'The price list.', media: { type: 'file', name: 'prices.pdf' }, buttons: [] },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(figure).toHaveAttribute('data-media', 'file');
    await expect(within(figure).getByText('prices.pdf')).toBeVisible();
  },
};

export const FullGrid: Story = {
  args: { text: 'Ten rows of seven.', buttons: FULL_GRID },
  play: async ({ canvasElement }) => {
    const keyboard = within(preview(canvasElement)).getByRole('list', { name: 'Buttons' });
    const rows = within(keyboard).getAllByRole('listitem');
    await expect(rows).toHaveLength(10);
    for (const row of rows) {
      await expect(row.querySelectorAll('[data-slot="message-preview-button"]')).toHaveLength(7);
    }
    // All 70 stay inside the bubble's width, none pushed off the screen.
    const bounds = keyboard.getBoundingClientRect();
    for (const button of keyboard.querySelectorAll('[data-slot="message-preview-button"]')) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(bounds.right + 0.5);
    }
  },
};

/**
 * Seven short names in a row under a photo (which draws the message at its full width), each
 * whole ("Mnu", not "M…") as Telegram shows them, at the 302 px the message editor gives its
 * preview on a 390 px phone.
 */
export const SevenShortNamesInARow: Story = {
  decorators: [
    (Story) => (
      <div style={{ inlineSize: 'min(302px, 100%)' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    text: 'Pick one.',
    media: { type: 'photo', url: PHOTO_URL },
    buttons: [
      ['Mnu', 'Faq', 'Pay', 'Top', 'New', 'Hot', 'Buy'].map(
        (text): KeyboardButton => ({ text, type: 'Menu', value: 'menu' }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const keyboard = within(preview(canvasElement)).getByRole('list', { name: 'Buttons' });
    const names = keyboard.querySelectorAll('[data-slot="message-preview-button"] > span');
    await expect(names).toHaveLength(7);
    for (const name of names) {
      await expect(name.scrollWidth, name.textContent ?? '').toBeLessThanOrEqual(name.clientWidth);
    }
  },
};

export const WithEffect: Story = {
  args: { effect: 'party' },
  play: async ({ canvasElement }) => {
    const badge = within(preview(canvasElement)).getByRole('img', { name: 'Effect: Party' });
    await expect(badge).toHaveTextContent('🎉');
  },
};

export const Empty: Story = {
  args: { text: '', buttons: [] },
  play: async ({ canvasElement }) => {
    await expect(preview(canvasElement)).toHaveTextContent('Your message will appear here.');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    text: '<b>Welcome!</b> Visit <a href="https://example.org">our site</a>.\n<code>/start</code>',
    html: true,
    media: { type: 'photo', url: PHOTO_URL },
    effect: 'heart',
  },
  play: async ({ canvasElement }) => {
    const figure = preview(canvasElement);
    await expect(within(figure).getByText('Welcome!').tagName).toBe('STRONG');
    await expect(within(figure).getByRole('img', { name: 'Effect: Heart' })).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    text: '<b>مرحبا بك!</b>\nاختر من القائمة.',
    html: true,
    effect: 'fire',
    buttons: [
      [
        { text: 'الموقع', type: 'Url', value: 'https://example.org' },
        { text: 'الأسعار', type: 'Menu', value: 'Prices' },
      ],
    ],
    labels: {
      preview: 'معاينة الرسالة',
      keyboard: 'الأزرار',
      effect: (name) => `التأثير: ${name}`,
      effects: { none: 'بدون', party: 'احتفال', heart: 'قلب', thumbsUp: 'إعجاب', fire: 'نار' },
    },
  },
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'معاينة الرسالة' });
    await expect(within(figure).getByRole('img', { name: 'التأثير: نار' })).toHaveTextContent('🔥');
    // Mirrored: the bubble hugs the right edge and the first button of a row is on the right.
    const site = within(figure).getByText('الموقع');
    const prices = within(figure).getByText('الأسعار');
    await expect(site.getBoundingClientRect().left).toBeGreaterThan(
      prices.getBoundingClientRect().left,
    );
    const container = canvasElement.getBoundingClientRect();
    const bubble = figure.getBoundingClientRect();
    await expect(container.right - bubble.right).toBeLessThan(bubble.left - container.left);
  },
};
