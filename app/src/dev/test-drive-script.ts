import type {
  ModerationReason,
  TestDriveAction,
  TestDriveDraft,
  TestDriveItem,
  TestDriveMessage,
  TestDriveScene,
  TestDriveView,
} from '@botdeck/api';
import { TestDriveError, type TestDrivePort } from '@botdeck/server';

/**
 * A test drive for stories (issue 36): no bot runs in a browser, so this stand-in plays the
 * seed's Dana Helper (bot 1) from a script instead of the runtime. Its texts and buttons are the
 * seed's: the start message with its five buttons, the Prices menu with its photo and Allergens
 * popup, the Summer offer start link, /help, /about and /menu, or an unsaved start message it is
 * handed; in a group it joins as a newcomer (the captcha), and deletes a link, a sticker and a
 * flood as group protection would, saying why. A story may have it require a chat first (the
 * join prompt, its join button, Check again) or take what the person writes to the team (chat
 * mode) or into their topic (topic mode), saying where.
 */
export interface ScriptedTestDrive extends TestDrivePort {
  /** Forgets every session and puts the settings back (before each story). */
  reset(): void;
  /** What the story changes before it acts. */
  settings: ScriptSettings;
}

interface ScriptSettings {
  /** A newcomer of the group is restricted and sent the captcha (else they just join). */
  captcha: boolean;
  /** The Allergens button answers with an alert to close rather than a toast. */
  alerts: boolean;
  /** The session has ended (30 minutes idle): the next call says it has gone. */
  gone: boolean;
  /** The bot requires joining its news chat before it answers (join requirements). */
  joinRequired: boolean;
  /** Where what the person writes goes: nowhere shown, the team's chats, or their topic. */
  chatMode: 'off' | 'team' | 'topic';
}

const DEFAULTS: ScriptSettings = {
  captcha: true,
  alerts: false,
  gone: false,
  joinRequired: false,
  chatMode: 'off',
};

const BOT = { name: 'Dana Helper', username: 'dana_helper_bot' };
const GROUP = 'Dana’s Bakery Chat';
const ME = 'Dana Demo';
/** 29 November 2025, 08:00 UTC: the chat's clock, the same in every picture. */
const T0 = 1_764_403_200;

/**
 * The chat's pictures, served as the server serves a session's files (at a random key of the
 * session, here a fixed one): a drawn banner named as the seed's upload it stands for.
 */
const FILES_KEY = 'story-session';
const PICTURE = `/test-drive/files/${FILES_KEY}/seed-prices`;
const PICTURE_SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
    '<rect width="640" height="360" fill="#e8a87c"/>' +
    '<rect y="144" width="640" height="72" fill="#f3c7a6"/>' +
    '<text x="320" y="192" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#5a3a22">Prices</text>' +
    '</svg>',
);

/** The chat the bot requires, when a story has it require one. */
const NEWS = { name: 'Dana’s Bakery News', username: 'danas_bakery_news' };
/** The bot's owner and its admin who gets replies: who chat mode reaches. */
const TEAM = [ME, 'Chen Haddad'];
/** The tester's topic in the group topic mode runs in. */
const TOPIC = { name: `${ME} (7900000001)`, group: `${BOT.name} team` };

const COMMANDS = [
  { command: 'help', description: 'How to use the bot' },
  { command: 'about', description: 'About the bakery' },
  { command: 'menu', description: 'The menu' },
];

interface Session {
  id: string;
  scene: TestDriveScene;
  version: number;
  started: boolean;
  member: TestDriveView['member'];
  members: number;
  items: TestDriveItem[];
  notice: TestDriveView['notice'];
  nextId: number;
  notices: number;
  /** Told of each change: the waits under way. */
  listeners: Set<() => void>;
  /** The editor's unsaved start message, tried in place of the saved one. */
  draft: TestDriveDraft | null;
  /** The person has joined the chat the bot requires. */
  joinedNews: boolean;
  /** The join prompt has let the person through (Check again after joining). */
  through: boolean;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function scriptedTestDrive(): ScriptedTestDrive {
  const sessions = new Map<string, Session>();
  let opened = 0;
  const settings: ScriptSettings = { ...DEFAULTS };

  const viewOf = (session: Session): TestDriveView => ({
    session: session.id,
    scene: session.scene,
    version: session.version,
    title: session.scene === 'group' ? GROUP : BOT.name,
    username: BOT.username,
    started: session.started,
    answering: false,
    member: session.member,
    members: session.members,
    commands: COMMANDS,
    joinable: settings.joinRequired ? [NEWS.username] : [],
    items: structuredClone(session.items),
    notice: session.notice,
    expires_at: (T0 + 30 * 60) * 1000,
  });

  const sessionOf = (id: string): Session => {
    const session = sessions.get(id);
    if (!session || settings.gone) throw new TestDriveError('gone');
    return session;
  };

  const changed = (session: Session) => {
    session.version += 1;
    for (const listener of session.listeners) listener();
  };

  const message = (
    session: Session,
    from: TestDriveMessage['from'],
    html: string,
    more: Partial<TestDriveMessage> = {},
  ): TestDriveMessage => {
    const id = session.nextId;
    session.nextId += 1;
    const added: TestDriveMessage = {
      kind: 'message',
      id,
      from,
      name: from === 'bot' ? BOT.name : ME,
      date: T0 + id * 20,
      html,
      media: null,
      buttons: [],
      effect: null,
      edited: false,
      reply_to: null,
      deleted: null,
      ...more,
    };
    session.items.push(added);
    return added;
  };

  const welcome = (session: Session) => {
    const unsaved = session.draft?.act === 'startmsg' ? session.draft.messages : null;
    if (unsaved) {
      for (const draft of unsaved)
        message(session, 'bot', draft.parse ? draft.text : escapeHtml(draft.text));
      return;
    }
    message(
      session,
      'bot',
      '<b>Welcome!</b> I answer questions about <i>Dana’s Bakery</i>. Pick a menu below.',
      {
        effect: 'party',
        buttons: [
          [
            { text: 'Prices', kind: 'callback' },
            { text: 'Opening hours', kind: 'callback' },
          ],
          [
            { text: 'Website', kind: 'url', url: 'https://example.com' },
            {
              text: 'Summer offer',
              kind: 'url',
              url: `https://t.me/${BOT.username}?start=sp-summer`,
            },
          ],
          [{ text: 'Do you deliver?', kind: 'callback' }],
        ],
      },
    );
  };

  /** The join prompt, while the bot requires its chat and the person has not been let through. */
  const asksToJoin = (session: Session): boolean => {
    if (!settings.joinRequired || session.through) return false;
    message(session, 'bot', 'To use this bot, join these first:', {
      buttons: [
        [{ text: NEWS.name, kind: 'url', url: `https://t.me/${NEWS.username}` }],
        [{ text: 'Check again', kind: 'callback' }],
      ],
    });
    return true;
  };

  /** Check again: let through once the person has joined, else told they have not. */
  const checkAgain = (session: Session, prompt: TestDriveMessage) => {
    session.notices += 1;
    const text = session.joinedNews
      ? 'Thanks for joining! You can use the bot now.'
      : "You haven't joined all of them yet.";
    session.notice = { id: `notice-${session.notices}`, text, alert: false };
    if (!session.joinedNews) return;
    session.through = true;
    prompt.html = text;
    prompt.buttons = [];
    prompt.edited = true;
  };

  const start = (session: Session, payload: string | undefined) => {
    session.started = true;
    if (settings.joinRequired && !session.through) {
      message(session, 'me', payload ? `/start ${payload}` : '/start');
      asksToJoin(session);
      return;
    }
    if (payload === 'sp-summer') {
      message(session, 'me', '/start sp-summer');
      message(session, 'bot', 'Summer offer: free coffee with every cake.');
    } else {
      message(session, 'me', payload ? `/start ${payload}` : '/start');
      welcome(session);
    }
  };

  const command = (session: Session, text: string) => {
    switch (text.trim().toLowerCase()) {
      case '/start':
        welcome(session);
        return;
      case '/help':
        message(session, 'bot', 'Send /menu to see what I can do.');
        return;
      case '/about':
        message(session, 'bot', 'A bakery bot made with Botdeck.');
        return;
      case '/menu':
        message(session, 'bot', 'Here is the menu:', {
          buttons: [[{ text: 'Prices', kind: 'callback' }]],
        });
        return;
      case '/promo':
        // The fourth command, past the Free plan's three: the bot answers nothing, as live.
        session.items.push({
          kind: 'service',
          id: `l${session.nextId - 1}`,
          event: 'lockedCommand',
          name: 'promo',
          reasons: [],
        });
        return;
      default:
        // Anything else goes to the bot's team, as chat mode does: the bot says nothing, and
        // the drive says where it went.
        delivered(session);
        return;
    }
  };

  /** The line under the person's last message saying where the bot took it. */
  const delivered = (session: Session) => {
    const about = session.nextId - 1;
    if (settings.chatMode === 'team') {
      session.items.push({
        kind: 'service',
        id: `d${about}`,
        event: 'sentToTeam',
        name: ME,
        reasons: [],
        team: TEAM,
      });
    } else if (settings.chatMode === 'topic') {
      session.items.push({
        kind: 'service',
        id: `d${about}`,
        event: 'sentToTopic',
        name: TOPIC.name,
        reasons: [],
        group: TOPIC.group,
      });
    }
  };

  /** What group protection does to what the newcomer posts: deleted, with why. */
  const moderated = (posted: TestDriveMessage, reasons: ModerationReason[]) => {
    posted.deleted = { reasons };
  };

  const mayPost = (session: Session) => {
    if (session.member !== 'member') throw new TestDriveError('refused');
  };

  const press = (session: Session, action: TestDriveAction) => {
    const target = session.items.find(
      (item): item is TestDriveMessage => item.kind === 'message' && item.id === action.message_id,
    );
    const button = target?.buttons[action.row ?? -1]?.[action.column ?? -1];
    if (!target || !button || target.deleted) throw new TestDriveError('notHere');
    if (button.kind === 'webApp' || button.kind === 'pay') throw new TestDriveError('notInDrive');
    if (button.kind === 'url') {
      if (settings.joinRequired && button.url === `https://t.me/${NEWS.username}`) {
        // As Telegram's client opens the chat and the person taps Join.
        if (session.joinedNews) return;
        session.joinedNews = true;
        session.items.push({
          kind: 'service',
          id: `j${session.nextId}`,
          event: 'joinedChat',
          name: NEWS.name,
          reasons: [],
        });
        return;
      }
      if (!button.url?.startsWith(`https://t.me/${BOT.username}?start=`))
        throw new TestDriveError('notHere');
      start(session, new URL(button.url).searchParams.get('start') ?? undefined);
      return;
    }
    switch (button.text) {
      case 'Check again':
        checkAgain(session, target);
        return;
      case 'Prices':
        message(session, 'bot', 'Bread from 2 €, cakes from 15 €.', {
          media: { type: 'photo', url: PICTURE },
          buttons: [[{ text: 'Allergens', kind: 'callback' }]],
        });
        return;
      case 'Opening hours':
        message(session, 'bot', 'Mon–Sat 7:00–19:00, closed on Sundays.');
        return;
      case 'Do you deliver?':
        message(session, 'bot', 'Do you deliver?');
        return;
      case 'Allergens':
        session.notices += 1;
        session.notice = {
          id: `notice-${session.notices}`,
          text: 'Ask us about allergens in store',
          alert: settings.alerts,
        };
        return;
      default:
        throw new TestDriveError('notHere');
    }
  };

  const post = (session: Session, kind: TestDriveAction['kind']) => {
    mayPost(session);
    if (kind === 'sticker') {
      const sticker = message(session, 'me', '', { media: { type: 'sticker', url: null } });
      moderated(sticker, [{ rule: 'media', type: 'Sticker' }]);
    } else if (kind === 'photo') {
      message(session, 'me', 'Fresh from the oven', {
        media: { type: 'photo', url: PICTURE },
      });
    } else {
      const flood = [1, 2, 3, 4].map((n) => message(session, 'me', `Hello ${n}`));
      const reasons: ModerationReason[] = [{ rule: 'antispam', sent: 4, allowed: 3, seconds: 5 }];
      moderated(flood[3] as TestDriveMessage, reasons);
      session.items.push({
        kind: 'service',
        id: `r${session.nextId}`,
        event: 'restricted',
        name: ME,
        reasons,
      });
      session.member = 'restricted';
    }
  };

  const join = (session: Session) => {
    if (session.scene !== 'group' || session.member !== 'none') throw new TestDriveError('notHere');
    session.members += 1;
    session.items.push({ kind: 'service', id: 'joined', event: 'joined', name: ME, reasons: [] });
    if (!settings.captcha) {
      session.member = 'member';
      return;
    }
    session.member = 'restricted';
    session.items.push({
      kind: 'service',
      id: 'restricted',
      event: 'restricted',
      name: ME,
      reasons: [],
    });
    message(session, 'bot', `Welcome, ${ME}! Tap the button to prove you are human.`, {
      buttons: [[{ text: "I'm human", kind: 'url', url: 'https://example.com/captcha' }]],
    });
  };

  const send = (session: Session, text: string) => {
    if (session.scene === 'group') {
      mayPost(session);
      const sent = message(session, 'me', escapeHtml(text));
      const link = /https?:\/\/\S+/.exec(text);
      if (link) moderated(sent, [{ rule: 'link', link: link[0] }]);
      return;
    }
    message(session, 'me', escapeHtml(text));
    if (asksToJoin(session)) return;
    command(session, text);
  };

  return {
    settings,

    reset() {
      sessions.clear();
      opened = 0;
      Object.assign(settings, DEFAULTS);
    },

    async start(_who, scene, draft) {
      opened += 1;
      const session: Session = {
        id: `drive-${opened}`,
        scene,
        version: 1,
        started: false,
        member: 'none',
        members: scene === 'group' ? 3 : 0,
        items: [],
        notice: null,
        nextId: 1,
        notices: 0,
        listeners: new Set(),
        draft: draft ?? null,
        joinedNews: false,
        through: false,
      };
      sessions.set(session.id, session);
      return viewOf(session);
    },

    async act(_who, id, action, draft) {
      const session = sessionOf(id);
      session.draft = draft ?? null;
      session.notice = null;
      switch (action.type) {
        case 'start':
          if (session.scene !== 'private') throw new TestDriveError('notHere');
          start(session, action.payload);
          break;
        case 'send':
          send(session, action.text ?? '');
          break;
        case 'press':
          press(session, action);
          break;
        case 'join':
          join(session);
          break;
        case 'post':
          post(session, action.kind);
          break;
        default:
          return action.type satisfies never;
      }
      changed(session);
      return viewOf(session);
    },

    wait(_who, id, after, timeoutMs) {
      const session = sessionOf(id);
      if (session.version > after) return Promise.resolve(viewOf(session));
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          session.listeners.delete(done);
          resolve(session.version > after ? viewOf(session) : null);
        };
        const timer = setTimeout(done, timeoutMs);
        session.listeners.add(done);
      });
    },

    async end(_who, id) {
      sessions.delete(id);
    },

    file: (key, fileId) =>
      key === FILES_KEY && fileId === 'seed-prices'
        ? { bytes: PICTURE_SVG, type: 'image/svg+xml' }
        : null,
  };
}
