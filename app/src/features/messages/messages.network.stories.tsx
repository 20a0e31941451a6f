import type { MessagesPath } from '@botdeck/api';
import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  exerciseControl,
  type FaultLine,
  faultLine,
  type MutatingControl,
  tapRapidly,
} from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on the messages pages (issue 17): saving a message, adding one and deleting
// one meet no network, a hung call, a 500 and a malformed answer, then succeed; double taps send
// one request, and an answer that arrives after the person left never hides a newer change.
// Every messages page is the one MessagesScreen over useMessages; the menu's messages go through
// everything, including answers after leaving, and each other kind through the rest.

// Bot 2 in the seed: Pixel Store, on Pro (7 messages per item).
const PAGES = {
  menumsgs: { route: '/menu-messages?bot=2&ind=0', heading: 'help', list: 'Menus' },
  qamsgs: { route: '/qa-messages?bot=2&ind=0', heading: 'payment', list: 'Q&A' },
  cmdmsgs: { route: '/cmd-messages?bot=2&ind=0', heading: '/shop', list: 'Commands' },
  spmsgs: { route: '/sp-messages?bot=2&ind=0', heading: 'promo', list: 'Start payloads' },
  startmsg: { route: '/startmsg?bot=2', heading: 'Start message', list: 'Pixel Store' },
} as const satisfies Record<MessagesPath, { route: string; heading: string; list: string }>;

const { base, backendWith, goTo } = screenStories({ route: PAGES.menumsgs.route });

/** Each page's item holds three messages. */
const threeMessages = (data: Parameters<Parameters<typeof backendWith>[0]>[0]) => {
  const bot = data.bots.find((candidate) => candidate.id === 2)!;
  const three = (messages: typeof bot.start_messages) =>
    [0, 1, 2].map((n) => ({ ...structuredClone(messages[0]!), text: `Message number ${n + 1}` }));
  for (const kind of ['menu', 'question', 'command', 'startPayload'] as const) {
    const item = bot.lists[kind][0]!;
    item.messages = three(item.messages);
  }
  bot.start_messages = three(bot.start_messages);
};

const meta = {
  title: 'Screens/Messages/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A screen's first render waits for its chunk and its data: longer on a busy machine. */
const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
/** The entries of the message list (by selector: this runs in every wait of the story). */
const entries = () => [...document.querySelectorAll('ul[aria-label="Messages"] > li')];
const textBox = () => screen.queryByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement | null;
const saveButton = () => screen.queryByRole('button', { name: 'Save' });
const addButton = () => screen.queryByRole('button', { name: 'Add message' });
const statusSays = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeVisible());

/** Leaves the page by Telegram's BackButton, for its list (or the dashboard). */
async function leave(page: (typeof PAGES)[MessagesPath], platform: EmulatorPlatform) {
  platform.clickBackButton();
  await heading(page.list);
}
/** Comes back to the page by a link. */
async function comeBack(page: (typeof PAGES)[MessagesPath]) {
  goTo(page.route);
  await heading(page.heading);
}

/** Saving a message: the text typed stays in the editor under every failure. */
function saveControl(line: FaultLine, platform: EmulatorPlatform): MutatingControl {
  const page = PAGES.menumsgs;
  const edited = 'Message number 1, edited';
  const typeInto = async (text: string) => {
    const box = await waitFor(() => textBox()!);
    await userEvent.click(box);
    await userEvent.paste(text);
  };
  return {
    name: 'Messages › save a message',
    line,
    start: async () => {
      await heading(page.heading);
      await typeInto(', edited');
    },
    control: saveButton,
    kept: () => textBox()?.value === edited,
    done: async () => {
      await statusSays('Message saved.');
      await expect(textBox()).toHaveValue(edited);
    },
    afterLeaving: {
      leave: async () => {
        await typeInto(' twice');
        await tapRapidly(saveButton, 1, 0);
        await line.held();
        await leave(page, platform);
      },
      back: () => comeBack(page),
      newer: async () => {
        await waitFor(() => expect(textBox()).toHaveValue(`${edited} twice`));
        await typeInto(' and thrice');
        await tapRapidly(saveButton, 1, 0);
        await statusSays('Message saved.');
      },
      after: async () => {
        // The editor still shows the newest save, and nothing is left unsaved.
        await expect(textBox()).toHaveValue(`${edited} twice and thrice`);
        await expect(saveButton()).toBeDisabled();
      },
    },
  };
}

/** Adding a message: a failed add leaves the messages as they were. */
function addControl(
  path: MessagesPath,
  line: FaultLine,
  platform: EmulatorPlatform | null,
): MutatingControl {
  const page = PAGES[path];
  const add = async (count: number) => {
    await tapRapidly(addButton, 1, 0);
    await waitFor(() => expect(entries()).toHaveLength(count));
  };
  return {
    name: `Messages › add a message (${path})`,
    line,
    start: async () => {
      await heading(page.heading);
      await waitFor(() => expect(entries()).toHaveLength(3));
    },
    control: addButton,
    kept: () => entries().length === 3,
    done: async () => {
      await waitFor(() => expect(entries()).toHaveLength(4));
      await statusSays('Message added.');
    },
    ...(platform
      ? {
          afterLeaving: {
            leave: async () => {
              await tapRapidly(addButton, 1, 0);
              await line.held();
              await leave(page, platform);
            },
            back: async () => {
              await comeBack(page);
              await waitFor(() => expect(entries()).toHaveLength(5));
            },
            newer: () => add(6),
            after: () => waitFor(() => expect(entries()).toHaveLength(6)),
          },
        }
      : {}),
  };
}

const deleteLabel = (path: MessagesPath, index: number) =>
  path === 'qamsgs' ? `Response message ${index}` : `Message ${index + 1}`;
const confirmButton = (name: string) => {
  const dialog = screen.queryByRole('dialog', { name: `Delete ${name}?` });
  return dialog ? within(dialog).getByRole('button', { name: 'Delete' }) : null;
};
async function askToDelete(name: string) {
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await tapRapidly(() => screen.queryByRole('button', { name: `Delete ${name}` }), 1, 0);
  await screen.findByRole('dialog', { name: `Delete ${name}?` });
}

/** Deleting a message: a failed delete leaves it listed, and the next tap asks again. */
function deleteControl(
  path: MessagesPath,
  line: FaultLine,
  platform: EmulatorPlatform | null,
  count: number,
): MutatingControl {
  const page = PAGES[path];
  const name = deleteLabel(path, 2);
  return {
    name: `Messages › delete a message (${path})`,
    line,
    start: async () => {
      await heading(page.heading);
      await waitFor(() => expect(entries()).toHaveLength(count));
      await askToDelete(name);
    },
    again: () => askToDelete(name),
    control: () => confirmButton(name),
    busy: () =>
      waitFor(() => expect(screen.getByRole('button', { name: 'Add message' })).toBeDisabled()),
    kept: () => entries().length === count,
    done: async () => {
      await waitFor(() => expect(entries()).toHaveLength(count - 1));
      await statusSays('Message deleted.');
    },
    ...(platform
      ? {
          afterLeaving: {
            leave: async () => {
              await askToDelete(name);
              await tapRapidly(() => confirmButton(name), 1, 0);
              await line.held();
              await leave(page, platform);
            },
            back: async () => {
              await comeBack(page);
              await waitFor(() => expect(entries()).toHaveLength(count - 2));
            },
            newer: async () => {
              await askToDelete(deleteLabel(path, 1));
              await tapRapidly(() => confirmButton(deleteLabel(path, 1)), 1, 0);
              await waitFor(() => expect(entries()).toHaveLength(count - 3));
            },
            after: () => waitFor(() => expect(entries()).toHaveLength(count - 3)),
          },
        }
      : {}),
  };
}

const save = faultLine('uploadMessage');
const adds = {
  menumsgs: faultLine('messages.menumsgs.add'),
  qamsgs: faultLine('messages.qamsgs.add'),
  cmdmsgs: faultLine('messages.cmdmsgs.add'),
  spmsgs: faultLine('messages.spmsgs.add'),
  startmsg: faultLine('messages.startmsg.add'),
};
const removes = {
  menumsgs: faultLine('messages.menumsgs.remove'),
  qamsgs: faultLine('messages.qamsgs.remove'),
  cmdmsgs: faultLine('messages.cmdmsgs.remove'),
  spmsgs: faultLine('messages.spmsgs.remove'),
  startmsg: faultLine('messages.startmsg.remove'),
};

/** Four messages to delete from, two of them by answers after leaving. */
const fourMessages = (data: Parameters<Parameters<typeof backendWith>[0]>[0]) => {
  threeMessages(data);
  const bot = data.bots.find((candidate) => candidate.id === 2)!;
  const item = bot.lists.menu[0]!;
  item.messages.push({ ...structuredClone(item.messages[0]!), text: 'Message number 4' });
};

export const SaveMessage: Story = {
  parameters: save.around(backendWith(threeMessages)),
  beforeEach: () => save.reset(),
  play: ({ loaded }) => exerciseControl(saveControl(save, loaded.platform)),
};

export const AddMenuMessage: Story = {
  parameters: adds.menumsgs.around(backendWith(threeMessages)),
  beforeEach: () => adds.menumsgs.reset(),
  play: ({ loaded }) => exerciseControl(addControl('menumsgs', adds.menumsgs, loaded.platform)),
};

export const DeleteMenuMessage: Story = {
  parameters: removes.menumsgs.around(backendWith(fourMessages)),
  beforeEach: () => removes.menumsgs.reset(),
  play: ({ loaded }) =>
    exerciseControl(deleteControl('menumsgs', removes.menumsgs, loaded.platform, 4)),
};

/** Adding, then deleting, a message of another kind of item (same screen, same hook). */
function addAndDelete(path: Exclude<MessagesPath, 'menumsgs'>): Story {
  const add = adds[path];
  const remove = removes[path];
  return {
    args: { route: PAGES[path].route },
    parameters: add.around(remove.around(backendWith(threeMessages))),
    beforeEach: () => {
      add.reset();
      remove.reset();
    },
    play: async () => {
      await exerciseControl(addControl(path, add, null));
      await exerciseControl(deleteControl(path, remove, null, 4));
    },
  };
}

export const AddAndDeleteQuestionMessage = addAndDelete('qamsgs');
export const AddAndDeleteCommandMessage = addAndDelete('cmdmsgs');
export const AddAndDeleteStartPayloadMessage = addAndDelete('spmsgs');
export const AddAndDeleteStartMessage = addAndDelete('startmsg');
