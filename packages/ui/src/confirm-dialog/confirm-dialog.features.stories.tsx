import { CONFIRM_CLOSE_DELAY_MS, validateCustomQuantity } from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, type Mock, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { formatValidationIssueInEnglish } from '../texts';
import { adminPermissionFields, validateAdminPermissionValues } from './admin-permission-fields';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import {
  type BiometricResult,
  TypedConfirmDialog,
  type TypedConfirmMethod,
} from './typed-confirm-dialog';

/** The dialog's props plus the spies of the stop/delete stories. */
type FeatureArgs = ConfirmDialogProps & {
  /** The biometric check of TypedConfirmDialog. */
  authenticate?: () => Promise<BiometricResult>;
  /** TypedConfirmDialog's action, told how it was confirmed. */
  onTypedConfirm?: (method: TypedConfirmMethod) => void;
  /** Opens the platform's biometric settings. */
  onOpenSettings?: () => void;
};

const meta = {
  title: 'UI/ConfirmDialog/Features',
  component: ConfirmDialog,
  tags: ['visual'],
  args: {
    defaultOpen: true,
    title: 'Are you sure?',
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
  },
  argTypes: { trigger: { control: false } },
  parameters: { layout: 'centered' },
} satisfies Meta<FeatureArgs>;

export default meta;
type Story = StoryObj<FeatureArgs>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const Destructive: Story = {
  args: {
    variant: 'destructive',
    title: 'Delete this item?',
    text: 'Shoppers can no longer buy it. Buyers keep what they already received.',
    confirmLabel: 'Delete',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete this item?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await expect(confirm).toHaveAttribute('data-variant', 'destructive');
    // A destructive question opens on the safe answer.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

export const TextWithLink: Story = {
  args: {
    title: 'Buy Sticker pack?',
    text: (
      <>
        You pay 25 ⭐. By buying you accept the{' '}
        <a href="/guide?opt=user-pay" target="_blank" rel="noreferrer">
          Terms of Service
        </a>
        .
      </>
    ),
    confirmLabel: 'Next',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Buy Sticker pack?' });
    await expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/guide?opt=user-pay',
    );
    await expect(dialog).toHaveAccessibleDescription(/accept the Terms of Service/);
  },
};

export const WithCheckboxes: Story = {
  args: {
    title: 'Edit permissions',
    text: 'Choose what @alex can do in this bot.',
    confirmLabel: 'Save',
    fields: adminPermissionFields({ manage_msg: true }),
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Edit permissions' });
    const boxes = within(dialog).getAllByRole('checkbox');
    await expect(boxes).toHaveLength(8);
    const advanced = within(dialog).getByRole('checkbox', {
      name: 'Manage advanced settings and media',
    });
    const stop = within(dialog).getByRole('checkbox', { name: 'Stop the bot' });
    // stop_bot needs adv_and_media: disabled while it is unticked.
    await expect(stop).toBeDisabled();
    await expect(stop).not.toBeChecked();
    await userEvent.click(advanced);
    await expect(stop).toBeEnabled();
    await userEvent.click(stop);
    await expect(stop).toBeChecked();
    // Unticking the dependency disables AND clears it, so it is never sent ticked.
    await userEvent.click(advanced);
    await expect(stop).not.toBeChecked();
    await expect(stop).toBeDisabled();
  },
};

export const PromoteNeedsOnePermission: Story = {
  args: {
    title: 'Promote admin',
    text: 'Choose what @alex can do in this bot.',
    confirmLabel: 'Promote',
    fields: adminPermissionFields(),
    validate: validateAdminPermissionValues,
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Promote admin' });
    const confirm = within(dialog).getByRole('button', { name: 'Promote' });
    const message = 'Please select at least one permission to promote admin.';
    // Nothing shouts before the user did anything.
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(confirm);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    await expect(confirm).toBeDisabled();
    await expect(screen.getByRole('dialog')).toBeInTheDocument();
    // stop_bot alone cannot even be ticked.
    const stop = within(dialog).getByRole('checkbox', { name: 'Stop the bot' });
    await expect(stop).toBeDisabled();
    // get_reply is one of the first seven: it alone is enough.
    const getReply = within(dialog).getByRole('checkbox', { name: 'Get user reply messages' });
    await userEvent.click(getReply);
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await expect(confirm).toBeEnabled();
    await userEvent.click(getReply);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    await expect(confirm).toBeDisabled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/**
 * The play of every input-rule story: a bad value shows `error` and disables confirm once the
 * user leaves the field; the good value clears it.
 */
async function checkInputRule(label: string, bad: string, error: string, good: string) {
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByRole('textbox', { name: label });
  const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
  await userEvent.type(input, bad);
  await userEvent.tab();
  await expect(within(dialog).getByRole('alert')).toHaveTextContent(error);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(error);
  await expect(confirm).toBeDisabled();
  await userEvent.clear(input);
  if (good) await userEvent.type(input, good);
  await expect(within(dialog).queryByRole('alert')).toBeNull();
  await expect(input).not.toHaveAttribute('aria-invalid');
  await expect(confirm).toBeEnabled();
}

export const InputRequired: Story = {
  args: {
    title: 'New category',
    fields: [{ kind: 'input', name: 'name', label: 'Category name', rules: { required: true } }],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox', { name: 'Category name' });
    await expect(input).toHaveFocus();
    // Only passing through says nothing; Enter on the empty value tries to confirm.
    await userEvent.tab();
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(input);
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveFocus();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('This field is required.');
    await expect(input).toHaveAccessibleDescription('This field is required.');
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.type(input, 'Stickers');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  },
};

export const InputMustStart: Story = {
  args: {
    title: 'Use a file from Telegram',
    fields: [
      {
        kind: 'input',
        name: 'fileId',
        label: 'File ID',
        placeholder: 'photo-…',
        rules: { required: true, mustStart: 'photo-' },
      },
    ],
  },
  play: () => checkInputRule('File ID', 'video-42', 'It must start with photo-.', 'photo-42'),
};

export const InputMustEnd: Story = {
  args: {
    title: 'Rename the image',
    fields: [{ kind: 'input', name: 'file', label: 'File name', rules: { mustEnd: '.png' } }],
  },
  play: () => checkInputRule('File name', 'banner.jpg', 'It must end with .png.', 'banner.png'),
};

export const InputMustInclude: Story = {
  args: {
    title: 'Add a channel',
    fields: [
      { kind: 'input', name: 'link', label: 'Channel link', rules: { mustInclude: 't.me/' } },
    ],
  },
  play: () =>
    checkInputRule('Channel link', 'botdeck_news', 'It must include t.me/.', 't.me/botdeck_news'),
};

export const InputBlockedCharacters: Story = {
  args: {
    title: 'Popup text',
    fields: [
      {
        kind: 'input',
        name: 'value',
        label: 'Button value',
        rules: { blockedCharacters: ['&', ':', '-'] },
      },
    ],
  },
  play: () => checkInputRule('Button value', 'a&b:c', "It can't contain & :.", 'a_b_c'),
};

export const InputCustomValidator: Story = {
  args: {
    title: 'Per-user limit',
    fields: [
      {
        kind: 'input',
        name: 'limit',
        label: 'Items per user',
        rules: { required: true, validate: (value) => validateCustomQuantity('perUser', value) },
      },
    ],
    // How the app plugs in its translator: its own texts first, the dialog's defaults after.
    formatError: (issue) =>
      issue.key === 'validation.quantity.perUser'
        ? 'Enter a whole number from 1 to 1,000.'
        : formatValidationIssueInEnglish(issue),
  },
  play: () =>
    checkInputRule('Items per user', '1.5', 'Enter a whole number from 1 to 1,000.', '50'),
};

export const RequiredCheckbox: Story = {
  args: {
    variant: 'destructive',
    title: 'Delete all messages?',
    confirmLabel: 'Delete',
    fields: [
      {
        kind: 'checkbox',
        name: 'understood',
        label: "I understand this can't be undone",
        required: true,
      },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('checkbox', { name: "I understand this can't be undone" });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please tick this box to continue.',
    );
    await expect(box).toHaveAccessibleDescription('Please tick this box to continue.');
    // The fix is where the focus goes, not a now-disabled button.
    await expect(box).toHaveFocus();
    await expect(confirm).toBeDisabled();
    await userEvent.click(box);
    await expect(confirm).toBeEnabled();
  },
};

export const ConfirmRunsAfterClose: Story = {
  tags: ['!visual'],
  args: {
    title: 'Stop the bot?',
    confirmLabel: 'Stop bot',
    fields: [
      { kind: 'checkbox', name: 'notify', label: 'Tell users', defaultChecked: true },
      { kind: 'input', name: 'reason', label: 'Reason', rules: { required: true } },
    ],
  },
  play: async ({ args }) => {
    let ranAt = 0;
    const onConfirm = args.onConfirm as Mock<NonNullable<FeatureArgs['onConfirm']>>;
    onConfirm.mockImplementation(() => {
      ranAt = performance.now();
    });
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Maintenance');
    const pressed = performance.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop bot' }));
    // It closes first ...
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(onConfirm).not.toHaveBeenCalled();
    // ... and runs its action about 200 ms after the press, with the values.
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await expect(ranAt - pressed).toBeGreaterThanOrEqual(CONFIRM_CLOSE_DELAY_MS - 5);
    await expect(onConfirm).toHaveBeenCalledWith({ notify: true, reason: 'Maintenance' });
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const CancelCallback: Story = {
  tags: ['!visual'],
  args: {
    trigger: <Button>Delete item</Button>,
    title: 'Delete this item?',
    variant: 'destructive',
    confirmLabel: 'Delete',
  },
  play: async ({ args, canvasElement }) => {
    // Hidden from the accessibility tree while the modal is open.
    const trigger = within(canvasElement).getByRole('button', {
      name: 'Delete item',
      hidden: true,
    });
    await screen.findByRole('dialog');
    // Escape ...
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    // ... gives the focus back to what opened the dialog.
    await expect(trigger).toHaveFocus();
    // The cancel button.
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(2);
    // A tap on the dimmed page around it.
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    const overlay = document.querySelector('[data-slot="confirm-dialog-overlay"]');
    await userEvent.click(overlay as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(3);
    await sleep(CONFIRM_CLOSE_DELAY_MS + 50);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const ReopenStartsFresh: Story = {
  args: {
    trigger: <Button>Add channel</Button>,
    title: 'Add a channel',
    fields: [
      { kind: 'input', name: 'link', label: 'Channel link', rules: { mustInclude: 't.me/' } },
      { kind: 'checkbox', name: 'ban', label: 'Ban users who leave it', defaultChecked: true },
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'wrong');
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('It must include t.me/.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add channel' }));
    // Reopening starts from the defaults, with no error left over.
    const reopened = await screen.findByRole('dialog');
    await expect(within(reopened).getByRole('textbox')).toHaveValue('');
    await expect(within(reopened).getByRole('checkbox')).toBeChecked();
    await expect(within(reopened).queryByRole('alert')).toBeNull();
  },
};

function ControlledStory(args: FeatureArgs) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Stop bot</Button>
      <ConfirmDialog
        {...args}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange?.(next);
        }}
      />
    </>
  );
}

export const Controlled: Story = {
  tags: ['!visual'],
  args: { defaultOpen: false, title: 'Stop the bot?', confirmLabel: 'Stop' },
  render: (args) => <ControlledStory {...args} />,
  play: async ({ args, canvasElement }) => {
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Stop bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledWith({}));
  },
};

/** TypedConfirmDialog wired to the story's spies. */
function Typed({ action, args }: { action: 'stop' | 'delete'; args: FeatureArgs }) {
  return (
    <TypedConfirmDialog
      defaultOpen
      action={action}
      biometric={args.authenticate ? { authenticate: args.authenticate } : undefined}
      onConfirm={args.onTypedConfirm}
      onCancel={args.onCancel}
      onOpenSettings={args.onOpenSettings}
    />
  );
}

export const StopBotTyped: Story = {
  tags: ['!visual'],
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(async (): Promise<BiometricResult> => 'unavailable'),
  },
  render: (args) => <Typed action="stop" args={args} />,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    const input = await within(dialog).findByRole('textbox', {
      name: "Type 'stop bot' to confirm",
    });
    await expect(args.authenticate).toHaveBeenCalledTimes(1);
    // Unavailable biometrics fall back silently: no message, the caret in the input.
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await expect(within(dialog).queryByRole('status')).toBeNull();
    await waitFor(() => expect(input).toHaveFocus());
    const confirm = within(dialog).getByRole('button', { name: 'Stop bot' });
    await userEvent.type(input, 'stop bo');
    await userEvent.tab();
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "You must type 'stop bot' to confirm.",
    );
    await expect(confirm).toBeDisabled();
    await userEvent.type(input, 't');
    await expect(input).toHaveValue('stop bot');
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(args.onTypedConfirm).toHaveBeenCalledWith('phrase'));
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const DeleteBotTyped: Story = {
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(async (): Promise<BiometricResult> => 'unavailable'),
  },
  render: (args) => <Typed action="delete" args={args} />,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete the bot?' });
    const input = await within(dialog).findByRole('textbox', {
      name: "Type 'delete my bot' to confirm",
    });
    const confirm = within(dialog).getByRole('button', { name: 'Delete bot' });
    // Exactly the phrase: a capital letter is not it. Enter tries to confirm.
    await userEvent.type(input, 'Delete my bot{Enter}');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent("'delete my bot' required");
    await expect(input).toHaveFocus();
    await expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'delete my bot');
    await expect(within(dialog).queryByRole('alert')).toBeNull();
    await expect(confirm).toBeEnabled();
    await expect(args.onTypedConfirm).not.toHaveBeenCalled();
  },
};

export const BiometricChecking: Story = {
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(() => new Promise<BiometricResult>(() => {})),
  },
  render: (args) => <Typed action="stop" args={args} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await expect(within(dialog).getByRole('status')).toHaveTextContent("Confirm it's you…");
    await expect(within(dialog).getByRole('button', { name: 'Stop bot' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(within(dialog).queryByRole('textbox')).toBeNull();
  },
};

export const BiometricSucceeds: Story = {
  tags: ['!visual'],
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(async (): Promise<BiometricResult> => {
      await sleep(300);
      return 'ok';
    }),
  },
  render: (args) => <Typed action="delete" args={args} />,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete the bot?' });
    // While the check runs there is nothing to type.
    await expect(within(dialog).queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onTypedConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onTypedConfirm).toHaveBeenCalledWith('biometric'));
    await expect(args.authenticate).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const BiometricDenied: Story = {
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(async (): Promise<BiometricResult> => 'denied'),
  },
  render: (args) => <Typed action="stop" args={args} />,
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Allow it in settings to confirm with biometrics.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open settings' }));
    await expect(args.onOpenSettings).toHaveBeenCalledTimes(1);
    // The typed phrase still works.
    await expect(
      within(dialog).getByRole('textbox', { name: "Type 'stop bot' to confirm" }),
    ).toBeInTheDocument();
  },
};

export const BiometricFails: Story = {
  args: {
    onTypedConfirm: fn(),
    onOpenSettings: fn(),
    authenticate: fn(async (): Promise<BiometricResult> => 'failed'),
  },
  render: (args) => <Typed action="stop" args={args} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Verification failed. Please try again.',
    );
    await expect(
      within(dialog).getByRole('textbox', { name: "Type 'stop bot' to confirm" }),
    ).toHaveFocus();
  },
};

export const KeyboardPath: Story = {
  tags: ['!visual'],
  args: {
    defaultOpen: false,
    trigger: <Button>Stop bot</Button>,
    title: 'Stop the bot?',
    confirmLabel: 'Stop',
    fields: [
      { kind: 'checkbox', name: 'understood', label: 'Users get no answers', required: true },
      { kind: 'input', name: 'reason', label: 'Reason', rules: { required: true } },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Stop bot' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Stop the bot?' });
    const box = within(dialog).getByRole('checkbox', { name: 'Users get no answers' });
    const input = within(dialog).getByRole('textbox', { name: 'Reason' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Stop' });
    // Focus starts on the first field; Space ticks it.
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    // Tab walks the fields and the buttons, and wraps inside the dialog.
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Update');
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(input).toHaveFocus();
    // Enter in the input confirms, as everything is valid.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await waitFor(() =>
      expect(args.onConfirm).toHaveBeenCalledWith({ understood: true, reason: 'Update' }),
    );
  },
};

const ARABIC_PERMISSIONS = {
  manage_msg: 'إدارة الرسائل والقوائم والأوامر والأسئلة والأجوبة ومعاملات البدء',
  ban_users: 'حظر المستخدمين',
  unban_users: 'إلغاء حظر المستخدمين',
  add_admins: 'تعيين المشرفين',
  remove_admins: 'إزالة المشرفين',
  adv_and_media: 'إدارة الإعدادات المتقدمة والوسائط',
  get_reply: 'استلام ردود المستخدمين',
  stop_bot: 'إيقاف البوت',
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    title: 'تعيين مشرف',
    text: 'اختر ما يمكن لـ @alex فعله في هذا البوت.',
    confirmLabel: 'تعيين',
    cancelLabel: 'إلغاء',
    fields: adminPermissionFields({}, ARABIC_PERMISSIONS),
    validate: validateAdminPermissionValues,
    formatError: () => 'يُرجى اختيار صلاحية واحدة على الأقل لتعيين المشرف.',
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'تعيين مشرف' });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const confirm = within(dialog).getByRole('button', { name: 'تعيين' });
    const cancel = within(dialog).getByRole('button', { name: 'إلغاء' });
    // The row mirrors: cancel, first in reading order, sits on the right.
    await expect(cancel.getBoundingClientRect().left).toBeGreaterThan(
      confirm.getBoundingClientRect().left,
    );
    await userEvent.click(confirm);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'يُرجى اختيار صلاحية واحدة على الأقل',
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    variant: 'destructive',
    title: 'Delete all messages?',
    text: 'Every message of this menu is removed.',
    confirmLabel: 'Delete',
    fields: [
      {
        kind: 'checkbox',
        name: 'understood',
        label: "I understand this can't be undone",
        description: 'Buttons that open this menu stop working.',
        required: true,
      },
      {
        kind: 'input',
        name: 'menu',
        label: 'Menu name',
        rules: { required: true, mustStart: 'menu_' },
      },
    ],
  },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Delete all messages?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Menu name' }), 'shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Pressing confirm shows every error, the untouched box's too, and focuses the first.
    await expect(within(dialog).getAllByRole('alert')).toHaveLength(2);
    await expect(within(dialog).getByRole('checkbox')).toHaveFocus();
  },
};
