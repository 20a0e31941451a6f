import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { EMPTY_MEDIA_VALUE } from '../media-picker';
import { MessageEditor, type MessageEditorProps } from './message-editor';
import { EMPTY_VALUE, EVERY_TAG, INJECTION, MENU_MESSAGE, TWO_ROWS } from './story-data';

/** A dialog whose code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

function StatefulEditor(props: MessageEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <MessageEditor
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/MessageEditor/Features',
  component: MessageEditor,
  tags: ['visual'],
  args: {
    value: MENU_MESSAGE,
    initialValue: MENU_MESSAGE,
    tier: 'free',
    onValueChange: fn(),
    onDirtyChange: fn(),
    onSave: fn(),
  },
  render: (args) => <StatefulEditor {...args} />,
} satisfies Meta<typeof MessageEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TOO_LONG = "The message can't be longer than 1024 characters on your plan.";
const REFUSED =
  'Telegram would refuse this message because of a mistake in its HTML, and the bot would send nothing.';
const textBox = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Text' });
const previewOf = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('figure', { name: 'Message preview' });

export const Empty: Story = {
  args: { value: EMPTY_VALUE, initialValue: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(previewOf(canvasElement)).toHaveTextContent('Your message will appear here.');
    // A new message is not an error yet…
    await expect(canvas.queryByText('Write a text or add media.')).toBeNull();
    await userEvent.type(textBox(canvasElement), 'Hi');
    await expect(save).toBeEnabled();
    // …but emptying it again is, and it cannot be saved.
    await userEvent.clear(textBox(canvasElement));
    await expect(canvas.getByText('Write a text or add media.')).toBeVisible();
    await expect(save).toBeDisabled();
  },
};

export const LongTextAtLimit: Story = {
  args: {
    value: { ...EMPTY_VALUE, text: 'a'.repeat(1023) },
    initialValue: { ...EMPTY_VALUE, text: 'a'.repeat(1023) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = textBox(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save' });
    // Exactly 1024 on Free: fine.
    await userEvent.type(text, 'b');
    await expect(text).toHaveValue(`${'a'.repeat(1023)}b`);
    await expect(canvas.getByText('1024/1024')).toBeVisible();
    await expect(canvas.queryByText(TOO_LONG)).toBeNull();
    await expect(text).not.toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeEnabled();
    // 1025: the error shows, Save is blocked, and nothing typed is cut.
    await userEvent.type(text, 'c');
    await expect(text).toHaveValue(`${'a'.repeat(1023)}bc`);
    await expect(canvas.getByText('1025/1024')).toBeVisible();
    await expect(canvas.getByText(TOO_LONG)).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeDisabled();
    // Back to 1024, then a paste crosses the line again.
    await userEvent.type(text, '{Backspace}');
    await expect(save).toBeEnabled();
    await expect(canvas.queryByText(TOO_LONG)).toBeNull();
    await userEvent.paste('pasted');
    await expect(text).toHaveValue(`${'a'.repeat(1023)}bpasted`);
    await expect(canvas.getByText('1030/1024')).toBeVisible();
    await expect(canvas.getByText(TOO_LONG)).toBeVisible();
    await expect(save).toBeDisabled();
  },
};

export const HtmlEveryTag: Story = {
  args: { value: { ...EMPTY_VALUE, text: EVERY_TAG, html: true }, initialValue: undefined },
  play: async ({ canvasElement }) => {
    const preview = previewOf(canvasElement);
    const texts = (selector: string) =>
      [...preview.querySelectorAll(selector)].map((element) => element.textContent);
    await expect(texts('strong')).toEqual(['bold', 'strong']);
    await expect(texts('em')).toEqual(['italic', 'emphasis']);
    await expect(texts('u')).toEqual(['underline', 'inserted']);
    await expect(texts('s')).toEqual(['strike', 'struck', 'deleted']);
    await expect(texts('[data-slot="telegram-spoiler"]')).toEqual(['spoiler', 'hidden']);
    await expect(within(preview).getByRole('link', { name: 'link' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(texts('pre > code[data-language="python"]')).toEqual(['print("hi")']);
    await expect(texts('blockquote')).toHaveLength(2);
    await expect(texts('blockquote[data-expandable]')).toHaveLength(1);
    // With HTML format off the same text shows its tags as typed.
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'HTML format' }));
    await expect(preview.querySelector('strong, em, a, pre, blockquote')).toBeNull();
    await expect(preview).toHaveTextContent('<b>bold</b>');
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'HTML format' }));
    await expect(texts('strong')).toEqual(['bold', 'strong']);
  },
};

export const ScriptInjectionShownAsText: Story = {
  args: { value: { ...EMPTY_VALUE, html: true }, initialValue: undefined },
  beforeEach: () => {
    const alert = spyOn(window, 'alert').mockImplementation(() => undefined);
    return () => alert.mockRestore();
  },
  play: async ({ canvasElement }) => {
    const scriptsBefore = document.scripts.length;
    await userEvent.type(textBox(canvasElement), INJECTION);
    const preview = previewOf(canvasElement);
    // In HTML mode Telegram would refuse it: the preview says so and draws none of it…
    await expect(preview).toHaveTextContent(REFUSED);
    await expect(preview.querySelector('script, img, iframe')).toBeNull();
    // …and as plain text it is shown as typed, still drawing nothing.
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'HTML format' }));
    await expect(preview).toHaveTextContent(INJECTION);
    await expect(preview.querySelector('script, img, iframe')).toBeNull();
    await expect(document.scripts.length).toBe(scriptsBefore);
    // Give a smuggled onerror the time to fire, were there one.
    await sleep(100);
    await expect(window.alert).not.toHaveBeenCalled();
  },
};

export const HtmlRefusedUntilFixed: Story = {
  args: {
    value: { ...EMPTY_VALUE, text: '<b>Hello</b>', html: true },
    initialValue: { ...EMPTY_VALUE, text: '<b>Hello</b>', html: true },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const text = textBox(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save' });
    const preview = previewOf(canvasElement);
    const htmlSwitch = canvas.getByRole('switch', { name: 'HTML format' });
    const problem = 'Line 2: <div> is not a tag Telegram supports. To show a < sign, write &lt;.';

    await userEvent.type(text, '{Enter}See <div>');
    // The first mistake, named with its line under the text; Save is blocked and says why.
    await expect(canvas.getByText(problem)).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(problem);
    // The preview says the message would be refused instead of drawing it.
    await expect(preview).toHaveTextContent(REFUSED);
    await expect(preview.querySelector('strong')).toBeNull();
    // Nothing typed is lost.
    await expect(text).toHaveValue('<b>Hello</b>\nSee <div>');

    // With HTML off the same text is plain and fine.
    await userEvent.click(htmlSwitch);
    await expect(canvas.queryByText(problem)).toBeNull();
    await expect(save).toBeEnabled();
    await expect(preview).toHaveTextContent('<b>Hello</b> See <div>');
    await userEvent.click(htmlSwitch);
    await expect(save).toBeDisabled();

    // Fixed by writing the tag's < and > as entities: saved as typed.
    await userEvent.type(text, '{Backspace}'.repeat(5));
    await userEvent.type(text, '&lt;div&gt;');
    await expect(canvas.queryByText(problem)).toBeNull();
    await expect(text).not.toHaveAttribute('aria-invalid');
    await expect(save).toBeEnabled();
    await expect(save).not.toHaveAttribute('aria-describedby');
    await expect(within(preview).getByText('Hello').tagName).toBe('STRONG');
    await expect(preview).toHaveTextContent('See <div>');
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ text: '<b>Hello</b>\nSee &lt;div&gt;', html: true }),
    );
  },
};

export const FreeVsPro: Story = {
  args: {
    value: { ...EMPTY_VALUE, text: 'x'.repeat(1500) },
    initialValue: EMPTY_VALUE,
  },
  render: (args) => (
    <div>
      <section aria-label="Free">
        <StatefulEditor {...args} tier="free" />
      </section>
      <section aria-label="Pro">
        <StatefulEditor {...args} tier="pro" />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const free = within(canvas.getByRole('region', { name: 'Free' }));
    const pro = within(canvas.getByRole('region', { name: 'Pro' }));
    await expect(free.getByText('1500/1024')).toBeVisible();
    await expect(free.getByText(TOO_LONG)).toBeVisible();
    await expect(free.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(pro.getByText('1500/3072')).toBeVisible();
    await expect(pro.queryByText(/can't be longer/)).toBeNull();
    await expect(pro.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

export const EffectSelector: Story = {
  args: { value: { ...EMPTY_VALUE, text: 'Welcome!' }, initialValue: undefined, showEffect: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const effects = canvas.getByRole('radiogroup', { name: 'Effect' });
    await expect(within(effects).getAllByRole('radio')).toHaveLength(5);
    await expect(within(effects).getByRole('radio', { name: 'None' })).toBeChecked();
    await userEvent.click(within(effects).getByRole('radio', { name: 'Fire' }));
    await expect(within(effects).getByRole('radio', { name: 'Fire' })).toBeChecked();
    const badge = within(previewOf(canvasElement)).getByRole('img', { name: 'Effect: Fire' });
    await expect(badge).toHaveTextContent('🔥');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ effect: 'fire' }),
    );
  },
};

export const EffectHiddenOutsideStartMessage: Story = {
  args: {
    value: { ...EMPTY_VALUE, text: 'A menu message', effect: 'fire' },
    initialValue: undefined,
    showEffect: false,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('radiogroup', { name: 'Effect' })).toBeNull();
    await expect(
      previewOf(canvasElement).querySelector('[data-slot="message-preview-effect"]'),
    ).toBeNull();
  },
};

export const SaveAndDirty: Story = {
  args: {
    onSave: fn(async () => {
      await sleep(300);
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await userEvent.type(textBox(canvasElement), ' Today only!');
    await expect(save).toBeEnabled();
    await expect(args.onDirtyChange).toHaveBeenLastCalledWith(true);
    // A double tap sends once, and the button is busy while it runs.
    await userEvent.dblClick(save);
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(save).toBeDisabled();
    await userEvent.click(save);
    await waitFor(() => expect(save).not.toHaveAttribute('aria-busy'));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(args.onSave).toHaveBeenCalledWith({
      ...MENU_MESSAGE,
      text: `${MENU_MESSAGE.text} Today only!`,
    });
    // Saved: clean again until the next change.
    await expect(save).toBeDisabled();
    await waitFor(() => expect(args.onDirtyChange).toHaveBeenLastCalledWith(false));
  },
};

export const MediaRemovedFromPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const preview = previewOf(canvasElement);
    await expect(within(preview).getByRole('img', { name: 'Photo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    // The stored photo is marked for removal: gone from the preview, and a change to save.
    await expect(within(preview).queryByRole('img', { name: 'Photo' })).toBeNull();
    await expect(preview).toHaveAttribute('data-media', 'none');
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

export const Delete: Story = {
  args: { onDelete: fn() },
  play: async ({ canvasElement, args }) => {
    const deleteButton = within(canvasElement).getByRole('button', { name: 'Delete message' });
    await expect(deleteButton).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(deleteButton);
    // The confirmation's code loads on first use: its first opening waits for the chunk.
    let dialog = await screen.findByRole('dialog', { name: 'Delete this message?' }, FIRST_USE);
    await expect(deleteButton).toHaveAttribute('aria-expanded', 'true');
    // Nothing is deleted on the first tap, and the dialog opens on the safe answer.
    await expect(args.onDelete).not.toHaveBeenCalled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Cancelled, it gives the focus back to the button that opened it, and deletes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(deleteButton).toHaveFocus();
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(deleteButton);
    dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    dir: 'rtl',
    locale: 'ar',
    value: {
      text: '<b>مرحبا بك!</b>\nاختر من القائمة.',
      html: true,
      effect: 'heart',
      media: EMPTY_MEDIA_VALUE,
      buttons: [
        [
          { text: 'الموقع', type: 'Url', value: 'https://example.org' },
          { text: 'الأسعار', type: 'Menu', value: 'Prices' },
        ],
      ],
    },
    initialValue: undefined,
    showEffect: true,
    labels: {
      text: 'النص',
      html: 'تنسيق HTML',
      htmlDescription: 'نسّق النص بوسوم HTML في تيليجرام.',
      media: 'الوسائط',
      buttons: 'الأزرار',
      effect: 'التأثير',
      preview: 'معاينة',
      save: 'حفظ',
      delete: 'حذف',
      effects: { none: 'بدون', party: 'احتفال', heart: 'قلب', thumbsUp: 'إعجاب', fire: 'نار' },
    },
    previewLabels: {
      preview: 'معاينة الرسالة',
      keyboard: 'الأزرار',
      effect: (name) => `التأثير: ${name}`,
    },
    mediaLabels: {
      type: 'نوع الوسائط',
      photo: 'صورة',
      video: 'فيديو',
      audio: 'صوت',
      file: 'ملف',
      empty: 'لا توجد وسائط بعد.',
      chooseTypeFirst: 'اختر نوع الوسائط أولاً.',
    },
    buttonLabels: { grid: 'الأزرار', addButton: 'إضافة زر', empty: 'لا توجد أزرار بعد.' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'النص' })).toBeInTheDocument();
    const preview = canvas.getByRole('figure', { name: 'معاينة الرسالة' });
    await expect(within(preview).getByText('مرحبا بك!').tagName).toBe('STRONG');
    await expect(within(preview).getByRole('img', { name: 'التأثير: قلب' })).toBeVisible();
    // An incoming bubble sits at the start: the right in Arabic.
    const chat = preview.parentElement?.getBoundingClientRect();
    const bubble = preview.getBoundingClientRect();
    await expect(chat).toBeDefined();
    if (chat) await expect(chat.right - bubble.right).toBeLessThan(bubble.left - chat.left);
    // The first effect segment sits at the right.
    const none = canvas.getByRole('radio', { name: 'بدون' });
    const fire = canvas.getByRole('radio', { name: 'نار' });
    await expect(none.getBoundingClientRect().left).toBeGreaterThan(
      fire.getBoundingClientRect().left,
    );
    await expect(canvas.getByRole('button', { name: 'حفظ' })).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { showEffect: true, value: { ...MENU_MESSAGE, effect: 'party', buttons: TWO_ROWS } },
  play: async ({ canvasElement }) => {
    const preview = previewOf(canvasElement);
    await expect(within(preview).getByText('Welcome to Pizza Bot!')).toBeVisible();
    await expect(within(preview).getByRole('img', { name: 'Effect: Party' })).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The message as members see it, and nothing to change.
    await expect(previewOf(canvasElement)).toBeVisible();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
  },
};
