import {
  createEmulatorPlatform,
  EmulatorChrome,
  type EmulatorPlatform,
} from '@botdeck/platform/emulator';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import emulatorTexts from '../../../../locales/en.json?screen=emulator';
import testDriveTexts from '../../../../locales/en.json?screen=testDrive';
import { ScreenTexts } from '../../i18n';
import { type ChatEntry, createSandboxClient, type SandboxGroup } from './sandbox-client';
import { TelegramPanel } from './telegram-panel';

/**
 * The emulator's Telegram panel (`npm start`: act as a Telegram user in the sandbox), with the
 * sandbox's control routes at /dev/sandbox answered by MSW from a small made-up sandbox.
 */

const DEV_BOT_TOKEN = '1234567890:AAH-botdeck-storybook-dev-token';
const DANA = { id: 100000001, first_name: 'Dana', last_name: 'Demo', username: 'dana_demo' };
const AMIR = { id: 100000110, first_name: 'Amir', last_name: 'Aydin', username: 'amir_aydin' };
const PIXEL = {
  id: 7100000002,
  token: '7100000002:AAE39f5n2abotdeckSeedTokenXXXXXXXXX',
  username: 'pixel_store_bot',
  name: 'Pixel Store',
};
const QUIZ = {
  id: 7100000003,
  token: '7100000003:AAE39f5n2bbotdeckSeedTokenXXXXXXXXX',
  username: 'quiz_night_bot',
  name: 'Quiz Night',
};
/** Pixel Store's commands, for every language. */
const PIXEL_COMMANDS = [
  { command: 'start', description: 'Open the store' },
  { command: 'help', description: 'How buying works' },
];
const SHOP_URL = 'https://example.com/shop?bot=2';
const GUIDE_URL = 'https://example.com/guide';
const FANS = -1001000000001;
/** The photo Pixel Store sent: the sandbox holds its file under this file_unique_id. */
const PHOTO_FILE = 'AQADpixelPhoto1';
/** 1 January 2026, 09:00 UTC: the first message's time, so the pictures repeat. */
const DAY_START = 1_767_258_000;

type Message = ChatEntry['message'];
type Person = typeof DANA;
type Bot = typeof PIXEL;

/** A made-up sandbox: its people, bots and chats, put back before each story. */
interface World {
  users: Person[];
  bots: Bot[];
  chats: Map<string, ChatEntry[]>;
  groups: SandboxGroup[];
  /** Each group's messages, by its id. */
  groupChats: Map<number, ChatEntry[]>;
  version: number;
  /** The bodies of the calls that act (send, press, open, follow, pay, create). */
  calls: { path: string; body: Record<string, unknown> }[];
}

let world: World;

const privateChat = (user: Person): Message['chat'] => ({
  id: user.id,
  type: 'private',
  first_name: user.first_name,
});
const FANS_CHAT: Message['chat'] = { id: FANS, type: 'supergroup', title: 'Pixel fans' };

/** A message of the sandbox, a minute after the one before it. */
const message = (chat: Message['chat'], id: number, content: Partial<Message>): Message =>
  ({ message_id: id, date: DAY_START + id * 60, chat, ...content }) as Message;

const fromBot = (bot: Bot, chat: Message['chat'], id: number, content: Partial<Message>) => ({
  message: message(chat, id, {
    from: { id: bot.id, is_bot: true, first_name: bot.name, username: bot.username },
    ...content,
  }),
  from: { bot: bot.id },
  deleted: false,
  callbackAnswers: [],
});

const fromUser = (
  user: Person,
  chat: Message['chat'],
  id: number,
  content: Partial<Message>,
): ChatEntry => ({
  message: message(chat, id, {
    from: { id: user.id, is_bot: false, first_name: user.first_name, last_name: user.last_name },
    ...content,
  }),
  from: { user: user.id },
  deleted: false,
  callbackAnswers: [],
});

/** Dana's chat with Pixel Store after /start: texts, a photo, every kind of button, an invoice. */
function pixelChat(): ChatEntry[] {
  const chat = privateChat(DANA);
  return [
    fromUser(DANA, chat, 1, { text: '/start' }),
    fromBot(PIXEL, chat, 2, {
      text: 'Welcome to Pixel Store! Digital goods for Telegram Stars.',
      entities: [{ type: 'bold', offset: 11, length: 11 }],
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Open the shop', web_app: { url: SHOP_URL } },
            { text: 'Help', callback_data: 'm15' },
          ],
          [
            { text: 'Rules', callback_data: 'm16' },
            { text: 'Guide', url: GUIDE_URL },
          ],
          [{ text: 'Play the quiz', url: 'https://t.me/quiz_night_bot?start=promo' }],
        ],
      },
    }),
    fromBot(PIXEL, chat, 3, {
      photo: [{ file_id: 'p1', file_unique_id: PHOTO_FILE, width: 240, height: 160 }],
      caption: 'Our newest sticker pack.',
    }),
    fromBot(PIXEL, chat, 4, {
      invoice: {
        title: 'Sticker pack',
        description: '50 animated stickers.',
        start_parameter: '',
        currency: 'XTR',
        total_amount: 50,
      },
      reply_markup: { inline_keyboard: [[{ text: 'Pay ⭐️50', pay: true }]] },
    }),
  ];
}

/** Pixel fans: Dana's group with Pixel Store as an administrator; Amir joined, wrote and left. */
function fansGroup(): SandboxGroup {
  return {
    id: FANS,
    title: 'Pixel fans',
    members: [
      { user: { id: DANA.id }, status: 'creator' },
      { user: { id: PIXEL.id }, status: 'administrator' },
      { user: { id: AMIR.id }, status: 'left' },
    ],
  };
}

function fansChat(): ChatEntry[] {
  const amir = {
    id: AMIR.id,
    is_bot: false,
    first_name: AMIR.first_name,
    last_name: AMIR.last_name,
  };
  return [
    fromUser(AMIR, FANS_CHAT, 1, { new_chat_members: [amir] }),
    fromUser(AMIR, FANS_CHAT, 2, { text: 'hi all' }),
    fromBot(PIXEL, FANS_CHAT, 3, { text: 'Welcome, Amir! Read the rules first.' }),
    fromUser(DANA, FANS_CHAT, 4, { text: 'Welcome!' }),
    fromUser(AMIR, FANS_CHAT, 5, { left_chat_member: amir }),
  ];
}

function freshWorld(): World {
  return {
    users: [DANA, AMIR],
    bots: [PIXEL, QUIZ],
    chats: new Map([[`${DANA.id}:${PIXEL.id}`, pixelChat()]]),
    groups: [fansGroup()],
    groupChats: new Map([[FANS, fansChat()]]),
    version: 1,
    calls: [],
  };
}

const ok = (result: unknown) => HttpResponse.json({ ok: true, result });

const chatOf = (userId: string | readonly string[], botId: string | readonly string[]) => {
  const key = `${userId}:${botId}`;
  if (!world.chats.has(key)) world.chats.set(key, []);
  return world.chats.get(key) as ChatEntry[];
};

const personOf = (id: unknown) =>
  world.users.find((user) => user.id === Number(id)) ?? { ...DANA, id: Number(id) };

/** The photo's file: a picture drawn the same way every time, so its pictures repeat. */
async function photoFile(): Promise<Blob> {
  const canvas = new OffscreenCanvas(240, 160);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.fillStyle = '#2a9df4';
  context.fillRect(0, 0, 240, 160);
  context.fillStyle = '#ffd43b';
  context.fillRect(60, 40, 120, 80);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** The sandbox's routes over {@link world}; `overrides` go first. */
function sandbox(...overrides: Parameters<typeof http.get>[]) {
  const acted = async (request: Request, path: string) => {
    const body = (await request.json()) as Record<string, unknown>;
    world.calls.push({ path, body });
    return body;
  };
  return {
    msw: {
      handlers: [
        ...overrides.map((args) => http.all(...args)),
        http.get('*/dev/sandbox/users', () => ok(world.users)),
        http.get('*/dev/sandbox/bots', () => ok(world.bots)),
        http.get('*/dev/sandbox/users/:user/chats/:bot', ({ params }) =>
          ok(chatOf(params.user as string, params.bot as string)),
        ),
        http.get('*/dev/sandbox/bots/:bot/commands', ({ request, params }) =>
          ok(
            Number(params.bot) === PIXEL.id &&
              !new URL(request.url).searchParams.has('language_code')
              ? PIXEL_COMMANDS
              : [],
          ),
        ),
        http.get('*/dev/sandbox/files/:file', async ({ params }) =>
          params.file === PHOTO_FILE
            ? new HttpResponse(await photoFile(), { headers: { 'content-type': 'image/png' } })
            : HttpResponse.json({ ok: false, error: `no file ${params.file}` }, { status: 404 }),
        ),
        // Nothing changes on its own here: the poll is held until the story ends.
        http.get('*/dev/sandbox/changes', async ({ request }) => {
          const after = Number(new URL(request.url).searchParams.get('after'));
          if (after !== world.version) return ok({ version: world.version });
          await delay('infinite');
          return ok({ version: world.version });
        }),
        http.get('*/dev/sandbox/groups', () => ok(world.groups)),
        http.get('*/dev/sandbox/groups/:group/messages', ({ params }) =>
          ok(world.groupChats.get(Number(params.group)) ?? []),
        ),
        http.post('*/dev/sandbox/groups', async ({ request }) => {
          const body = await acted(request, 'groups');
          const group = {
            id: -1001000000002,
            title: String(body.title),
            members: [{ user: { id: Number(body.owner) }, status: 'creator' }],
          };
          world.groups.push(group);
          world.groupChats.set(group.id, []);
          return ok(group);
        }),
        http.post('*/dev/sandbox/groups/:group/bots', async ({ request, params }) => {
          const body = await acted(request, `groups/${params.group}/bots`);
          const group = world.groups.find((candidate) => candidate.id === Number(params.group));
          group?.members.push({ user: { id: Number(body.bot) }, status: 'administrator' });
          return ok(true);
        }),
        http.post('*/dev/sandbox/groups/:group/join', async ({ request, params }) => {
          const body = await acted(request, `groups/${params.group}/join`);
          const group = world.groups.find((candidate) => candidate.id === Number(params.group));
          const member = group?.members.find((candidate) => candidate.user.id === body.user);
          if (member) member.status = 'member';
          world.version += 1;
          return ok(true);
        }),
        http.post('*/dev/sandbox/users/:user/send', async ({ request, params }) => {
          const body = await acted(request, 'send');
          const user = personOf(params.user);
          const text = String(body.text);
          if (body.group !== undefined) {
            const messages = world.groupChats.get(Number(body.group)) ?? [];
            messages.push(fromUser(user, FANS_CHAT, messages.length + 1, { text }));
            world.version += 1;
            return ok(messages.at(-1)?.message);
          }
          const chat = chatOf(params.user as string, String(body.bot));
          const bot = world.bots.find((candidate) => candidate.id === Number(body.bot)) ?? PIXEL;
          chat.push(fromUser(user, privateChat(user), chat.length + 1, { text }));
          chat.push(
            fromBot(bot, privateChat(user), chat.length + 1, { text: `You wrote: ${text}` }),
          );
          world.version += 1;
          return ok(chat.at(-2)?.message);
        }),
        http.post('*/dev/sandbox/users/:user/press', async ({ request }) => {
          const body = await acted(request, 'press');
          if (body.button === 'Rules')
            return ok({ queryId: '2', shown: 'alert', text: 'Be kind. No spam.' });
          return ok({ queryId: '1', shown: 'toast', text: 'Opening help…' });
        }),
        http.post('*/dev/sandbox/users/:user/pay', async ({ request }) => {
          await acted(request, 'pay');
          return ok({ status: 'paid' });
        }),
        http.post('*/dev/sandbox/users/:user/follow', async ({ request, params }) => {
          const body = await acted(request, 'follow');
          if (body.button === 'Guide') return ok(GUIDE_URL);
          const user = personOf(params.user);
          const chat = chatOf(params.user as string, String(QUIZ.id));
          chat.push(fromUser(user, privateChat(user), 1, { text: '/start promo' }));
          chat.push(fromBot(QUIZ, privateChat(user), 2, { text: 'Welcome to Quiz Night!' }));
          world.version += 1;
          return ok(chat[0]?.message);
        }),
        http.post('*/dev/sandbox/users', async ({ request }) => {
          const body = await acted(request, 'users');
          const user = {
            id: 100000900,
            first_name: String(body.first_name),
            last_name: '',
            username: '',
          };
          world.users.push(user);
          return ok(user);
        }),
        http.post('*/dev/sandbox/bots', async ({ request }) => {
          const body = await acted(request, 'bots');
          const bot = {
            id: 7100000010,
            token: '7100000010:AAFr3shT0kenForANewSandboxBotXXXXX',
            username: String(body.username),
            name: String(body.name),
          };
          world.bots.push(bot);
          return ok(bot);
        }),
      ],
    },
  };
}

/** The emulator's texts, and the test drive's, whose chat view the panel shows. */
const ENGLISH = { emulator: emulatorTexts, testDrive: testDriveTexts };

interface StoryArgs {
  /** Where a link that leaves the sandbox opens (a new tab in `npm start`). */
  openWindow: (url: string) => void;
}

const meta = {
  title: 'Platform/Emulator/Telegram',
  tags: ['visual'],
  args: { openWindow: fn() },
  argTypes: { openWindow: { control: false } },
  parameters: { layout: 'fullscreen', ...sandbox() },
  beforeEach: () => {
    world = freshWorld();
  },
  loaders: [
    async () => ({
      platform: await createEmulatorPlatform({
        botToken: DEV_BOT_TOKEN,
        user: { ...DANA, language_code: 'en' },
        storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
        openWindow: fn(),
      }),
    }),
  ],
  render: (args, { loaded }) => {
    const platform = loaded.platform as EmulatorPlatform;
    return (
      <ScreenTexts english={ENGLISH}>
        <EmulatorChrome
          platform={platform}
          tools={
            <TelegramPanel
              client={createSandboxClient('/dev/sandbox')}
              defaultUserId={DANA.id}
              openWindow={args.openWindow}
            />
          }
        >
          <main style={{ paddingBlock: '1rem', paddingInline: '1rem' }}>
            <p>The app.</p>
          </main>
        </EmulatorChrome>
      </ScreenTexts>
    );
  },
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the panel from the emulator's top bar; the sheet, once it has loaded. */
async function openPanel(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Telegram' }));
  return screen.findByRole('dialog', { name: 'Telegram sandbox' });
}

async function openChat(canvasElement: HTMLElement) {
  const sheet = await openPanel(canvasElement);
  await within(sheet).findByText('Digital goods for Telegram Stars.', { exact: false });
  // Its picture loaded and the chat at its end, as a person finds it: a button pressed then is
  // scrolled into view the same way in every run (before, a press could come first, and the
  // picture's growth then took the chat to its end or not).
  const log = within(sheet).getByRole('log');
  await waitFor(() => {
    for (const image of log.querySelectorAll('img')) expect(image.complete).toBe(true);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThanOrEqual(1);
  });
  return within(sheet);
}

/** The texts of the chat's messages and service lines, in order. */
const linesOf = (log: HTMLElement) =>
  [...log.querySelectorAll('[data-slot="chat-message-bubble"], [data-slot="chat-service"]')].map(
    (line) => line.textContent,
  );

/**
 * Presses a button of the chat once the chat takes presses again (the last action may still
 * be on its way).
 */
async function press(sheet: ReturnType<typeof within>, name: string) {
  const button = await sheet.findByRole('button', { name });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await userEvent.click(button);
}

/** Waiting for the sandbox's first answer. */
export const Loading: Story = {
  parameters: sandbox([
    '*/dev/sandbox/users',
    async () => {
      await delay('infinite');
      return undefined;
    },
  ]),
  play: async ({ canvasElement }) => {
    const sheet = within(await openPanel(canvasElement));
    await expect(sheet.getByText('Connecting to the sandbox…')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(sheet.getByRole('button', { name: 'Close' })).toHaveFocus();
  },
};

/**
 * Dana's chat with Pixel Store in the chat view: both sides, the bot's HTML, the photo the
 * sandbox holds drawn from its file, every kind of button, an invoice with Pay.
 */
export const Chat: Story = {
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await expect(sheet.getByLabelText('You are')).toHaveDisplayValue('Dana Demo (@dana_demo)');
    await expect(sheet.getByLabelText('Bot')).toHaveDisplayValue('Pixel Store (@pixel_store_bot)');
    await expect(sheet.getByRole('heading', { name: 'Pixel Store' })).toBeVisible();
    const log = sheet.getByRole('log', { name: 'Chat with Pixel Store' });
    await expect(linesOf(log)).toEqual([
      expect.stringContaining('/start'),
      expect.stringContaining('Welcome to Pixel Store! Digital goods for Telegram Stars.'),
      expect.stringContaining('Our newest sticker pack.'),
      expect.stringContaining('Sticker pack\n50 animated stickers.'),
    ]);
    // Dana's own message on her side, the bot's on the other.
    const messages = log.querySelectorAll('[data-slot="chat-message"]');
    await expect([...messages].map((row) => row.getAttribute('data-from'))).toEqual([
      'me',
      'bot',
      'bot',
      'bot',
    ]);
    // The bot's bold text as Telegram draws it.
    await expect(within(log).getByText('Pixel Store', { selector: 'strong' })).toBeVisible();
    // The photo from the file the sandbox holds.
    const photo = within(log).getByRole('img', { name: 'Photo' });
    await expect(photo).toHaveAttribute('src', `/dev/sandbox/files/${PHOTO_FILE}`);
    await waitFor(() => expect((photo as HTMLImageElement).naturalWidth).toBe(240));
    const keyboards = within(log).getAllByRole('group', { name: 'Buttons' });
    await expect(
      within(keyboards[0] as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Open the shop', 'Help', 'Rules', 'Guide', 'Play the quiz']);
    await expect(
      within(keyboards[0] as HTMLElement).getByRole('button', {
        name: 'Open the shop, opens a Mini App',
      }),
    ).toBeVisible();
    await expect(within(log).getByRole('button', { name: 'Pay ⭐️50' })).toBeVisible();
    // Newest at the bottom, scrolled into view.
    await waitFor(() =>
      expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1),
    );
  },
};

/** Writing to the bot: the message goes out, the bot's answer shows under it. */
export const SendText: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    const field = sheet.getByRole('textbox', { name: 'Message' });
    await userEvent.type(field, '/help{Enter}');
    await sheet.findByText('You wrote: /help');
    await expect(world.calls).toEqual([{ path: 'send', body: { bot: PIXEL.id, text: '/help' } }]);
    await expect(field).toHaveValue('');
  },
};

/** The bot's commands, offered as the person types "/": picking one sends it. */
export const Commands: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.type(sheet.getByRole('textbox', { name: 'Message' }), '/');
    const list = await sheet.findByRole('listbox', { name: 'Commands' });
    await expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/startOpen the store', '/helpHow buying works']);
    await userEvent.click(within(list).getByRole('option', { name: /help/ }));
    await sheet.findByText('You wrote: /help');
    await expect(world.calls).toEqual([{ path: 'send', body: { bot: PIXEL.id, text: '/help' } }]);
  },
};

/** A callback button the bot answers with a toast: Telegram's notification, in the chat. */
export const ToastAnswer: Story = {
  // No pictures: the toast is gone before they could be taken (ChatView's Toast Shown has its
  // look), and the chat's place after the press (the tapped button scrolled into view, or the
  // end) varied from run to run.
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Help');
    await waitFor(() => expect(sheet.getByRole('status')).toHaveTextContent('Opening help…'));
    await expect(world.calls).toEqual([
      { path: 'press', body: { bot: PIXEL.id, message_id: 2, button: 'Help' } },
    ]);
    // Telegram's notification hides itself.
    await waitFor(() => expect(sheet.queryByText('Opening help…')).toBeNull(), { timeout: 6000 });
  },
};

/** A callback button the bot answers with an alert: Telegram's modal, closed with OK. */
export const AlertAnswer: Story = {
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Rules');
    const alert = await screen.findByRole('alertdialog', { name: 'Pixel Store' });
    await expect(alert).toHaveTextContent('Be kind. No spam.');
    await expect(within(alert).getByRole('button', { name: 'OK' })).toHaveFocus();
    // The press is over once the chat takes presses again: the pictures show it so (taken a
    // moment earlier, its buttons were still drawn waiting, in one full run).
    await waitFor(() =>
      expect(sheet.getByRole('button', { name: 'Rules', hidden: true })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
  },
};

/** OK closes the alert and gives the focus back to the button pressed; the panel stays. */
export const AlertClosed: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    const rules = sheet.getByRole('button', { name: 'Rules' });
    await press(sheet, 'Rules');
    const alert = await screen.findByRole('alertdialog', { name: 'Pixel Store' });
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(rules).toHaveFocus();
    await expect(screen.getByRole('dialog', { name: 'Telegram sandbox' })).toBeVisible();
  },
};

/** Escape closes the alert only: the panel stays open. */
export const AlertClosedWithEscape: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Rules');
    await screen.findByRole('alertdialog', { name: 'Pixel Store' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(screen.getByRole('dialog', { name: 'Telegram sandbox' })).toBeVisible();
  },
};

/** An invoice's Pay: the sandbox charges the person as Telegram plays it; said in a toast. */
export const Pay: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Pay ⭐️50');
    await waitFor(() => expect(sheet.getByRole('status')).toHaveTextContent('Paid.'));
    await expect(world.calls).toEqual([{ path: 'pay', body: { bot: PIXEL.id, message_id: 4 } }]);
  },
};

/** The bot refuses the pre-checkout: its reason, in an alert. */
export const PayRefused: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users/:user/pay',
    () => ok({ status: 'refused', errorMessage: 'Sold out, sorry.' }),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Pay ⭐️50');
    const alert = await screen.findByRole('alertdialog', { name: 'Pixel Store' });
    await expect(alert).toHaveTextContent('The bot refused the payment: Sold out, sorry.');
  },
};

/** A bot's start link writes /start with its payload to that bot, whose chat then shows. */
export const StartLink: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Play the quiz, opens a link');
    await expect(await sheet.findByText('Welcome to Quiz Night!')).toBeVisible();
    await expect(sheet.getByLabelText('Bot')).toHaveDisplayValue('Quiz Night (@quiz_night_bot)');
    await expect(sheet.getByText('/start promo')).toBeVisible();
    await expect(world.calls).toEqual([
      { path: 'follow', body: { bot: PIXEL.id, message_id: 2, button: 'Play the quiz' } },
    ]);
  },
};

/** Any other URL button opens its address in a new tab. */
export const UrlButton: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement, args }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Guide, opens a link');
    await waitFor(() => expect(args.openWindow).toHaveBeenCalledWith(GUIDE_URL));
    await expect(sheet.getByRole('status')).toHaveTextContent(`Opened link: ${GUIDE_URL}`);
  },
};

/** A Mini App button opens the bot's page with the initData the sandbox signed, in a frame. */
export const MiniApp: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users/:user/open',
    () => ok({ url: 'about:blank#tgWebAppData=query_id%3D1' }),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Open the shop, opens a Mini App');
    const app = await screen.findByRole('dialog', { name: 'Mini App of Pixel Store' });
    // about: is no address a page may load: said, never framed.
    await expect(app).toHaveTextContent(
      'Not an address a page can open: about:blank#tgWebAppData=query_id%3D1',
    );
    await expect(app.querySelector('iframe')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Mini App/ })).toBeNull());
    await expect(screen.getByRole('dialog', { name: 'Telegram sandbox' })).toBeVisible();
  },
};

/**
 * A new bot made as @BotFather would: its token shown to copy, and the bot picked. Its chat
 * was never written in: START, as Telegram shows it, sends /start.
 */
export const NewBot: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.click(sheet.getByText('New bot, as @BotFather makes one'));
    await userEvent.type(sheet.getByLabelText('Name'), 'Weather');
    await userEvent.type(sheet.getByLabelText('Username'), '@weather_now_bot');
    await userEvent.click(sheet.getByRole('button', { name: 'Create bot' }));
    await expect(await sheet.findByText('Token of @weather_now_bot')).toBeVisible();
    await expect(sheet.getByText('7100000010:AAFr3shT0kenForANewSandboxBotXXXXX')).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Copy token' })).toBeVisible();
    await expect(sheet.getByLabelText('Bot')).toHaveDisplayValue('Weather (@weather_now_bot)');
    await expect(sheet.queryByText(/Welcome to Pixel Store/)).toBeNull();
    await userEvent.click(await sheet.findByRole('button', { name: 'Start the bot' }));
    await expect(await sheet.findByText('You wrote: /start')).toBeVisible();
    await expect(world.calls).toEqual([
      { path: 'bots', body: { name: 'Weather', username: 'weather_now_bot' } },
      { path: 'send', body: { bot: 7100000010, text: '/start' } },
    ]);
  },
};

/** A new user to act as: made in the sandbox, then picked. */
export const NewUser: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.click(sheet.getByText('New user'));
    await userEvent.type(sheet.getByLabelText('First name'), 'Zeynep{Enter}');
    await waitFor(() => expect(sheet.getByLabelText('You are')).toHaveDisplayValue('Zeynep'));
    await expect(world.calls).toEqual([{ path: 'users', body: { first_name: 'Zeynep' } }]);
  },
};

/** The sandbox refuses (a username Telegram would not give): its reason, in place. */
export const Refused: Story = {
  parameters: sandbox([
    '*/dev/sandbox/bots',
    ({ request }) =>
      request.method === 'POST'
        ? HttpResponse.json(
            {
              ok: false,
              error:
                '"shop" is not a bot username Telegram gives (5-32 characters, ending in "bot")',
            },
            { status: 409 },
          )
        : undefined,
  ]),
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.click(sheet.getByText('New bot, as @BotFather makes one'));
    await userEvent.type(sheet.getByLabelText('Name'), 'Shop');
    await userEvent.type(sheet.getByLabelText('Username'), 'shop');
    await userEvent.click(sheet.getByRole('button', { name: 'Create bot' }));
    await expect(await sheet.findByRole('alert')).toHaveTextContent(
      'The sandbox refused: "shop" is not a bot username Telegram gives (5-32 characters, ending in "bot")',
    );
    // What was typed stays, to be corrected.
    await expect(sheet.getByLabelText('Username')).toHaveValue('shop');
    await expect(sheet.queryByText(/Token of/)).toBeNull();
  },
};

/** A group the bot is in: everyone's messages by name, who joined and left in service lines. */
export const GroupChat: Story = {
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.selectOptions(sheet.getByRole('combobox', { name: 'Chat' }), 'Pixel fans');
    await expect(await sheet.findByRole('heading', { name: 'Pixel fans' })).toBeVisible();
    await expect(sheet.getByText('2 members')).toBeVisible();
    const log = sheet.getByRole('log', { name: 'Chat with Pixel fans' });
    await waitFor(() =>
      expect(linesOf(log)).toEqual([
        'Amir Aydin joined the group',
        expect.stringMatching(/^Amir Aydinhi all/),
        expect.stringMatching(/^Pixel StoreWelcome, Amir! Read the rules first\./),
        expect.stringMatching(/^Welcome!/),
        'Amir Aydin left the group',
      ]),
    );
    await userEvent.type(sheet.getByRole('textbox', { name: 'Message' }), 'hello fans{Enter}');
    await within(log).findByText('hello fans');
    await expect(world.calls).toEqual([
      { path: 'send', body: { group: FANS, text: 'hello fans' } },
    ]);
  },
};

/** A new group made with the picked bot in it as an administrator, then written in. */
export const NewGroup: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.click(sheet.getByText('New group with this bot'));
    await userEvent.type(sheet.getByLabelText('Group title'), 'Quiz club{Enter}');
    await waitFor(() =>
      expect(sheet.getByRole('combobox', { name: 'Chat' })).toHaveDisplayValue('Quiz club'),
    );
    await expect(world.calls).toEqual([
      { path: 'groups', body: { title: 'Quiz club', owner: DANA.id } },
      { path: 'groups/-1001000000002/bots', body: { bot: PIXEL.id, admin: true } },
    ]);
    await expect(await sheet.findByRole('heading', { name: 'Quiz club' })).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  },
};

/** Someone not in the group (Amir left it) is offered to join it; the composer waits till then. */
export const JoinGroup: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.selectOptions(sheet.getByLabelText('You are'), 'Amir Aydin (@amir_aydin)');
    await userEvent.selectOptions(sheet.getByRole('combobox', { name: 'Chat' }), 'Pixel fans');
    await expect(await sheet.findByText('You are not in this group.')).toBeVisible();
    await expect(sheet.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await userEvent.click(sheet.getByRole('button', { name: 'Join the group' }));
    await waitFor(() => expect(sheet.queryByText('You are not in this group.')).toBeNull());
    await expect(sheet.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(world.calls).toEqual([{ path: `groups/${FANS}/join`, body: { user: AMIR.id } }]);
  },
};

/** A press the bot never answers: the sandbox's wait ends, and says so. */
export const PressNotAnswered: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users/:user/press',
    () =>
      ok({
        answered: false,
        error: '@pixel_store_bot did not answer Dana\'s press of "Help" (callback query 1)',
      }),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await press(sheet, 'Help');
    await expect(await sheet.findByRole('alert')).toHaveTextContent(
      'The sandbox refused: @pixel_store_bot did not answer Dana\'s press of "Help" (callback query 1)',
    );
    await expect(sheet.getByRole('status')).toHaveTextContent('');
  },
};

/** A text the sandbox refuses: its reason above the chat, and the chat takes the next one. */
export const SendRefused: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users/:user/send',
    () =>
      HttpResponse.json({ ok: false, error: 'no bot 7100000002 in the sandbox' }, { status: 404 }),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = await openChat(canvasElement);
    await userEvent.type(sheet.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    await expect(await sheet.findByRole('alert')).toHaveTextContent(
      'The sandbox refused: no bot 7100000002 in the sandbox',
    );
    await expect(sheet.queryByText('hello')).toBeNull();
    await waitFor(() =>
      expect(sheet.getByRole('button', { name: 'Help' })).not.toHaveAttribute('aria-disabled'),
    );
  },
};

/** No sandbox answers (a server without one, or none at all): said, with Try again. */
export const Unreachable: Story = {
  parameters: sandbox(['*/dev/sandbox/users', () => HttpResponse.error()]),
  play: async ({ canvasElement }) => {
    const sheet = within(await openPanel(canvasElement));
    await expect(await sheet.findByRole('alert')).toHaveTextContent(
      "The sandbox can't be reached. npm start runs one at /dev/sandbox unless TELEGRAM_API_ROOT is set.",
    );
    await expect(sheet.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Try again once the sandbox answers: the panel loads. */
export const UnreachableThenBack: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users',
    () => (world.version === 1 ? HttpResponse.error() : undefined),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = within(await openPanel(canvasElement));
    await sheet.findByRole('alert');
    world.version = 2;
    await userEvent.click(sheet.getByRole('button', { name: 'Try again' }));
    await expect(
      await sheet.findByText('Digital goods for Telegram Stars.', { exact: false }),
    ).toBeVisible();
  },
};

/** A server that answers, but not as the sandbox (an HTML page): the same as no sandbox. */
export const NotTheSandbox: Story = {
  tags: ['!visual'],
  parameters: sandbox([
    '*/dev/sandbox/users',
    () => new HttpResponse('<!doctype html><title>Botdeck</title>', { status: 200 }),
  ]),
  play: async ({ canvasElement }) => {
    const sheet = within(await openPanel(canvasElement));
    await expect(await sheet.findByRole('alert')).toHaveTextContent(
      "The sandbox can't be reached.",
    );
  },
};

/** Escape closes the panel, and the focus goes back to its button in the top bar. */
export const ClosedWithEscape: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    await openChat(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button', { name: 'Telegram' })).toHaveFocus();
  },
};
