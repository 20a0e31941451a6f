import { randomBytes } from 'node:crypto';
import type {
  ModerationReason,
  TestDriveAction,
  TestDriveDraft,
  TestDriveScene,
  TestDriveView,
} from '@botdeck/api';
import { chatLinkUsername, isStartLinkOf, topicModeGroupId } from '@botdeck/core';
import {
  type Sandbox,
  type SandboxBot,
  type SandboxGroup,
  SandboxRefusal,
  type SandboxUser,
  servedTypeOf,
  startSandbox,
} from '@botdeck/sandbox';
import type { ChatMember } from 'grammy/types';
import {
  type TestDriveChatRecord,
  TestDriveError,
  type TestDrivePerson,
  type TestDrivePort,
  type TestDriveRecord,
} from '../api/test-drive-port';
import type { DevPerson } from '../data';
import { type BotRuntime, createBotRuntime } from '../runtime/bot-runtime';
import { startWebhookReceiver } from '../runtime/webhook-receiver';
import { botAccount, personAccount } from '../sandbox-accounts';
import { createMemoryStore, type MemoryStore } from '../store/memory';
import type { Store, StoredUpload, UploadStorage } from '../store/types';
import { type BotConfig, readBotConfig, replaceConfig, sessionData, withDraft } from './bot-copy';
import { type ChatEvent, type Delivery, deliveryEvents, transcriptOf } from './transcript';

/**
 * The test drive's sessions (issue 36): each is a sandbox of its own on 127.0.0.1 (Telegram as
 * far as the bot can tell), the bot in it under a token only the session knows, a person new to
 * the bot (named as the owner), and the real bot runtime running the bot's saved configuration
 * on a store in memory. Nothing a session does reaches Telegram, the bot's members or its data.
 * A session lives in the process that started it, ends after `idleMs` without a call, and each
 * person may hold `perPerson` at once (the process `maxSessions`).
 */

export interface TestDriveOptions {
  /** The bots' real data: read for their configuration, never written. */
  store: Store;
  /** Where the Mini App is (the shop's and captcha's buttons). */
  appUrl: () => string;
  /** The path the server serves session files under: `<filesPath><key>/<file unique id>`. */
  filesPath: string;
  idleMs?: number;
  perPerson?: number;
  maxSessions?: number;
  /** How long an action waits for the bot's answer before it answers without it. */
  answerMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

export interface TestDrive extends TestDrivePort {
  /** Sessions open now (the bench and tests). */
  readonly size: number;
  close(): Promise<void>;
}

const MINUTE = 60_000;
/** The tester's Telegram id: above any person the bot's team holds, one per session. */
const TESTER_IDS_FROM = 7_900_000_000;
/** What a recorded message is, by the field Telegram puts it in (the first present). */
const RECORDED_KINDS = [
  'new_chat_members',
  'left_chat_member',
  'photo',
  'sticker',
  'animation',
  'video',
  'audio',
  'voice',
  'document',
] as const;

/** How long a wait lets further changes come before it answers. */
const COALESCE_MS = 50;
/** Messages a flood sends when the group has no anti-spam limit to pass. */
const FLOOD_DEFAULT = 6;

interface Session {
  id: string;
  filesKey: string;
  who: TestDrivePerson;
  scene: TestDriveScene;
  sandbox: Sandbox;
  bot: SandboxBot;
  tester: SandboxUser;
  group: SandboxGroup | null;
  /** The bot's owner and admins, by Telegram id: they started the bot (see `furnish`). */
  team: Map<number, SandboxUser>;
  /** The chats of the bot's join requirements, by username in lower case (see `furnish`). */
  requiredChats: Map<string, SandboxGroup>;
  /** Join requirements are on (`jr_enable`): their chats' buttons join them in the drive. */
  joinsRequired: boolean;
  /** Where the bot took the tester's messages, by message id (see `followDeliveries`). */
  deliveries: Map<number, Delivery>;
  store: MemoryStore;
  runtime: BotRuntime;
  stopReceiver: () => Promise<void>;
  /** The configuration the session runs, to tell a newer save apart. */
  configJson: string;
  commandsJson: string;
  lastUsed: number;
  /** Group events the chat shows between its messages: after how many entries, and what. */
  events: ChatEvent[];
  reasons: Map<number, ModerationReason[]>;
  /** Why the bot last punished the tester (a mute or a ban follows its deletion). */
  penaltyReasons: ModerationReason[];
  notice: TestDriveView['notice'];
  /** What the page was last shown: its version, and what it held (see `wait`). */
  shown: { version: number; signature: string };
  /** The press whose answer becomes the notice. */
  pressed: { messageId: number; queryId: string } | null;
  /** One action at a time: the next waits for the one before. */
  queue: Promise<unknown>;
}

function randomId(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The session's uploads: the bot's own files read from the real storage (a message's media),
 * anything the session's runtime keeps (a person's photo) kept in the session's memory only.
 */
function sessionUploads(real: UploadStorage, own: UploadStorage): UploadStorage {
  return {
    put: (botId, file) => own.put(botId, file),
    async get(name): Promise<StoredUpload | null> {
      return (await own.get(name)) ?? (await real.get(name));
    },
    remove: (name) => own.remove(name),
    removeAllOf: (botId) => own.removeAllOf(botId),
    clear: () => own.clear(),
  };
}

export function createTestDrive(options: TestDriveOptions): TestDrive {
  const idleMs = options.idleMs ?? 30 * MINUTE;
  const perPerson = options.perPerson ?? 3;
  const maxSessions = options.maxSessions ?? 50;
  const answerMs = options.answerMs ?? 10_000;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(`botdeck test drive: ${message}`));
  const sessions = new Map<string, Session>();
  const byFilesKey = new Map<string, Session>();
  let nextTester = 0;
  let closed = false;
  const sweeper = setInterval(() => void sweep(), Math.min(idleMs, MINUTE));
  sweeper.unref();

  async function sweep(): Promise<void> {
    const oldest = now() - idleMs;
    for (const session of [...sessions.values()]) {
      if (session.lastUsed < oldest) await stopSession(session);
    }
  }

  async function stopSession(session: Session): Promise<void> {
    if (!sessions.delete(session.id)) return;
    byFilesKey.delete(session.filesKey);
    try {
      await session.runtime.stop();
    } finally {
      await session.sandbox.stop();
      await session.stopReceiver();
    }
  }

  async function configFor(
    botId: number,
    draft: TestDriveDraft | null | undefined,
  ): Promise<{ config: BotConfig; team: DevPerson[] }> {
    const found = await options.store.read((tx) => readBotConfig(tx, botId));
    if (!found) throw new TestDriveError('botGone');
    if (!draft) return found;
    const tried = withDraft(found.config, draft);
    if ('missing' in tried) throw new TestDriveError('draftMissing');
    if ('badMedia' in tried) throw new TestDriveError('draftMedia');
    return { config: tried.config, team: found.team };
  }

  function commandsOf(config: BotConfig): string {
    return JSON.stringify(config.lists.command.map((item) => item.name));
  }

  async function open(
    who: TestDrivePerson,
    scene: TestDriveScene,
    draft: TestDriveDraft | null | undefined,
  ): Promise<Session> {
    if (closed) throw new TestDriveError('serverBusy');
    const mine = [...sessions.values()].filter((session) => session.who.userId === who.userId);
    if (mine.length >= perPerson) {
      // The person's oldest gives way, as a new tab of the chat would replace an old one.
      const oldest = mine.reduce((a, b) => (a.lastUsed <= b.lastUsed ? a : b));
      await stopSession(oldest);
    }
    if (sessions.size >= maxSessions) throw new TestDriveError('serverBusy');
    const { config, team } = await configFor(who.botId, draft);
    const sandbox = await startSandbox({ port: 0, waitTimeoutMs: answerMs });
    let runtime: BotRuntime | undefined;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
    try {
      const token = `${config.telegram_id}:${randomId(26)}`;
      const bot = botAccount(sandbox, { ...config, token });
      if (!bot) throw new Error(`the bot ${config.id} could not be made in the sandbox`);
      const known = new Map<number, SandboxUser>();
      for (const person of team) known.set(person.id, personAccount(sandbox, person));
      if (!known.has(config.owner)) {
        known.set(config.owner, sandbox.createUser({ id: config.owner, first_name: 'Owner' }));
      }
      const owner = team.find((person) => person.id === config.owner);
      nextTester += 1;
      const [first_name = 'Tester', ...rest] = (owner?.name ?? 'Tester').split(' ');
      const tester = sandbox.createUser({
        id: TESTER_IDS_FROM + nextTester,
        first_name,
        ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
        language_code: who.language,
      });
      const store = createMemoryStore(sessionData(config, team, token));
      const realUploads = options.store.uploads;
      const sessionStore: MemoryStore = {
        ...store,
        uploads: sessionUploads(realUploads, store.uploads),
      };
      receiver = await startWebhookReceiver(() => runtime);
      // The session is made once the runtime runs; what the runtime says before goes nowhere.
      let made: Session | undefined;
      runtime = createBotRuntime({
        store: sessionStore,
        apiRoot: sandbox.url,
        publicUrl: receiver.url,
        appUrl: options.appUrl,
        botdeckToken: null,
        secret: randomBytes(32),
        log: (message) => log(`session of bot ${config.id}: ${message}`),
        onModeration: (event) => {
          if (!made) return;
          made.reasons.set(event.messageId, event.reasons);
          if (event.userId === tester.id && event.penalty !== 'none') {
            made.penaltyReasons = event.reasons;
          }
        },
        // The bot answers a locked command with nothing and a locked payload with the start
        // message, as live: the line under the tester's message says why.
        onLockedItem: (event) => {
          if (!made || event.userId !== tester.id) return;
          made.events.push({
            after: entriesOf(made).length,
            item: {
              kind: 'service',
              id: `e${made.events.length + 1}`,
              event: event.kind === 'command' ? 'lockedCommand' : 'lockedPayload',
              name: event.name,
              reasons: [],
            },
          });
        },
      });
      await runtime.start();
      let group: SandboxGroup | null = null;
      if (scene === 'group') {
        group = sandbox.createGroup({
          title: config.name,
          owner: known.get(config.owner) as SandboxUser,
        });
        group.addBot(bot, {
          admin: true,
          rights: {
            can_delete_messages: true,
            can_restrict_members: true,
            can_invite_users: true,
            can_pin_messages: true,
            can_manage_topics: false,
          },
        });
      }
      const session: Session = {
        id: randomId(16),
        filesKey: randomId(16),
        who,
        scene,
        sandbox,
        bot,
        tester,
        group,
        team: known,
        requiredChats: new Map(),
        joinsRequired: false,
        deliveries: new Map(),
        store: sessionStore,
        runtime,
        stopReceiver: receiver.stop,
        configJson: JSON.stringify(config),
        commandsJson: commandsOf(config),
        lastUsed: now(),
        events: [],
        reasons: new Map(),
        penaltyReasons: [],
        shown: { version: -1, signature: '' },
        notice: null,
        pressed: null,
        queue: Promise.resolve(),
      };
      made = session;
      furnish(session, config);
      followGroupEvents(session);
      followDeliveries(session);
      // The bot's group work (joining, its first messages) done before the first view.
      await settle(session);
      sessions.set(session.id, session);
      byFilesKey.set(session.filesKey, session);
      return session;
    } catch (error) {
      await runtime?.stop().catch(() => undefined);
      await sandbox.stop();
      await receiver?.stop();
      throw error;
    }
  }

  /** What the bot did to the tester in the group (restricted, banned, let in): shown in the chat. */
  function followGroupEvents(session: Session): void {
    const { group, tester, sandbox } = session;
    if (!group) return;
    sandbox.onCall((_bot, call) => {
      // The group's own (a required chat is another group the bot is in).
      if (!call.ok || Number(call.params.user_id) !== tester.id) return;
      if (Number(call.params.chat_id) !== group.id) return;
      const event =
        call.method === 'banChatMember'
          ? 'banned'
          : call.method === 'restrictChatMember'
            ? restrictsSending(call.params.permissions)
              ? 'restricted'
              : 'unrestricted'
            : call.method === 'unbanChatMember'
              ? 'unrestricted'
              : null;
      if (!event) return;
      const reasons = event === 'unrestricted' ? [] : session.penaltyReasons;
      session.penaltyReasons = [];
      session.events.push({
        after: group.entries().length,
        item: {
          kind: 'service',
          id: `e${session.events.length + 1}`,
          event,
          name: nameOf(tester),
          reasons,
        },
      });
    });
  }

  /**
   * What the bot's configuration needs of Telegram besides the bot, the tester and the scene,
   * made as the real bot would find it: its owner and admins have started it (their private
   * chats exist, so chat mode, a Q&A's answers and new user notices reach them); each active join
   * requirement's chat is a public supergroup of that username, titled as the requirement, with
   * the bot in it (a member can check who else is) and the tester not; topic mode's group is a
   * forum with the bot an administrator (every right, managing topics too). Each is made once:
   * a save that adds a requirement or connects a group makes it at the next action.
   */
  function furnish(session: Session, config: BotConfig): void {
    const { sandbox, bot, team } = session;
    for (const person of team.values()) person.chatWith(bot);
    const owner = team.get(config.owner) as SandboxUser;
    session.joinsRequired = config.jr_enable;
    for (const requirement of config.join_req) {
      const key = requirement.username.toLowerCase();
      if (requirement.notActive || session.requiredChats.has(key)) continue;
      const chat = sandbox.createGroup({
        title: requirement.name || requirement.username,
        username: requirement.username,
        owner,
      });
      // A member, not an administrator: an administrator of a group would be told of the
      // tester joining and run the group's captcha on them there (restricted, and removed when
      // it is not solved), which the drive cannot show. A required channel, where the bot must
      // be an administrator, has no captcha; the sandbox has no channels.
      chat.addBot(bot);
      session.requiredChats.set(key, chat);
    }
    const topicGroup = topicModeGroupId(config.advanced.chat_mode);
    if (topicGroup !== null && !hasGroup(sandbox, topicGroup)) {
      // Botdeck keeps the group's id only (from /enable): the session names it after the bot.
      sandbox
        .createGroup({ id: topicGroup, title: `${config.name} team`, owner, forum: true })
        .addBot(bot, { admin: true });
    }
  }

  /**
   * Where the bot took the tester's messages (chat mode and a Q&A's answer: to its team's
   * private chats; topic mode: into the tester's topic), read from the bot's calls as Telegram
   * answered them: a copy or forward of the tester's message into a team member's chat or a forum
   * topic. The chat shows it under the message (transcript.ts `deliveryEvents`).
   */
  function followDeliveries(session: Session): void {
    const { sandbox, tester, team } = session;
    const chatId = session.group?.id ?? tester.id;
    sandbox.onCall((_bot, call) => {
      if (!call.ok || (call.method !== 'copyMessage' && call.method !== 'forwardMessage')) return;
      if (Number(call.params.from_chat_id) !== chatId) return;
      const messageId = Number(call.params.message_id);
      const to = Number(call.params.chat_id);
      const member = team.get(to);
      const known = session.deliveries.get(messageId);
      if (member) {
        const name = nameOf(member);
        if (known?.to !== 'team') session.deliveries.set(messageId, { to: 'team', names: [name] });
        else if (!known.names.includes(name)) known.names.push(name);
        return;
      }
      const thread = Number(call.params.message_thread_id);
      const group = hasGroup(sandbox, to) ? sandbox.group(to) : null;
      const topic = group?.record.topics.get(thread);
      if (group && topic) {
        session.deliveries.set(messageId, { to: 'topic', topic: topic.name, group: group.title });
      }
    });
  }

  /** Waits until the bot has answered everything it was sent (or gives up after `answerMs`). */
  async function settle(session: Session): Promise<void> {
    await session.sandbox.waitForQuiet(session.bot, { timeoutMs: answerMs }).catch(() => undefined);
  }

  /** How many messages the bot has written in the session's chat. */
  function botMessages(session: Session): number {
    return entriesOf(session).filter((entry) => 'bot' in entry.from).length;
  }

  /**
   * Waits until the bot has answered everything, or has written its first message since
   * `before` (what the person sees first: the rest reaches the page through `wait`, as a
   * message set's later messages come at the chat's pace), at most `answerMs`.
   */
  async function firstAnswer(session: Session, before: number): Promise<void> {
    const { sandbox, bot } = session;
    const until = Date.now() + answerMs;
    for (;;) {
      const version = sandbox.version;
      if (sandbox.pendingUpdateCount(bot) === 0 || botMessages(session) > before) return;
      const left = until - Date.now();
      if (left <= 0) return;
      await sandbox.waitForChange(version, left);
    }
  }

  function entriesOf(session: Session) {
    return session.group ? session.group.entries() : session.tester.chatWith(session.bot).entries();
  }

  /** The session, when it is this person's for this bot. */
  function sessionOf(who: TestDrivePerson, id: string): Session {
    const session = sessions.get(id);
    if (!session || session.who.userId !== who.userId || session.who.botId !== who.botId) {
      throw new TestDriveError('gone');
    }
    session.lastUsed = now();
    return session;
  }

  /** Brings the session's copy in line with the bot's saved configuration (and the draft). */
  async function refresh(session: Session, draft: TestDriveDraft | null | undefined) {
    const { config } = await configFor(session.who.botId, draft);
    const json = JSON.stringify(config);
    if (json === session.configJson) return;
    session.configJson = json;
    await session.store.edit((data) => replaceConfig(data, config));
    furnish(session, config);
    const commands = commandsOf(config);
    if (commands !== session.commandsJson) {
      session.commandsJson = commands;
      await session.runtime.botChanged({ kind: 'commands', botId: config.id });
    }
  }

  function messageIn(session: Session, messageId: number) {
    const entry = entriesOf(session).find((each) => each.message.message_id === messageId);
    if (!entry || entry.deleted) throw new TestDriveError('notHere');
    return entry;
  }

  async function perform(session: Session, action: TestDriveAction): Promise<void> {
    const { tester, bot, group } = session;
    try {
      switch (action.type) {
        case 'start':
          if (group) throw new TestDriveError('notHere');
          tester.send(bot, action.payload ? `/start ${action.payload}` : '/start');
          return;
        case 'send':
          if (action.text === undefined || action.text.trim() === '') {
            throw new TestDriveError('notHere');
          }
          tester.send(group ?? bot, action.text);
          return;
        case 'press':
          await press(session, action);
          return;
        case 'join':
          if (!group) throw new TestDriveError('notHere');
          group.join(tester);
          return;
        case 'post': {
          if (!group) throw new TestDriveError('notHere');
          if (action.kind === 'sticker') tester.send(group, { sticker: true });
          else if (action.kind === 'photo') tester.send(group, { photo: true });
          else if (action.kind === 'flood') {
            const { antispam } = (await session.store.snapshot()).bots[0]?.advanced ?? {};
            const count = antispam?.enable ? antispam.msgs + 1 : FLOOD_DEFAULT;
            for (let index = 1; index <= count; index += 1) tester.send(group, `${index}`);
          } else throw new TestDriveError('notHere');
          return;
        }
        default:
          return action.type satisfies never;
      }
    } catch (error) {
      if (error instanceof SandboxRefusal) throw new TestDriveError('refused', error.message);
      throw error;
    }
  }

  /**
   * Presses a button: a callback button, a start link of the bot (followed here), or the
   * captcha's button (the captcha counts as solved: its page is the real app's, which knows
   * only real captchas).
   */
  async function press(session: Session, action: TestDriveAction): Promise<void> {
    const { message_id: messageId, row, column } = action;
    if (messageId === undefined || row === undefined || column === undefined) {
      throw new TestDriveError('notHere');
    }
    const entry = messageIn(session, messageId);
    const button = entry.message.reply_markup?.inline_keyboard[row]?.[column];
    if (!button) throw new TestDriveError('notHere');
    const place = { row, column };
    if ('callback_data' in button && button.callback_data !== undefined) {
      session.notice = null;
      session.pressed = { messageId, queryId: session.tester.tap(entry.message, place) };
      return;
    }
    if ('url' in button && button.url) {
      const required = requiredChatOf(session, button.url);
      if (required) {
        joinRequiredChat(session, required);
        return;
      }
      // A start link of this bot is followed here, as Telegram's client does; any other
      // address (another bot's start link too) the app opens itself.
      if (!isStartLinkOf(button.url, session.bot.username)) throw new TestDriveError('notInDrive');
      session.tester.follow(entry.message, place);
      if (session.group) await captchaFromGroup(session);
      return;
    }
    const captcha = 'web_app' in button && button.web_app ? captchaOf(button.web_app.url) : null;
    if (captcha !== null && (await solveCaptcha(session, captcha))) return;
    throw new TestDriveError('notInDrive');
  }

  /** The required chat a join button opens (`https://t.me/<username>`), or null. */
  function requiredChatOf(session: Session, url: string): SandboxGroup | null {
    if (!session.joinsRequired) return null;
    const username = chatLinkUsername(url);
    return username ? (session.requiredChats.get(username) ?? null) : null;
  }

  /**
   * A join button of a required chat: Telegram's client opens the chat and the person taps Join.
   * The tester joins it in the session's sandbox, and the chat says so where it happened; a chat
   * they are in already is only opened. One that banned them refuses (SandboxRefusal).
   */
  function joinRequiredChat(session: Session, chat: SandboxGroup): void {
    const standing = standingOf(chat.member(session.tester));
    if (standing === 'member' || standing === 'restricted') return;
    chat.join(session.tester);
    session.events.push({
      after: entriesOf(session).length,
      item: {
        kind: 'service',
        id: `e${session.events.length + 1}`,
        event: 'joinedChat',
        name: chat.title,
        reasons: [],
      },
    });
  }

  /**
   * A group's captcha button is a start link: the bot answers in its private chat with the
   * captcha page's button, which Telegram's client opens at once. The drive stays in the group
   * and solves that captcha (see solveCaptcha).
   */
  async function captchaFromGroup(session: Session): Promise<void> {
    await settle(session);
    const privateChat = session.tester.chatWith(session.bot).entries();
    const answer = privateChat.findLast((entry) => 'bot' in entry.from);
    for (const row of answer?.message.reply_markup?.inline_keyboard ?? []) {
      for (const each of row) {
        const id = 'web_app' in each && each.web_app ? captchaOf(each.web_app.url) : null;
        if (id !== null && (await solveCaptcha(session, id))) return;
      }
    }
  }

  /** The captcha a captcha page's address names (`<app>/captcha?id=…`), or null. */
  function captchaOf(url: string): string | null {
    try {
      const address = new URL(url);
      return address.pathname.endsWith('/captcha') ? address.searchParams.get('id') : null;
    } catch {
      return null;
    }
  }

  /**
   * The tester solves their captcha, as the captcha page would have it judged: passed once,
   * then the runtime lets them in (restrictions lifted, the captcha message deleted). False
   * when it is not the tester's pending captcha.
   */
  async function solveCaptcha(session: Session, id: string): Promise<boolean> {
    const passed = await session.store.write(async (tx) => {
      const captcha = await tx.captchas.get(id);
      if (!captcha || captcha.user_id !== session.tester.id || captcha.message_id === null) {
        return null;
      }
      return (await tx.captchas.pass(id)) ? captcha : null;
    });
    if (!passed || passed.message_id === null) return false;
    await session.runtime.captchaPassed({
      botId: passed.bot_id,
      chatId: passed.chat_id,
      userId: passed.user_id,
      messageId: passed.message_id,
    });
    return true;
  }

  /** The answer to the last press, once the bot gave it: what the person's client shows. */
  function takeNotice(session: Session): void {
    const pressed = session.pressed;
    if (!pressed) return;
    const answer = entriesOf(session)
      .find((entry) => entry.message.message_id === pressed.messageId)
      ?.callbackAnswers.find((each) => each.queryId === pressed.queryId);
    if (!answer) return;
    session.pressed = null;
    session.notice =
      answer.shown === 'nothing' || !answer.text
        ? null
        : { id: pressed.queryId, text: answer.text, alert: answer.shown === 'alert' };
  }

  /** The view as the page sees it, and what it was last shown (see `wait`). */
  function viewOf(session: Session): TestDriveView {
    const view = currentView(session);
    const { version: _version, expires_at: _expires, ...seen } = view;
    session.shown = { version: view.version, signature: JSON.stringify(seen) };
    return view;
  }

  function currentView(session: Session): TestDriveView {
    takeNotice(session);
    const { sandbox, bot, tester, group } = session;
    const entries = group ? group.entries() : tester.chatWith(bot).entries();
    const config = JSON.parse(session.configJson) as BotConfig;
    // A delivery's line comes right under its message, before anything else placed there.
    const events = [
      ...deliveryEvents(entries, session.deliveries, { id: tester.id, name: nameOf(tester) }),
      ...session.events,
    ].sort((a, b) => a.after - b.after);
    const items = transcriptOf(entries, {
      tester: tester.id,
      botName: config.name,
      fileAddress: (id) => `${options.filesPath}${session.filesKey}/${id}`,
      reasons: session.reasons,
      events,
    });
    const member = group ? group.member(tester) : null;
    // As a client asks: the commands for its language, else the bot's default ones.
    const forLanguage = sandbox.commands(bot, undefined, session.who.language);
    const commands = forLanguage.length > 0 ? forLanguage : sandbox.commands(bot);
    return {
      session: session.id,
      scene: session.scene,
      version: sandbox.version,
      title: group ? group.title : config.name,
      username: bot.username,
      started: entries.some((entry) => 'user' in entry.from),
      answering: sandbox.pendingUpdateCount(bot) > 0,
      member: standingOf(member),
      members: group ? group.memberCount() : 0,
      commands: commands.map(({ command, description }) => ({ command, description })),
      joinable: session.joinsRequired
        ? [...session.requiredChats.values()].map((chat) => chat.record.username ?? '')
        : [],
      items,
      notice: session.notice,
      expires_at: session.lastUsed + idleMs,
    };
  }

  function queued<T>(session: Session, work: () => Promise<T>): Promise<T> {
    const run = session.queue.then(work);
    session.queue = run.catch(() => undefined);
    return run;
  }

  return {
    async start(who, scene, draft) {
      const session = await open(who, scene, draft);
      return viewOf(session);
    },

    async act(who, id, action, draft) {
      const session = sessionOf(who, id);
      return queued(session, async () => {
        await refresh(session, draft);
        const before = botMessages(session);
        await perform(session, action);
        await firstAnswer(session, before);
        session.lastUsed = now();
        return viewOf(session);
      });
    },

    async wait(who, id, after, timeoutMs) {
      const session = sessionOf(who, id);
      const until = Date.now() + timeoutMs;
      // The page is behind what it was last shown: it gets the chat as it is now.
      if (after !== session.shown.version) return viewOf(session);
      // Telegram changes with every call the bot makes (a chat action, an answered press), most
      // of which the person does not see: the wait answers only once what they see changed, so
      // a page makes a call per change it can see, never one per change of the sandbox.
      let version = after;
      for (;;) {
        const left = until - Date.now();
        if (left <= 0) return null;
        version = await session.sandbox.waitForChange(version, left);
        if (!sessions.has(id)) throw new TestDriveError('gone');
        // One change seldom comes alone (a message, then the call that answered a press).
        await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
        const before = session.shown.signature;
        const view = viewOf(session);
        if (session.shown.signature !== before) return view;
        version = session.sandbox.version;
      }
    },

    async end(who, id) {
      const session = sessions.get(id);
      if (!session || session.who.userId !== who.userId || session.who.botId !== who.botId) return;
      await stopSession(session);
    },

    file(key, fileId) {
      const session = byFilesKey.get(key);
      const file = session?.sandbox.file(fileId);
      if (!session || !file) return null;
      return { bytes: file.bytes, type: servedTypeOf(file) };
    },

    record(id): readonly TestDriveRecord[] | null {
      const session = sessions.get(id);
      if (!session) return null;
      return entriesOf(session).map((entry) => {
        const message = entry.message;
        const kind = RECORDED_KINDS.find((each) => message[each] !== undefined) ?? 'text';
        return {
          messageId: message.message_id,
          from:
            'bot' in entry.from
              ? 'bot'
              : entry.from.user === session.tester.id
                ? 'tester'
                : 'person',
          text: message.text ?? message.caption ?? '',
          deleted: entry.deleted,
          kind,
        };
      });
    },

    requiredChats(id): readonly TestDriveChatRecord[] | null {
      const session = sessions.get(id);
      if (!session) return null;
      return [...session.requiredChats.values()].map((chat) => {
        const standing = standingOf(chat.member(session.tester));
        return {
          username: chat.record.username ?? '',
          title: chat.title,
          tester: standing === 'restricted' ? 'member' : standing,
        };
      });
    },

    get size() {
      return sessions.size;
    },

    async close() {
      closed = true;
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map(stopSession));
    },
  };
}

/** A person's name as Telegram shows it: first and last. */
function nameOf(person: SandboxUser): string {
  return [person.user.first_name, person.user.last_name].filter(Boolean).join(' ');
}

/** Whether the sandbox holds a group of this id. */
function hasGroup(sandbox: Sandbox, id: number): boolean {
  try {
    sandbox.group(id);
    return true;
  } catch {
    return false;
  }
}

/** Whether restrictChatMember's permissions (as sent, JSON) take the right to write away. */
function restrictsSending(permissions: string | undefined): boolean {
  try {
    const parsed = JSON.parse(permissions ?? '{}') as Record<string, unknown>;
    return parsed.can_send_messages !== true;
  } catch {
    return true;
  }
}

/**
 * Where the tester stands in the group, as the page shows it: restricted only while Telegram
 * would not let them write (a newcomer let in keeps a restricted entry with every right back).
 */
function standingOf(member: ChatMember | null): TestDriveView['member'] {
  if (member === null) return 'none';
  switch (member.status) {
    case 'kicked':
      return 'banned';
    case 'left':
      return 'none';
    case 'restricted':
      if (!member.is_member) return 'none';
      return member.can_send_messages ? 'member' : 'restricted';
    default:
      return 'member';
  }
}
