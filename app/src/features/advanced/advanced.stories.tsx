import { noPermissions } from '@botdeck/core';
import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { knownRole, type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { tapWhenReady } from '../../dev/tap';
import { createDraftStore } from '../../shell/drafts';
import { advancedDraftKey } from './advanced-form';

// In the seed, bot 2 (Pixel Store, Pro: 4 join requirements) has captcha, chat and topic mode
// (group -1001234567890), block links, anti-spam 5 in 3 and two join requirements, one of them
// inactive; bot 1 (Dana Helper, Free: 1 join requirement) has everything off; on bot 5 the demo
// user is an admin without adv_and_media.
const { base, backend, backendWith, loading, withPlatform, traffic } = screenStories({
  route: '/advanced?bot=2',
});

const body = (event: (typeof traffic)[number]) => event.request.body as Record<string, unknown>;
const saves = () => traffic.filter((event) => 'advanced' in body(event));
const isSave = (input: unknown) =>
  typeof input === 'object' && input !== null && 'advanced' in input;
const sentSettings = (index = 0) =>
  body(saves()[index] as (typeof traffic)[number]).advanced as Record<
    string,
    Record<string, unknown>
  >;

const meta = {
  title: 'Screens/Advanced',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };

/** The section whose header reads `title`, once the page has loaded. */
async function section(title: string) {
  const trigger = await screen.findByRole('button', { name: new RegExp(`^${title}`) }, LOAD);
  const root = trigger.closest('[data-slot="collapsible-section"]') as HTMLElement;
  return {
    trigger,
    root,
    toggle: within(
      root.querySelector('[data-slot="collapsible-section-header"]') as HTMLElement,
    ).getByRole('switch'),
    body: within(root),
  };
}

async function openSection(title: string) {
  const found = await section(title);
  if (found.trigger.getAttribute('aria-expanded') !== 'true') await userEvent.click(found.trigger);
  await expect(found.trigger).toHaveAttribute('aria-expanded', 'true');
  return found;
}

/** Waits for the captcha preview, which arrives in its own chunk once the section opens. */
const previewArrived = () =>
  waitFor(() => expect(document.querySelector('figure figure')).not.toBeNull(), LOAD);

const mainButton = (platform: EmulatorPlatform) => platform.store.getSnapshot().mainButton;

async function pressSave(platform: EmulatorPlatform) {
  await waitFor(() => expect(mainButton(platform).visible).toBe(true));
  platform.clickMainButton();
}

export const Loaded: Story = {
  play: async ({ loaded }) => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Advanced protection' }),
    ).toBeVisible();
    const states: Record<string, boolean> = {};
    for (const title of [
      'Captcha',
      'Chat mode',
      'Block links',
      'Filter languages',
      'Anti-spam',
      'Join requirement',
    ]) {
      const found = await section(title);
      // Folded away, with what it does to the group under its name.
      await expect(found.trigger).toHaveAttribute('aria-expanded', 'false');
      await expect(found.toggle).toHaveAccessibleName(title);
      states[title] = found.toggle.getAttribute('aria-checked') === 'true';
    }
    await expect(states).toEqual({
      Captcha: true,
      'Chat mode': true,
      'Block links': true,
      'Filter languages': false,
      'Anti-spam': true,
      'Join requirement': true,
    });
    await expect(
      screen.getByText('Newcomers must prove they are human before they can write in the group.'),
    ).toBeVisible();
    // Nothing changed: no Save, and Telegram may close the app without asking.
    await expect(mainButton(loaded.platform).visible).toBe(false);
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(false);
    await expect(traffic).toHaveLength(1);
  },
};

export const AllOff: Story = {
  // Every section open, so each one's settings show as a bot starts with them.
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    for (const title of [
      'Captcha',
      'Chat mode',
      'Block links',
      'Filter languages',
      'Anti-spam',
      'Join requirement',
    ]) {
      const found = await openSection(title);
      await expect(found.toggle).not.toBeChecked();
    }
    await previewArrived();
    const join = await section('Join requirement');
    await expect(join.body.getByText('No channels or groups yet.')).toBeVisible();
    await expect(join.body.getByLabelText('0 of 1 on your plan')).toBeVisible();
    await expect(
      (await section('Block links')).body.getByText(
        'No links are allowed yet: every link is removed.',
      ),
    ).toBeVisible();
    // Opening sections changes nothing.
    await expect(mainButton(loaded.platform).visible).toBe(false);
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(
      screen.getByRole('heading', { level: 1, name: 'Advanced protection' }),
    ).toBeVisible();
  },
};

export const LoadFails: Story = {
  parameters: backend(failing('/api/advanced', { msg: 'The settings are not available.' })),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', {}, LOAD);
    await expect(dialog).toHaveTextContent('The settings are not available.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const CaptchaWithPreview: Story = {
  play: async () => {
    const captcha = await openSection('Captcha');
    const text = captcha.body.getByRole('textbox', { name: 'Message text' });
    await expect(text).toHaveValue('Welcome! Tap below to join.');
    await expect(captcha.body.getByRole('textbox', { name: 'Button name' })).toHaveValue('Verify');
    // The preview arrives in a chunk of its own once the section opens.
    const preview = await captcha.body.findByRole('figure', { name: 'Captcha message preview' });
    await expect(preview).toHaveTextContent('Welcome! Tap below to join.');
    await expect(within(preview).getByText('Verify')).toBeVisible();
    // The preview follows the typing.
    await userEvent.type(text, ' Be quick!');
    await expect(preview).toHaveTextContent('Welcome! Tap below to join. Be quick!');
  },
};

export const CaptchaTextRequired: Story = {
  play: async ({ loaded }) => {
    const captcha = await openSection('Captcha');
    await previewArrived();
    const text = captcha.body.getByRole('textbox', { name: 'Message text' });
    await userEvent.clear(text);
    // Shown beside the field as it is typed.
    await expect(text).toHaveAccessibleDescription("Message text and button name can't be empty.");
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    // Save sends nothing and says why.
    await pressSave(loaded.platform);
    await expect(
      await screen.findByText('Some settings need fixing before they can be saved.'),
    ).toBeVisible();
    await expect(saves()).toHaveLength(0);
    await waitFor(() => expect(text).toHaveFocus());
  },
};

export const TurningOnOpensTheSection: Story = {
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    const langs = await section('Filter languages');
    await userEvent.click(langs.toggle);
    await expect(langs.toggle).toBeChecked();
    await expect(langs.trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(
      langs.body.getByText('Pick at least one script, or nothing is removed.'),
    ).toBeVisible();
    await userEvent.click(langs.body.getByRole('checkbox', { name: 'Arabic' }));
    await userEvent.click(langs.body.getByRole('checkbox', { name: 'Cyrillic' }));
    await expect(
      langs.body.queryByText('Pick at least one script, or nothing is removed.'),
    ).toBeNull();
    await pressSave(loaded.platform);
    await waitFor(() => expect(saves()).toHaveLength(1));
    await expect(sentSettings().langs).toEqual({
      enable: true,
      arabic: true,
      latin: false,
      chinese: false,
      japanese: false,
      cyrillic: true,
      korean: false,
      ban: false,
    });
  },
};

export const AntiSpamErrors: Story = {
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    const antiSpam = await section('Anti-spam');
    await userEvent.click(antiSpam.toggle);
    const messages = antiSpam.body.getByRole('textbox', { name: 'Messages (5–20)' });
    const seconds = antiSpam.body.getByRole('textbox', { name: 'Seconds (2–20)' });
    await expect(messages).toHaveAttribute('placeholder', '5');
    await expect(seconds).toHaveAttribute('placeholder', '3');
    await userEvent.clear(messages);
    await userEvent.type(messages, '30');
    await expect(messages).toHaveAccessibleDescription(
      expect.stringContaining('Messages must be between 5 and 20.'),
    );
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '1');
    await expect(seconds).toHaveAccessibleDescription(
      expect.stringContaining('Time must be between 2 and 20 seconds.'),
    );
    // A count is a number of at most two characters (DECISIONS): a third digit or a letter is
    // not taken.
    await userEvent.type(messages, '0');
    await expect(messages).toHaveValue('30');
    await expect(messages).toHaveAttribute('maxlength', '2');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, 'abc');
    await expect(seconds).toHaveValue('');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '1');
    await pressSave(loaded.platform);
    await expect(saves()).toHaveLength(0);
    // Fixed: 10 messages in 5 seconds.
    await userEvent.clear(messages);
    await userEvent.type(messages, '10');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '5');
    await expect(messages).not.toHaveAttribute('aria-invalid', 'true');
    await expect(seconds).not.toHaveAttribute('aria-invalid', 'true');
    await pressSave(loaded.platform);
    await waitFor(() => expect(saves()).toHaveLength(1));
    await expect(sentSettings().antiSpam).toEqual({ enable: true, msgs: 10, time: 5, ban: false });
  },
};

/**
 * Save pressed from the top of a long page with a count out of range: the field takes the focus
 * and comes into view with its error under it, clear of Telegram's Save bar (focus alone
 * stopped at the field, the error hidden below it).
 */
export const AntiSpamErrorInViewAboveTheSaveBar: Story = {
  tags: ['!visual'],
  args: { route: '/advanced?bot=1' },
  parameters: { telegramChrome: true },
  play: async ({ loaded }) => {
    for (const title of ['Captcha', 'Chat mode', 'Block links', 'Filter languages']) {
      await openSection(title);
    }
    const antiSpam = await section('Anti-spam');
    await userEvent.click(antiSpam.toggle);
    const messages = antiSpam.body.getByRole('textbox', { name: 'Messages (5–20)' });
    await userEvent.clear(messages);
    await userEvent.type(messages, '30');
    messages.blur();
    const viewport = document.querySelector('[data-slot="emulator-viewport"]') as HTMLElement;
    const scroller = viewport.firstElementChild as HTMLElement;
    // Long enough to scroll: the anti-spam section is out of view from the top.
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight + 200);
    scroller.scrollTop = 0;
    await pressSave(loaded.platform);
    await waitFor(() => expect(messages).toHaveFocus());
    await expect(saves()).toHaveLength(0);
    const error = antiSpam.body.getByText('Messages must be between 5 and 20.');
    const bar = document.querySelector('[data-slot="emulator-bottom-bar"]') as HTMLElement;
    await waitFor(() => {
      const shown = error.getBoundingClientRect();
      expect(shown.top).toBeGreaterThanOrEqual(viewport.getBoundingClientRect().top);
      expect(shown.bottom).toBeLessThanOrEqual(bar.getBoundingClientRect().top);
    });
  },
};

export const BlockLinks: Story = {
  play: async () => {
    const links = await openSection('Block links');
    const list = links.body.getByRole('list', { name: 'Allowed links' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['example.com', 'telegram.org']);
    const field = links.body.getByRole('textbox', { name: 'Link or website' });
    const add = links.body.getByRole('button', { name: 'Add link' });
    await userEvent.click(add);
    await expect(field).toHaveAccessibleDescription('Please enter a link or a website.');
    await userEvent.type(field, 'not a link');
    await userEvent.click(add);
    await expect(field).toHaveAccessibleDescription(
      'Enter a website like example.com or a link like https://example.com/page.',
    );
    await expect(field).toHaveValue('not a link');
    await userEvent.clear(field);
    await userEvent.type(field, 'https://Example.com/');
    await userEvent.click(add);
    await expect(field).toHaveAccessibleDescription('This link is already on the list.');
    await userEvent.clear(field);
    await userEvent.type(field, 'github.com/botdeck{Enter}');
    await expect(field).toHaveValue('');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(links.body.getByRole('button', { name: 'Remove example.com' }));
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['telegram.org', 'github.com/botdeck']);
  },
};

export const AllowedLinkAlreadyListed: Story = {
  play: async () => {
    const links = await openSection('Block links');
    const field = links.body.getByRole('textbox', { name: 'Link or website' });
    await userEvent.type(field, 'http://telegram.org/{Enter}');
    await expect(field).toHaveAccessibleDescription('This link is already on the list.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveValue('http://telegram.org/');
  },
};

export const TopicModeConnected: Story = {
  play: async () => {
    const chat = await openSection('Chat mode');
    await expect(chat.body.getByRole('switch', { name: 'Topic mode' })).toBeChecked();
    await expect(chat.body.getByText(/Connected to group/)).toHaveTextContent(
      'Connected to group \u2066-1001234567890\u2069',
    );
    for (const step of [
      'Add the bot to a group as an admin.',
      "Turn on topics in the group's settings.",
    ]) {
      await expect(chat.body.getByRole('checkbox', { name: step })).toBeChecked();
    }
  },
};

export const TopicModeNeedsItsGroup: Story = {
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    const chat = await section('Chat mode');
    await userEvent.click(chat.toggle);
    await userEvent.click(chat.body.getByRole('switch', { name: 'Topic mode' }));
    const steps = chat.body.getByRole('region', { name: 'Set up topic mode' });
    // The checklist a person follows, ticking off what happens in Telegram.
    const first = within(steps).getByRole('checkbox', {
      name: 'Add the bot to a group as an admin.',
    });
    await userEvent.click(first);
    await expect(first).toBeChecked();
    await expect(within(steps).getByText('Type /enable in the group.')).toBeVisible();
    await expect(within(steps).getByRole('alert')).toHaveTextContent(
      'Set up topic mode first: add the bot to a group, turn on topics there, then type /enable in the group.',
    );
    await userEvent.click(within(steps).getByRole('button', { name: 'Check again' }));
    await expect(
      await within(steps).findByText('No group yet. Type /enable in the group, then check again.'),
    ).toBeVisible();
    // Save says what it waits for and how to save the rest meanwhile, and hands the focus to
    // the way on, Check again; nothing is sent.
    await pressSave(loaded.platform);
    await expect(
      await screen.findByText(
        'Topic mode is waiting for its group: type /enable in the group, then tap Check again. To save the rest now, turn topic mode off.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(steps).getByRole('button', { name: 'Check again' })).toHaveFocus(),
    );
    await expect(saves()).toHaveLength(0);
  },
};

export const TopicModeConnectsOnCheckAgain: Story = {
  tags: ['!visual'],
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    const chat = await section('Chat mode');
    await userEvent.click(chat.toggle);
    await userEvent.click(chat.body.getByRole('switch', { name: 'Topic mode' }));
    await expect(chat.body.getByRole('alert')).toBeVisible();
    // Meanwhile, in the group, the owner types /enable (the development backend's stand-in).
    const typed = await fetch('/dev/group-command', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bot_id: 1, command: '/enable', group_id: '-1009876543210' }),
    });
    await expect(await typed.json()).toMatchObject({ success: true });
    await userEvent.click(chat.body.getByRole('button', { name: 'Check again' }));
    await expect(await chat.body.findByText(/Connected to group/)).toHaveTextContent(
      'Connected to group \u2066-1009876543210\u2069',
    );
    await expect(chat.body.queryByRole('alert')).toBeNull();
    await pressSave(loaded.platform);
    await waitFor(() => expect(saves()).toHaveLength(1));
    await expect(sentSettings().chatMode).toEqual({
      enable: true,
      topic: true,
      group_id: '-1009876543210',
    });
    await expect(await screen.findByText('Settings saved.')).toBeVisible();
  },
};

export const PendingWithTheMainButton: Story = {
  parameters: { telegramChrome: true },
  play: async ({ loaded }) => {
    const links = await section('Block links');
    await userEvent.click(links.toggle);
    await expect(await screen.findByText('You have unsaved changes.')).toBeVisible();
    await waitFor(() =>
      expect(mainButton(loaded.platform)).toMatchObject({
        visible: true,
        text: 'Save',
        enabled: true,
        progress: false,
      }),
    );
    // Telegram asks before closing, and a swipe down does not close the app.
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(true);
    await expect(loaded.platform.store.getSnapshot().verticalSwipes).toBe(false);
    // Undone by hand: nothing is pending any more.
    await userEvent.click(links.toggle);
    await waitFor(() => expect(mainButton(loaded.platform).visible).toBe(false));
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(false);
    await expect(loaded.platform.store.getSnapshot().verticalSwipes).toBe(true);
    await userEvent.click(links.toggle);
    await waitFor(() => expect(mainButton(loaded.platform).visible).toBe(true));
  },
};

/** Save calls held for good by the Saving story, so its running save stays on screen. */
let heldSaves = 0;

export const Saving: Story = {
  parameters: {
    telegramChrome: true,
    ...backend(
      http.post('*/api/advanced', async ({ request }) => {
        if (!isSave(await request.clone().json())) return undefined;
        heldSaves += 1;
        await delay('infinite');
        return undefined;
      }),
    ),
  },
  beforeEach: () => {
    heldSaves = 0;
  },
  play: async ({ loaded }) => {
    const captcha = await section('Captcha');
    await userEvent.click(captcha.toggle);
    await pressSave(loaded.platform);
    await waitFor(() => expect(mainButton(loaded.platform).progress).toBe(true));
    // The button shows progress as the request leaves; the handler counts it once it has read
    // the body, a moment later (the check raced with it on a loaded machine).
    await waitFor(() => expect(heldSaves).toBe(1));
    await expect(screen.getByRole('region', { name: 'Advanced protection' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Nothing changes under a running save.
    await userEvent.click(captcha.toggle);
    await expect(captcha.toggle).not.toBeChecked();
    await expect(heldSaves).toBe(1);
  },
};

export const Saved: Story = {
  play: async ({ loaded }) => {
    const antiSpam = await openSection('Anti-spam');
    const messages = antiSpam.body.getByRole('textbox', { name: 'Messages (5–20)' });
    await userEvent.clear(messages);
    await userEvent.type(messages, '12');
    await pressSave(loaded.platform);
    await expect(await screen.findByText('Settings saved.')).toBeVisible();
    await waitFor(() => expect(mainButton(loaded.platform).visible).toBe(false));
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(false);
    // One call with every section.
    await expect(saves()).toHaveLength(1);
    const sent = sentSettings();
    await expect(Object.keys(sent).sort()).toEqual(
      ['antiSpam', 'captcha', 'chatMode', 'cur', 'jr', 'langs', 'links'].sort(),
    );
    await expect(sent).toMatchObject({
      cur: true,
      jr: true,
      antiSpam: { enable: true, msgs: 12, time: 3, ban: false },
      chatMode: { enable: true, topic: true, group_id: '-1001234567890' },
    });
  },
};

export const SaveFails: Story = {
  parameters: backend(failing('/api/advanced', { msg: 'The server is busy.', when: isSave })),
  play: async ({ loaded }) => {
    const langs = await section('Filter languages');
    await userEvent.click(langs.toggle);
    await pressSave(loaded.platform);
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await expect(dialog).toHaveTextContent('The server is busy.');
    await tapWhenReady(within(dialog).getByRole('button', { name: 'OK' }));
    // The change is still there, and Save with it.
    await expect(langs.toggle).toBeChecked();
    await expect(screen.getByText('Not saved. Your changes are still here.')).toBeVisible();
    await expect(mainButton(loaded.platform)).toMatchObject({ visible: true, progress: false });
  },
};

export const SaveFailsOnTheNetwork: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/advanced', { when: isSave })),
  play: async ({ loaded }) => {
    const langs = await section('Filter languages');
    await userEvent.click(langs.toggle);
    await pressSave(loaded.platform);
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await tapWhenReady(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(langs.toggle).toBeChecked();
    await expect(mainButton(loaded.platform).visible).toBe(true);
  },
};

export const JoinRequirements: Story = {
  play: async () => {
    const join = await openSection('Join requirement');
    const list = join.body.getByRole('list', { name: 'Channels and groups' });
    const entries = within(list).getAllByRole('listitem');
    await expect(entries).toHaveLength(2);
    await expect(entries[0]).toHaveTextContent('Pixel News');
    await expect(entries[0]).toHaveTextContent('@pixel_news');
    // The inactive one is marked and says why.
    await expect(entries[1]).toHaveTextContent('Old Pixel Chat');
    await expect(entries[1]).toHaveTextContent('Unavailable');
    await expect(entries[1]).toHaveTextContent(
      'Unable to fetch. The bot might have been removed from admins, or the channel/group no longer exists.',
    );
    await expect(join.body.getByLabelText('2 of 4 on your plan')).toHaveTextContent('2 of 4');
  },
};

export const AddJoinRequirementByLink: Story = {
  play: async ({ loaded }) => {
    const join = await openSection('Join requirement');
    const field = join.body.getByRole('textbox', { name: '@username or t.me link' });
    await userEvent.type(field, 'https://t.me/fresh_news');
    await userEvent.click(join.body.getByRole('button', { name: 'Add' }));
    await expect(await join.body.findByText('Fresh News added.')).toBeVisible();
    await expect(field).toHaveValue('');
    const list = join.body.getByRole('list', { name: 'Channels and groups' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(join.body.getByLabelText('3 of 4 on your plan')).toBeVisible();
    // Its own call: nothing waits for Save.
    await expect(mainButton(loaded.platform).visible).toBe(false);
    await expect(traffic.map((event) => Object.keys(body(event)).sort().join())).toEqual([
      'bot_id,id',
      'add_req,bot_id,id',
    ]);
  },
};

export const JoinRequirementErrors: Story = {
  play: async () => {
    const join = await openSection('Join requirement');
    const field = join.body.getByRole('textbox', { name: '@username or t.me link' });
    const add = join.body.getByRole('button', { name: 'Add' });
    await userEvent.click(add);
    await expect(field).toHaveAccessibleDescription('Please enter a username or link.');
    await userEvent.type(field, 'my channel');
    await userEvent.click(add);
    await expect(field).toHaveAccessibleDescription(
      'Enter a public username like @channel or a link like t.me/channel.',
    );
    // The server's reason shows under the field, and what was typed stays.
    await userEvent.clear(field);
    await userEvent.type(field, '@missing_channel');
    await userEvent.click(add);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'Unable to fetch. The bot might have been removed from admins, or the channel/group no longer exists.',
      ),
    );
    await expect(field).toHaveValue('@missing_channel');
  },
};

export const JoinRequirementAtThePlanLimit: Story = {
  args: { route: '/advanced?bot=1' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((b) => b.id === 1);
    if (bot) {
      bot.jr_enable = true;
      bot.join_req = [{ name: 'Dana News', username: 'dana_news', photo: null, notActive: false }];
    }
  }),
  play: async () => {
    const join = await openSection('Join requirement');
    await expect(join.body.getByLabelText('1 of 1 on your plan')).toBeVisible();
    await userEvent.type(
      join.body.getByRole('textbox', { name: '@username or t.me link' }),
      '@second_channel',
    );
    await userEvent.click(join.body.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    await expect(dialog).toHaveTextContent(
      "You have reached your plan's limit. Upgrade to add more.",
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'See plans' })).toBeVisible(),
    );
    // No call that must fail.
    await expect(traffic).toHaveLength(1);
  },
};

export const RemoveJoinRequirement: Story = {
  tags: ['!visual'],
  play: async () => {
    const join = await openSection('Join requirement');
    await userEvent.click(join.body.getByRole('button', { name: 'Remove Old Pixel Chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Old Pixel Chat?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect(await join.body.findByText('Old Pixel Chat removed.')).toBeVisible();
    const list = join.body.getByRole('list', { name: 'Channels and groups' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await expect(body(traffic.at(-1) as (typeof traffic)[number])).toMatchObject({ rem_req: 1 });
  },
};

const draft = {
  captcha: { enable: true, text: 'Welcome! Tap below to join.', button: 'Verify', ban: true },
  chatMode: { enable: true, topic: true },
  links: {
    enable: true,
    allowed: ['example.com', 'telegram.org'],
    ban: false,
    telegram_allowed: true,
  },
  langs: {
    enable: true,
    arabic: false,
    latin: false,
    chinese: true,
    japanese: false,
    cyrillic: false,
    korean: false,
    ban: false,
  },
  antiSpam: { enable: true, msgs: '8', time: '3', ban: false },
  jr: true,
};

const withDraft = () =>
  withPlatform((platform) =>
    createDraftStore(platform.cloudStorage).write(advancedDraftKey(2), draft),
  );

export const DraftOfferedBack: Story = {
  loaders: withDraft(),
  play: async ({ loaded }) => {
    const banner = await screen.findByRole('region', { name: 'Unsaved changes' }, LOAD);
    await expect(banner).toHaveTextContent('You left changes here without saving them.');
    // Offered, not applied: the page shows what is saved until the person chooses.
    await expect((await section('Filter languages')).toggle).not.toBeChecked();
    await expect(mainButton(loaded.platform).visible).toBe(false);
  },
};

export const DraftRestored: Story = {
  loaders: withDraft(),
  play: async ({ loaded }) => {
    const banner = await screen.findByRole('region', { name: 'Unsaved changes' }, LOAD);
    await userEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    await expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    // The changed sections open, with the changes in them, waiting for Save.
    const langs = await section('Filter languages');
    await expect(langs.toggle).toBeChecked();
    await expect(langs.trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(langs.body.getByRole('checkbox', { name: 'Chinese' })).toBeChecked();
    const antiSpam = await section('Anti-spam');
    await expect(antiSpam.body.getByRole('textbox', { name: 'Messages (5–20)' })).toHaveValue('8');
    await expect((await section('Captcha')).trigger).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(mainButton(loaded.platform).visible).toBe(true));
  },
};

export const DraftDismissed: Story = {
  tags: ['!visual'],
  loaders: withDraft(),
  play: async ({ loaded }) => {
    const banner = await screen.findByRole('region', { name: 'Unsaved changes' }, LOAD);
    await userEvent.click(within(banner).getByRole('button', { name: 'Discard' }));
    await expect(screen.queryByRole('region', { name: 'Unsaved changes' })).toBeNull();
    await expect((await section('Filter languages')).toggle).not.toBeChecked();
    // Forgotten, so it is not offered again.
    await waitFor(async () =>
      expect(
        await createDraftStore(loaded.platform.cloudStorage).read(advancedDraftKey(2)),
      ).toBeNull(),
    );
  },
};

export const BackAsksToDiscard: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const langs = await section('Filter languages');
    await userEvent.click(langs.toggle);
    loaded.platform.clickBackButton();
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await expect(langs.toggle).toBeChecked();
    loaded.platform.clickBackButton();
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }),
    );
    // Back on the dashboard, with nothing left as a draft.
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Pixel Store' }, LOAD),
    ).toBeVisible();
    await expect(loaded.platform.store.getSnapshot().closingConfirmation).toBe(false);
  },
};

export const ReadOnlyForAnAdmin: Story = {
  args: { route: '/advanced?bot=5' },
  decorators: knownRole(5, { ...noPermissions(), manage_msg: true, ban_users: true }),
  play: async ({ loaded }) => {
    await expect(await screen.findByRole('note', {}, LOAD)).toHaveTextContent(
      'You can see these settings. Changing them needs the Manage advanced settings and media permission.',
    );
    const captcha = await section('Captcha');
    await userEvent.click(captcha.toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(dialog).toHaveTextContent("You don't have permission to do this");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(mainButton(loaded.platform).visible).toBe(false);
    await expect(traffic).toHaveLength(1);
  },
};

export const WithTheKeyboard: Story = {
  tags: ['!visual'],
  args: { route: '/advanced?bot=1' },
  play: async ({ loaded }) => {
    const antiSpam = await section('Anti-spam');
    antiSpam.trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(antiSpam.trigger).toHaveAttribute('aria-expanded', 'true');
    // The section's switch comes right after its header.
    await userEvent.tab();
    await expect(antiSpam.toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(antiSpam.toggle).toBeChecked();
    await userEvent.tab();
    await expect(antiSpam.body.getByRole('textbox', { name: 'Messages (5–20)' })).toHaveFocus();
    await waitFor(() => expect(mainButton(loaded.platform).visible).toBe(true));
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    // The Arabic heading, not just a heading: the previous story's may still be on the page.
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'الحماية المتقدمة' }, LOAD),
    ).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const captcha = await openSection('الكابتشا');
    // The section's switch sits at the start of its header's far side: on the left.
    const header = captcha.root.querySelector('[data-slot="collapsible-section-header"]');
    const box = (header as HTMLElement).getBoundingClientRect();
    await expect(captcha.toggle.getBoundingClientRect().left).toBeLessThan(
      box.left + box.width / 2,
    );
    await openSection('الاشتراك الإجباري');
    await previewArrived();
  },
};
