import { failing } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StrictMode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { scriptedTestDrive } from '../../dev/test-drive-script';
import { putTestDriveDraft } from '../../shell/test-drive-hand-over';

// No bot runs in a browser: a scripted test drive plays the seed's Dana Helper (bot 1), its
// start message, menus, start link and commands, and in a group the newcomer's captcha and
// group protection (dev/test-drive-script.ts). It is put back before each story.
const drive = scriptedTestDrive();
const { base, backend, loading, traffic } = screenStories({
  route: '/testdrive?bot=1',
  testDrive: drive,
  beforeEach: () => drive.reset(),
});

const meta = {
  title: 'Screens/TestDrive',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** How long an answer of the drive may take on a busy machine. */
const ANSWERED = { timeout: 5000 };

const calls = (name: string) => traffic.filter((event) => event.name === name);
const chat = () => screen.findByRole('log', { name: 'Chat' });
const composer = () => screen.findByRole('textbox', { name: 'Message' });

/** Opens the private chat with START and waits for the welcome. */
async function started() {
  await userEvent.click(await screen.findByRole('button', { name: 'Start the bot' }));
  const log = within(await chat());
  await expect(await log.findByText('Pick a menu below.', { exact: false })).toBeVisible();
  return log;
}

/**
 * Presses a button of the chat once the chat takes presses again: the bot's wait can draw the
 * message before the last action's own answer ends, and until then a press is not taken.
 */
async function press(log: ReturnType<typeof within>, name: string) {
  const button = await log.findByRole('button', { name });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await userEvent.click(button);
}

/** Writes `text` in the composer and sends it. */
async function send(text: string) {
  await userEvent.type(await composer(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

/** Joins the group with the scene's Join button. */
async function join() {
  await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Join' })).toBeNull());
  // The bot's wait may bring the new chat before the join's own answer ends the typing.
  await waitFor(() => expect(screen.queryByText('bot is typing…')).toBeNull());
}

export const NewPrivateChat: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Dana Helper' })).toBeVisible();
    await expect(screen.getByText('bot')).toBeVisible();
    await expect(await screen.findByRole('button', { name: 'Start the bot' })).toHaveTextContent(
      'START',
    );
    const scene = screen.getByRole('radiogroup', { name: 'Where to try the bot' });
    await expect(within(scene).getByRole('radio', { name: 'Private chat' })).toBeChecked();
    // One session per opening of the screen, and nothing else asked yet but the bot's wait.
    await expect(calls('testDrive.start')).toHaveLength(1);
    await expect(calls('testDrive.act')).toHaveLength(0);
  },
};

export const OneSessionInStrictMode: Story = {
  tags: ['!visual'],
  // The app runs in React's strict mode, which mounts every effect twice at once: the screen
  // still opens one session, and ends none of it.
  decorators: [
    (Story) => (
      <StrictMode>
        <Story />
      </StrictMode>
    ),
  ],
  play: async () => {
    await started();
    await new Promise((done) => setTimeout(done, 300));
    await expect(calls('testDrive.start')).toHaveLength(1);
    await expect(calls('testDrive.end')).toHaveLength(0);
    await expect(calls('testDrive.act').map((event) => event.request.body)).toMatchObject([
      { session: 'drive-1', act: { type: 'start' } },
    ]);
  },
};

export const StartedWithKeyboard: Story = {
  play: async () => {
    const log = await started();
    await expect(log.getByText('/start')).toBeVisible();
    const keyboard = log.getByRole('group', { name: 'Buttons' });
    const buttons = within(keyboard).getAllByRole('button');
    await expect(buttons.map((button) => button.textContent)).toEqual([
      'Prices',
      'Opening hours',
      'Website',
      'Summer offer',
      'Do you deliver?',
    ]);
    await expect(
      within(keyboard).getByRole('button', { name: 'Summer offer, opens a link' }),
    ).toBeVisible();
    await expect(calls('testDrive.act').map((event) => event.request.body)).toMatchObject([
      { act: { type: 'start' } },
    ]);
    await expect(await composer()).toBeEnabled();
  },
};

export const StartLinkFollowed: Story = {
  play: async () => {
    const log = await started();
    // A start link of this very bot is followed in the drive, not opened in Telegram.
    await press(log, 'Summer offer, opens a link');
    await expect(await log.findByText('Summer offer: free coffee with every cake.')).toBeVisible();
    await expect(log.getByText('/start sp-summer')).toBeVisible();
    await expect(calls('testDrive.act').at(-1)?.request.body).toMatchObject({
      act: { type: 'press', row: 1, column: 1 },
    });
  },
};

export const OtherLinksOpenOutside: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const log = await started();
    const acts = calls('testDrive.act').length;
    // Not a start link of this bot: Telegram would open it, and so does the platform.
    await press(log, 'Website, opens a link');
    await waitFor(() =>
      expect(loaded.platform.store.getSnapshot().notice).toEqual({
        kind: 'link',
        url: 'https://example.com',
      }),
    );
    await expect(calls('testDrive.act')).toHaveLength(acts);
  },
};

export const BackToTheDashboard: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await started();
    loaded.platform.clickBackButton();
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Dana Helper' }),
    ).toBeVisible();
    // Leaving ends the session on the server.
    await waitFor(() =>
      expect(calls('testDrive.end').map((event) => event.request.body)).toMatchObject([
        { bot_id: 1, session: 'drive-1', end: true },
      ]),
    );
  },
};

export const PressAnsweredWithToast: Story = {
  play: async () => {
    const log = await started();
    await press(log, 'Prices');
    await expect(await log.findByText('Bread from 2 €, cakes from 15 €.')).toBeVisible();
    await press(log, 'Allergens');
    const toast = await screen.findByText('Ask us about allergens in store');
    await expect(toast).toBeVisible();
    // Telegram's notification hides itself, and the same answer is not shown again.
    await waitFor(() => expect(screen.queryByText('Ask us about allergens in store')).toBeNull(), {
      timeout: 6000,
    });
    await new Promise((done) => setTimeout(done, 300));
    await expect(screen.queryByText('Ask us about allergens in store')).toBeNull();
  },
};

export const PressAnsweredWithAlert: Story = {
  play: async () => {
    drive.settings.alerts = true;
    const log = await started();
    await press(log, 'Prices');
    await press(log, 'Allergens');
    const alert = await screen.findByRole('alertdialog');
    await expect(alert).toHaveTextContent('Ask us about allergens in store');
    await expect(within(alert).getByRole('button', { name: 'OK' })).toBeVisible();
  },
};

export const LockedCommand: Story = {
  play: async () => {
    const log = await started();
    await send('/promo');
    // The bot answers a command past the plan's limit with nothing, as live; the drive says why.
    await expect(
      await log.findByText(
        "/promo is beyond your plan's limit: the bot does not answer it. Upgrade to use it.",
      ),
    ).toBeVisible();
    await expect(await composer()).toBeEnabled();
  },
};

export const CommandFromTheList: Story = {
  play: async () => {
    await started();
    await userEvent.type(await composer(), '/he');
    const list = await screen.findByRole('listbox', { name: 'Commands' });
    await userEvent.click(within(list).getByRole('option', { name: /help/ }));
    const log = within(await chat());
    await expect(await log.findByText('Send /menu to see what I can do.')).toBeVisible();
    await expect(calls('testDrive.act').at(-1)?.request.body).toMatchObject({
      act: { type: 'send', text: '/help' },
    });
  },
};

/** The bot requires its news chat: START, the join prompt, and the join button pressed. */
async function joinedTheRequiredChat() {
  drive.settings.joinRequired = true;
  await userEvent.click(await screen.findByRole('button', { name: 'Start the bot' }));
  const log = within(await chat());
  await expect(await log.findByText('To use this bot, join these first:')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Check again' })).toBeVisible();
  // A join button opens a link in Telegram; in the drive the person joins the chat.
  await press(log, 'Dana’s Bakery News, opens a link');
  await expect(await log.findByText('You joined Dana’s Bakery News')).toBeVisible();
  await expect(calls('testDrive.act').at(-1)?.request.body).toMatchObject({
    act: { type: 'press', row: 0, column: 0 },
  });
  return log;
}

export const JoinedARequiredChat: Story = {
  play: async ({ loaded }) => {
    await joinedTheRequiredChat();
    // Joined in the drive, not opened outside it.
    await expect(loaded.platform.store.getSnapshot().notice).toBeNull();
  },
};

export const LetThroughAfterJoining: Story = {
  tags: ['!visual'],
  play: async () => {
    const log = await joinedTheRequiredChat();
    await press(log, 'Check again');
    // The prompt itself says so (edited in place), and the bot answers as usual from then on.
    await expect(
      await log.findByText('Thanks for joining! You can use the bot now.', {}, ANSWERED),
    ).toBeVisible();
    await expect(log.queryByRole('button', { name: 'Check again' })).toBeNull();
    await send('/about');
    await expect(await log.findByText('A bakery bot made with Botdeck.')).toBeVisible();
  },
};

export const SentToTheTeam: Story = {
  play: async () => {
    drive.settings.chatMode = 'team';
    const log = await started();
    await send('Do you bake on Sundays?');
    // Under the message: who the bot passed it to (chat mode), as the sandbox recorded it.
    await expect(
      await log.findByText("Sent to the bot's team: Dana Demo and Chen Haddad", {}, ANSWERED),
    ).toBeVisible();
  },
};

export const SentToTheTopic: Story = {
  play: async () => {
    drive.settings.chatMode = 'topic';
    const log = await started();
    await send('Do you bake on Sundays?');
    await expect(
      await log.findByText(
        'Sent to the topic “Dana Demo (7900000001)” in Dana Helper team',
        {},
        ANSWERED,
      ),
    ).toBeVisible();
  },
};

export const RefusalKeepsTheChat: Story = {
  args: { route: '/testdrive?bot=1&scene=group' },
  play: async () => {
    await join();
    // Restricted until the captcha is solved: Telegram would not let the newcomer write.
    await send('hello');
    const refusal = await screen.findByRole('alert');
    await expect(refusal).toHaveTextContent(
      'Telegram would not let you do that here: you are restricted, banned or not in the group.',
    );
    await expect(within(refusal).queryByRole('button', { name: 'Start again' })).toBeNull();
    // The chat goes on: the field is there to write again, the scene's buttons still work.
    await expect(await composer()).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Sticker' })).toBeEnabled();
    await userEvent.type(await composer(), 'hi');
    await expect(await composer()).toHaveValue('hi');
  },
};

/** Starts the chat, then the session ends on the server (30 minutes without a word). */
async function goneAfterStarting() {
  const log = await started();
  // Whichever call comes first says so: the bot's wait under way, or this press.
  drive.settings.gone = true;
  await press(log, 'Opening hours');
  const refusal = await screen.findByRole('alert');
  await expect(refusal).toHaveTextContent(
    'This test drive has ended. Start a new one to go on trying your bot.',
  );
  return refusal;
}

export const Gone: Story = {
  play: async () => {
    const refusal = await goneAfterStarting();
    await expect(within(refusal).getByRole('button', { name: 'Start again' })).toBeVisible();
    await expect(await composer()).toBeDisabled();
  },
};

export const StartedAgain: Story = {
  tags: ['!visual'],
  play: async () => {
    const refusal = await goneAfterStarting();
    drive.settings.gone = false;
    await userEvent.click(within(refusal).getByRole('button', { name: 'Start again' }));
    // A new session: a new chat, START again, the ended one forgotten.
    await expect(await screen.findByRole('button', { name: 'Start the bot' })).toBeVisible();
    await expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(calls('testDrive.start')).toHaveLength(2));
  },
};

export const GroupBeforeJoining: Story = {
  args: { route: '/testdrive?bot=1&scene=group' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Dana’s Bakery Chat' })).toBeVisible();
    await expect(screen.getByText('3 members')).toBeVisible();
    await expect(screen.getByRole('radio', { name: 'Group' })).toBeChecked();
    const actions = screen.getByRole('group', { name: 'What you do in the group' });
    await expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Join']);
    // Not in the group yet: nothing to write in.
    await expect(await composer()).toBeDisabled();
    await expect(calls('testDrive.start').map((event) => event.request.body)).toMatchObject([
      { start: { scene: 'group' } },
    ]);
  },
};

export const SwitchedToTheGroup: Story = {
  play: async () => {
    await screen.findByRole('button', { name: 'Start the bot' });
    await userEvent.click(screen.getByRole('radio', { name: 'Group' }));
    await expect(await screen.findByRole('heading', { name: 'Dana’s Bakery Chat' })).toBeVisible();
    // The private session ended, and one for the group began.
    await waitFor(() => expect(calls('testDrive.end')).toHaveLength(1));
    await expect(calls('testDrive.start').map((event) => event.request.body)).toMatchObject([
      { start: { scene: 'private' } },
      { start: { scene: 'group' } },
    ]);
  },
};

export const GroupAfterJoining: Story = {
  args: { route: '/testdrive?bot=1&scene=group' },
  play: async () => {
    await join();
    const log = within(await chat());
    await expect(log.getByText('Dana Demo joined the group')).toBeVisible();
    await expect(log.getByText('Dana Demo was restricted')).toBeVisible();
    await expect(
      log.getByText('Welcome, Dana Demo! Tap the button to prove you are human.'),
    ).toBeVisible();
    await expect(log.getByRole('button', { name: "I'm human, opens a link" })).toBeVisible();
    await expect(
      screen.getByText("You are restricted in this group: you can't write until the bot lets you."),
    ).toBeVisible();
    await expect(screen.getByText('4 members')).toBeVisible();
    // In the group now: what a member posts takes Join's place.
    const actions = screen.getByRole('group', { name: 'What you do in the group' });
    await expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Sticker', 'Photo', 'Flood']);
  },
};

export const DeletedWithReasons: Story = {
  args: { route: '/testdrive?bot=1&scene=group' },
  play: async () => {
    drive.settings.captcha = false;
    await join();
    await send('buy here https://example.com/deal');
    const log = within(await chat());
    // The message stays where it was, followed by why the bot deleted it.
    await expect(await log.findByText('buy here https://example.com/deal')).toBeVisible();
    await expect(
      await log.findByText(
        'Message deleted by the bot: link to https://example.com/deal is not allowed',
      ),
    ).toBeVisible();
    const sticker = screen.getByRole('button', { name: 'Sticker' });
    await waitFor(() => expect(sticker).toBeEnabled());
    await userEvent.click(sticker);
    await expect(
      await log.findByText('Message deleted by the bot: Sticker is not allowed here', {}, ANSWERED),
    ).toBeVisible();
  },
};

export const FloodMuted: Story = {
  args: { route: '/testdrive?bot=1&scene=group' },
  play: async () => {
    drive.settings.captcha = false;
    await join();
    const flood = screen.getByRole('button', { name: 'Flood' });
    await waitFor(() => expect(flood).toBeEnabled());
    await userEvent.click(flood);
    const log = within(await chat());
    await expect(await log.findByText('Hello 4', {}, ANSWERED)).toBeVisible();
    await expect(
      log.getByText('Message deleted by the bot: more than 3 messages in 5 s'),
    ).toBeVisible();
    await expect(
      log.getByText('Dana Demo was restricted: more than 3 messages in 5 s'),
    ).toBeVisible();
    await expect(
      screen.getByText("You are restricted in this group: you can't write until the bot lets you."),
    ).toBeVisible();
  },
};

export const TriedFromTheStartMessage: Story = {
  args: { route: '/testdrive?bot=1&set=startmsg&ind=0' },
  loaders: [
    async () => {
      putTestDriveDraft(1, {
        draft: {
          act: 'startmsg',
          mi: 0,
          messages: [
            {
              text: 'Welcome back! Pick a menu below.',
              parse: false,
              effect: null,
              media: null,
              media_type: null,
              ufile: null,
              buttons: [],
            },
          ],
        },
        name: '',
        newMedia: true,
      });
      return {};
    },
  ],
  play: async () => {
    await expect(
      await screen.findByText('You are trying your unsaved changes. New media shows once saved.'),
    ).toBeVisible();
    // The set opens at once: START is pressed for the owner, and the bot sends the edits.
    const log = within(await chat());
    await expect(await log.findByText('Welcome back! Pick a menu below.')).toBeVisible();
    await expect(calls('testDrive.start')[0]?.request.body).toMatchObject({
      start: { scene: 'private', draft: { act: 'startmsg', mi: 0 } },
    });
    await expect(calls('testDrive.act')[0]?.request.body).toMatchObject({
      act: { type: 'start' },
      draft: { act: 'startmsg' },
    });
  },
};

export const TriedFromAStartPayload: Story = {
  tags: ['!visual'],
  args: { route: '/testdrive?bot=1&set=spmsgs&ind=1' },
  loaders: [
    async () => {
      putTestDriveDraft(1, {
        draft: { act: 'spmsgs', mi: 1, messages: [] },
        name: 'summer',
        newMedia: false,
      });
      return {};
    },
  ],
  play: async () => {
    // Opened as the bot's start link opens it: START with the payload the link carries.
    const log = within(await chat());
    await expect(
      await log.findByText('Summer offer: free coffee with every cake.', {}, ANSWERED),
    ).toBeVisible();
    await expect(calls('testDrive.act')[0]?.request.body).toMatchObject({
      act: { type: 'start', payload: 'sp-summer' },
    });
    await expect(screen.queryByText('New media shows once saved.', { exact: false })).toBeNull();
  },
};

export const StartFails: Story = {
  parameters: backend(
    failing('/api/testDrive', { msg: 'The test drive is not available on this server.' }),
  ),
  play: async () => {
    await expect(
      await screen.findByText('The test drive is not available on this server.'),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(screen.getByRole('radio', { name: 'Private chat' })).toBeChecked();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'ابدأ البوت' }));
    const log = within(await screen.findByRole('log', { name: 'المحادثة' }));
    await expect(await log.findByText('Pick a menu below.', { exact: false })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(screen.getByRole('radio', { name: 'محادثة خاصة' })).toBeChecked();
    await expect(screen.getByRole('textbox', { name: 'رسالة' })).toBeEnabled();
  },
};
