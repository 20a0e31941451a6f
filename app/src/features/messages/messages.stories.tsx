import { EMOJI_EFFECT_IDS, noPermissions } from '@botdeck/core';
import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { knownRole, type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { scriptedTestDrive } from '../../dev/test-drive-script';
import { createDraftStore } from '../../shell/drafts';
import { draftKeyOf, type StoredDraft } from './message-draft';

/** The dialog's code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

// "Try it" opens the test drive, played by the stories' scripted stand-in (no bot runs here).
const drive = scriptedTestDrive();
const { base, backend, backendWith, loading, withPlatform, traffic } = screenStories({
  route: '/menu-messages?bot=1&ind=0',
  testDrive: drive,
  beforeEach: () => drive.reset(),
});

/** The msgdata of each upload the story sent. */
const uploads = () =>
  traffic
    .filter((event) => event.name === 'uploadMessage')
    .map(
      (event) => JSON.parse(String(event.request.form?.fields.msgdata)) as Record<string, unknown>,
    );

const meta = {
  title: 'Screens/Messages',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const messageList = (name = 'Messages') => within(screen.getByRole('list', { name }));
/** An entry of the list: its name is its visible text, "Message 2" and the start of the text. */
const entry = (name: string, list = 'Messages') =>
  messageList(list).getByRole('button', { name: new RegExp(`^${name}(\\s|$)`) });
const textBox = () => screen.getByRole('textbox', { name: 'Text' });
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const status = () =>
  screen.getAllByRole('status').find((element) => element.tagName === 'P') as HTMLElement;

/** Picks an option of a select in the button form; the list is portalled onto the body. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Puts `text` into a field the way a paste does: one input event, not one per key. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/** Adds a button through the grid's form. */
async function addButton(name: string, type: string, value: string, row: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add button' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add button' }, FIRST_USE);
  await fill(within(dialog).getByRole('textbox', { name: 'Name' }), name);
  await choose(dialog, 'Type', type);
  if (type === 'Url') await fill(within(dialog).getByRole('textbox', { name: 'URL' }), value);
  else await choose(dialog, type, value);
  await choose(dialog, 'Row', row);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

export const MenuMessage: Story = {
  play: async () => {
    await expect(await heading('prices')).toBeVisible();
    await expect(screen.getByText('1 of 1 message')).toBeVisible();
    await expect(screen.getByText('Free')).toBeVisible();
    await expect(entry('Message 1')).toHaveAttribute('aria-current', 'true');
    await expect(entry('Message 1')).toHaveTextContent('Bread from 2 €, cakes from 15 €.');
    await expect(screen.getByRole('heading', { level: 2, name: 'Message 1' })).toBeVisible();
    await expect(textBox()).toHaveValue('Bread from 2 €, cakes from 15 €.');
    await expect(saveButton()).toBeDisabled();
    // The emoji effect belongs to the start message alone.
    await expect(screen.queryByRole('radiogroup', { name: 'Effect' })).toBeNull();
  },
};

export const AdminWithoutManageMessages: Story = {
  // Reached from Team Desk's dashboard as an admin who may ban users but not manage messages:
  // each message shows as members see it, and nothing offers a change.
  args: { route: '/menu-messages?bot=5&ind=0' },
  decorators: knownRole(5, { ...noPermissions(), ban_users: true }),
  play: async () => {
    await expect(await heading('tickets')).toBeVisible();
    await expect(screen.getByRole('note')).toHaveTextContent(
      'You can read these messages, but changing them needs the permission “Manage messages, menus, commands, Q&A and payloads”.',
    );
    await expect(
      await screen.findByText('Open a ticket with /ticket.', { selector: 'figure *' }),
    ).toBeVisible();
    await expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Add message' })).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  },
};

export const SaveRefusedByTheServer: Story = {
  // The same admin, the page opened without the dashboard: the app does not know the role, so
  // the editor is offered and the server refuses the save. Its refusal is the Restricted dialog,
  // and what was typed is kept.
  tags: ['!visual'],
  args: { route: '/menu-messages?bot=5&ind=0' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 5)!;
    const admin = bot.admins.find((candidate) => candidate.permissions.ban_users)!;
    admin.permissions.manage_msg = false;
  }),
  play: async () => {
    await expect(await heading('tickets')).toBeVisible();
    await userEvent.type(textBox(), ' Today.');
    await userEvent.click(saveButton());
    const refusal = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await userEvent.click(within(refusal).getByRole('button', { name: 'OK' }));
    await expect(textBox()).toHaveValue('Open a ticket with /ticket. Today.');
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const LoadFails: Story = {
  parameters: backend(networkError('/api/menumsgs')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Back' })).toBeVisible();
    // Trying again asks the server again (still unreachable here, so it says so again).
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await screen.findByRole('alertdialog');
    await expect(again).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(again).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const LockedItem: Story = {
  // Dana Helper is Free: its fourth command is beyond the plan's three.
  args: { route: '/cmd-messages?bot=1&ind=3' },
  play: async () => {
    const lock = 'This item is not included in your plan. Upgrade to use it.';
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(lock);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('heading', { name: lock })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

export const MissingItem: Story = {
  tags: ['!visual'],
  args: { route: '/qa-messages?bot=1' },
  play: async () => {
    await expect(await heading('Q&A')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(traffic).toHaveLength(0);
  },
};

export const FreeLimit: Story = {
  play: async () => {
    await heading('prices');
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await expect(dialog).toHaveTextContent(
      "You have reached your plan's limit. Upgrade to add more.",
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'See plans' })).toBeVisible(),
    );
    // The plan says no before the server is asked.
    await expect(traffic.map((event) => event.name)).toEqual(['messages.menumsgs.read']);
  },
};

export const ProSeveralMessages: Story = {
  args: { route: '/menu-messages?bot=2&ind=0' },
  play: async () => {
    await heading('help');
    await expect(screen.getByText('2 of 7 messages')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add message' }));
    await waitFor(() => expect(entry('Message 3')).toHaveAttribute('aria-current', 'true'));
    await expect(entry('Message 1')).not.toHaveAttribute('aria-current');
    await expect(screen.getByRole('heading', { level: 2, name: 'Message 3' })).toBeVisible();
    await expect(textBox()).toHaveValue('Edit this message.');
    await expect(screen.getByText('3 of 7 messages')).toBeVisible();
    await expect(status()).toHaveTextContent('Message added.');
    // Back to the first: the editor follows the list.
    await userEvent.click(entry('Message 1'));
    await expect(textBox()).toHaveValue('How can we help?');
  },
};

export const DeleteFirstRefused: Story = {
  args: { route: '/menu-messages?bot=2&ind=0' },
  play: async () => {
    await heading('help');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Message 1' }));
    // Refused at once, with the rule's own words; nothing is asked, nothing is sent.
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await expect(dialog).toHaveTextContent("Can't delete the first message");
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(traffic.some((event) => event.name === 'messages.menumsgs.remove')).toBe(false);
  },
};

export const DeleteConfirm: Story = {
  args: { route: '/menu-messages?bot=2&ind=0' },
  play: async () => {
    await heading('help');
    await userEvent.click(entry('Message 2'));
    await expect(textBox()).toHaveValue('Payments go through Telegram Stars.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Message 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Message 2?' });
    // The safe answer has the focus; nothing is sent before the user confirms.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(traffic.some((event) => event.name === 'messages.menumsgs.remove')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The dialog closes first and deletes about 200 ms later (SPEC 4), then the server answers.
    await waitFor(() => expect(messageList().getAllByRole('listitem')).toHaveLength(1), {
      timeout: 3000,
    });
    await expect(entry('Message 1')).toHaveAttribute('aria-current', 'true');
    await expect(textBox()).toHaveValue('How can we help?');
    await expect(status()).toHaveTextContent('Message deleted.');
    await expect(screen.getByText('1 of 7 messages')).toBeVisible();
  },
};

export const QaPairs: Story = {
  args: { route: '/qa-messages?bot=2&ind=0' },
  play: async () => {
    await heading('payment');
    // Responses count against the plan; the question does not.
    await expect(screen.getByText('2 of 7 responses')).toBeVisible();
    const entries = messageList()
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('button')[0]);
    const names = ['Question', 'Response message 1', 'Response message 2'];
    await expect(entries).toHaveLength(names.length);
    for (const [index, name] of names.entries()) {
      await expect(entries[index]).toHaveAccessibleName(new RegExp(`^${name} `));
    }
    await expect(textBox()).toHaveValue('How do I pay?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Question' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent("Can't delete a question message");
  },
};

export const QaNeedsTwo: Story = {
  args: { route: '/qa-messages?bot=2&ind=0' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((candidate) => candidate.id === 2);
    const payment = bot?.lists.question[0];
    if (payment) payment.messages = payment.messages.slice(0, 1);
  }),
  play: async () => {
    await heading('payment');
    await expect(screen.getByText('0 of 7 responses')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Question' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      'A Q&A needs at least 2 messages before one can be deleted.',
    );
  },
};

export const StartMessageEffect: Story = {
  args: { route: '/startmsg?bot=2' },
  play: async () => {
    await heading('Start message');
    const effects = screen.getByRole('radiogroup', { name: 'Effect' });
    await expect(within(effects).getByRole('radio', { name: 'Fire' })).toBeChecked();
    await userEvent.click(within(effects).getByRole('radio', { name: 'Heart' }));
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Message saved.')).toBeVisible();
    await expect(uploads()).toEqual([
      expect.objectContaining({ act: 'startmsg', ind: 0, ind2: 0, effect: EMOJI_EFFECT_IDS.heart }),
    ]);
    // The editor starts again from what the server stored.
    await expect(
      within(screen.getByRole('radiogroup', { name: 'Effect' })).getByRole('radio', {
        name: 'Heart',
      }),
    ).toBeChecked();
    await expect(saveButton()).toBeDisabled();
  },
};

/**
 * Dana's bot is on Free, which opens 4 start payloads; its fifth ("vip") is locked. A Start
 * Payload button is offered the four open ones to point at, and "vip" only disabled, saying why:
 * the bot would answer a tap on it with the lock text.
 */
export const LockedPayloadOfferedDisabled: Story = {
  tags: ['!visual'],
  args: { route: '/startmsg?bot=1' },
  play: async () => {
    await heading('Start message');
    await userEvent.click(screen.getByRole('button', { name: 'Add button' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add button' }, FIRST_USE);
    await choose(dialog, 'Type', 'Start Payload');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Start payload' }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'welcome_ad',
      'summer',
      'partner',
      'newsletter',
      'vip (not in your plan)',
    ]);
    await expect(screen.getByRole('option', { name: 'vip (not in your plan)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(screen.getByRole('option', { name: 'newsletter' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(within(dialog).getByRole('combobox', { name: 'Start payload' })).toHaveTextContent(
      'Choose one',
    );
  },
};

const HOURS_DRAFT_KEY = draftKeyOf(1, 'menu', { index: 1, name: 'hours' }, 0);

export const SaveSucceeds: Story = {
  args: { route: '/menu-messages?bot=1&ind=1' },
  play: async ({ loaded }) => {
    const { platform } = loaded;
    await heading('hours');
    await fill(textBox(), ' <b>Holidays vary.</b>');
    await userEvent.click(screen.getByRole('switch', { name: 'HTML format' }));
    await addButton('Call us', 'Url', 'https://example.com/call', 'New row');
    await addButton('Prices', 'Menu', 'prices', 'New row');
    await expect(screen.getAllByRole('row')).toHaveLength(2);
    // While unsaved, the edits are kept as a draft and Telegram asks before closing.
    await waitFor(async () =>
      expect(await platform.cloudStorage.getItem(HOURS_DRAFT_KEY)).not.toBeNull(),
    );
    await expect(platform.store.getSnapshot().closingConfirmation).toBe(true);

    await userEvent.click(saveButton());
    await expect(await screen.findByText('Message saved.')).toBeVisible();
    await expect(saveButton()).toBeDisabled();
    await expect(uploads()).toEqual([
      expect.objectContaining({
        act: 'menumsgs',
        ind: 1,
        ind2: 0,
        qa: false,
        text: 'Mon–Sat 7:00–19:00, closed on Sundays. <b>Holidays vary.</b>',
        format: true,
        effect: null,
        buttons: [
          { text: 'Call us', type: 'Url', value: 'https://example.com/call', row: 0 },
          { text: 'Prices', type: 'Menu', value: 'prices', row: 1 },
        ],
      }),
    ]);
    // Saved: no draft left, no closing question.
    await waitFor(async () =>
      expect(await platform.cloudStorage.getItem(HOURS_DRAFT_KEY)).toBeNull(),
    );
    await expect(platform.store.getSnapshot().closingConfirmation).toBe(false);
    await expect(
      within(screen.getByRole('figure', { name: 'Message preview' })).getByText('Holidays vary.')
        .tagName,
    ).toBe('STRONG');
  },
};

/** A 1×1 PNG, small enough to upload in a story. */
const PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

export const UploadPhoto: Story = {
  tags: ['!visual'],
  args: { route: '/menu-messages?bot=1&ind=1' },
  play: async () => {
    await heading('hours');
    await userEvent.click(screen.getByRole('radio', { name: 'Photo' }));
    await userEvent.upload(
      screen.getByLabelText('Upload photo'),
      new File([PIXEL_PNG], 'opening-hours.png', { type: 'image/png' }),
    );
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Message saved.')).toBeVisible();
    const [sent] = traffic.filter((event) => event.name === 'uploadMessage');
    await expect(sent?.request.form?.files.file?.name).toBe('opening-hours.png');
    await expect(uploads()).toEqual([
      expect.objectContaining({ media_type: 'photo', ufile: null, rem: false, m_url: null }),
    ]);
    // The editor now shows the stored photo, and nothing is left to save.
    await expect(screen.getByRole('img', { name: 'The current photo' })).toBeVisible();
    await expect(saveButton()).toBeDisabled();
  },
};

export const DraftKeptWhileSwitching: Story = {
  tags: ['!visual'],
  args: { route: '/menu-messages?bot=2&ind=0' },
  play: async () => {
    await heading('help');
    await userEvent.type(textBox(), ' We reply within a day.');
    // Away before the pause that writes the draft: leaving writes it at once.
    await userEvent.click(entry('Message 2'));
    await expect(textBox()).toHaveValue('Payments go through Telegram Stars.');
    await userEvent.click(entry('Message 1'));
    const offer = await screen.findByRole('region', {
      name: 'You have unsaved changes from before',
    });
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    await expect(textBox()).toHaveValue('How can we help? We reply within a day.');
  },
};

export const TryItWithUnsavedEdits: Story = {
  tags: ['!visual'],
  args: { route: '/startmsg?bot=1' },
  play: async () => {
    await heading('Start message');
    await userEvent.clear(textBox());
    await userEvent.type(textBox(), 'Hello from the draft!');
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    // The test drive opens at the start message and tries it as edited, not as saved.
    const log = within(await screen.findByRole('log', { name: 'Chat' }));
    await expect(await log.findByText('Hello from the draft!')).toBeVisible();
    await expect(screen.getByText('You are trying your unsaved changes.')).toBeVisible();
    const start = traffic.find((event) => event.name === 'testDrive.start');
    await expect(start?.request.body).toMatchObject({
      bot_id: 1,
      start: {
        scene: 'private',
        draft: {
          act: 'startmsg',
          mi: 0,
          messages: [{ text: 'Hello from the draft!', media: null, media_type: null }],
        },
      },
    });
  },
};

export const TryItOpensTheCommand: Story = {
  tags: ['!visual'],
  args: { route: '/cmd-messages?bot=1&ind=0' },
  play: async () => {
    await heading('/help');
    await userEvent.click(screen.getByRole('button', { name: 'Try it' }));
    const log = within(await screen.findByRole('log', { name: 'Chat' }));
    await expect(await log.findByText('Send /menu to see what I can do.')).toBeVisible();
    const act = traffic.find((event) => event.name === 'testDrive.act');
    await expect(act?.request.body).toMatchObject({
      act: { type: 'send', text: '/help' },
      draft: { act: 'cmdmsgs', mi: 0 },
    });
  },
};

export const BackToTheList: Story = {
  tags: ['!visual'],
  args: { route: '/qa-messages?bot=2&ind=0' },
  play: async ({ loaded }) => {
    await heading('payment');
    await expect(loaded.platform.store.getSnapshot().backButton.visible).toBe(true);
    loaded.platform.clickBackButton();
    await expect(await heading('Q&A')).toBeVisible();
    await expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
  },
};

export const BackToTheDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/startmsg?bot=2' },
  play: async ({ loaded }) => {
    await heading('Start message');
    loaded.platform.clickBackButton();
    await expect(await heading('Pixel Store')).toBeVisible();
  },
};

export const SaveFails: Story = {
  args: { route: '/menu-messages?bot=1&ind=1' },
  parameters: backend(failing('/api/uploadMsg', { msg: 'Telegram refused this message.' })),
  play: async () => {
    await heading('hours');
    await userEvent.type(textBox(), ' Closed on holidays.');
    await userEvent.click(saveButton());
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('Telegram refused this message.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Still unsaved: the text stays and Save can be tried again, where the person left off.
    await expect(textBox()).toHaveValue(
      'Mon–Sat 7:00–19:00, closed on Sundays. Closed on holidays.',
    );
    await expect(saveButton()).toBeEnabled();
    await waitFor(() => expect(saveButton()).toHaveFocus());
    await expect(status()).toHaveTextContent('');
  },
};

export const TooLong: Story = {
  play: async () => {
    await heading('prices');
    const long = 'x'.repeat(1100);
    await userEvent.clear(textBox());
    await userEvent.paste(long);
    await expect(
      screen.getByText("The message can't be longer than 1,024 characters on your plan."),
    ).toBeVisible();
    await expect(screen.getByText('1100/1024')).toBeVisible();
    // Nothing typed is cut; it just cannot be saved.
    await expect(textBox()).toHaveValue(long);
    await expect(saveButton()).toBeDisabled();
  },
};

const PRICES_DRAFT: StoredDraft = {
  v: 1,
  text: 'Bread from 2 €, cakes from 12 € this week!',
  html: false,
  effect: 'none',
  media: {
    type: 'photo',
    fileId: null,
    url: '/uploads/seed-prices.svg',
    remove: false,
    pickedFile: null,
  },
  buttons: [[{ text: 'Allergens', type: 'Popup', value: 'Ask us about allergens in store' }]],
};

const PRICES_DRAFT_KEY = draftKeyOf(1, 'menu', { index: 0, name: 'prices' }, 0);
const OFFER = 'You have unsaved changes from before';

/** A platform whose CloudStorage already holds `draft` for the prices menu's message. */
const withDraft = (draft: StoredDraft) =>
  withPlatform((platform) =>
    createDraftStore(platform.cloudStorage).write(PRICES_DRAFT_KEY, draft),
  );

export const DraftOffered: Story = {
  loaders: withDraft({
    ...PRICES_DRAFT,
    media: { ...PRICES_DRAFT.media, pickedFile: 'cakes-week.jpg' },
  }),
  play: async () => {
    await heading('prices');
    const offer = await screen.findByRole('region', { name: OFFER });
    // A picked file cannot be kept: the user is told to pick it again.
    await expect(offer).toHaveTextContent(
      "After restoring, pick “cakes-week.jpg” again: files from your device aren't kept in drafts.",
    );
    // Nothing changes until the user chooses.
    await expect(textBox()).toHaveValue('Bread from 2 €, cakes from 15 €.');
    await expect(saveButton()).toBeDisabled();
  },
};

export const DraftRestored: Story = {
  tags: ['!visual'],
  loaders: withDraft(PRICES_DRAFT),
  play: async ({ loaded }) => {
    await heading('prices');
    const offer = await screen.findByRole('region', { name: OFFER });
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    await expect(textBox()).toHaveValue(PRICES_DRAFT.text);
    await waitFor(() => expect(textBox()).toHaveFocus());
    await expect(saveButton()).toBeEnabled();
    await expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(true);
  },
};

export const DraftDiscarded: Story = {
  tags: ['!visual'],
  loaders: withDraft(PRICES_DRAFT),
  play: async ({ loaded }) => {
    await heading('prices');
    const offer = await screen.findByRole('region', { name: OFFER });
    await userEvent.click(within(offer).getByRole('button', { name: 'Discard' }));
    await expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    await expect(textBox()).toHaveValue('Bread from 2 €, cakes from 15 €.');
    await waitFor(async () =>
      expect(await loaded.platform.cloudStorage.getItem(PRICES_DRAFT_KEY)).toBeNull(),
    );
  },
};

export const DraftFollowsItsMessage: Story = {
  tags: ['!visual'],
  args: { route: '/menu-messages?bot=2&ind=0' },
  parameters: backendWith((data) => {
    const help = data.bots.find((bot) => bot.id === 2)?.lists.menu[0];
    const [first] = help?.messages ?? [];
    if (help && first) help.messages.push({ ...first, text: 'Still stuck? Write to us.' });
  }),
  loaders: withPlatform((platform) =>
    createDraftStore(platform.cloudStorage).write(
      draftKeyOf(2, 'menu', { index: 0, name: 'help' }, 2),
      {
        ...PRICES_DRAFT,
        text: 'Still stuck? Write to @pixel_support.',
        media: { ...PRICES_DRAFT.media, type: null, url: null },
        buttons: [],
      },
    ),
  ),
  play: async ({ loaded }) => {
    await heading('help');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Message 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Message 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(messageList().getAllByRole('listitem')).toHaveLength(2), {
      timeout: 3000,
    });
    // The third message is now the second, and its draft went with it.
    await userEvent.click(entry('Message 2'));
    const offer = await screen.findByRole('region', { name: OFFER });
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    await expect(textBox()).toHaveValue('Still stuck? Write to @pixel_support.');
    const old = draftKeyOf(2, 'menu', { index: 0, name: 'help' }, 2);
    await expect(await loaded.platform.cloudStorage.getItem(old)).toBeNull();
  },
};

export const ArabicLatinExcerptCutAtItsEnd: Story = {
  tags: ['!visual'],
  // An English message in an Arabic list: its excerpt is cut at its end ("Welcome to Pixel…"),
  // never at its start ("…tore! Digital goods").
  globals: { locale: 'ar' },
  args: { route: '/startmsg?bot=2' },
  play: async () => {
    const excerpt = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('[data-truncates]')].find(
        (element) => element.textContent?.startsWith('Welcome to Pixel Store!'),
      );
      if (!found) throw new Error('no excerpt of the start message');
      return found;
    });
    // It is cut: wider than its box.
    await expect(excerpt.scrollWidth).toBeGreaterThan(excerpt.clientWidth);
    const text = document.createTreeWalker(excerpt, NodeFilter.SHOW_TEXT).nextNode() as Text;
    const first = document.createRange();
    first.setStart(text, 0);
    first.setEnd(text, 1);
    const box = excerpt.getBoundingClientRect();
    const letter = first.getBoundingClientRect();
    // The first letter ("W") is in view, at the box's left edge.
    await expect(letter.left).toBeGreaterThanOrEqual(box.left - 1);
    await expect(letter.right).toBeLessThanOrEqual(box.right + 1);
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: { route: '/menu-messages?bot=2&ind=0' },
  play: async () => {
    // A short Latin excerpt sits at the row's start, the right, like the row's name.
    const short = await screen.findByText('How can we help?', { selector: '[data-truncates]' });
    await expect(short.getBoundingClientRect().right).toBeGreaterThan(
      (short.parentElement as HTMLElement).getBoundingClientRect().right - 1,
    );
    const one = new Intl.NumberFormat('ar').format(1);
    await expect(await heading('help')).toBeVisible();
    const first = entry(`الرسالة \u2068${one}\u2069`, 'الرسائل');
    await expect(first).toHaveAttribute('aria-current', 'true');
    // Mirrored: the delete button sits at the row's left end, the marker at its right.
    const remove = screen.getByRole('button', {
      name: `حذف \u2068الرسالة \u2068${one}\u2069\u2069`,
    });
    await expect(remove.getBoundingClientRect().left).toBeLessThan(
      first.getBoundingClientRect().left,
    );
    await expect(screen.getByRole('textbox', { name: 'النص' })).toHaveValue('How can we help?');
  },
};
