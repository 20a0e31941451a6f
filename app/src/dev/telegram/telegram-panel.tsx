import { safeUrl } from '@botdeck/core';
import { transcriptOf } from '@botdeck/server/transcript';
import { type ChatCommand, type ChatNotice, ChatView } from '@botdeck/ui';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { chatItemsOf, chatLabelsOf } from '../../features/test-drive/chat-items';
import { useI18n } from '../../i18n';
import {
  type ChatEntry,
  type ChatTarget,
  type SandboxBot,
  type SandboxClient,
  SandboxError,
  type SandboxGroup,
  type SandboxUser,
} from './sandbox-client';
import styles from './telegram-panel.module.css';

/** Props of {@link TelegramPanel}. */
export interface TelegramPanelProps {
  /** The sandbox's control routes (`/dev/sandbox` in `npm start`). */
  client: SandboxClient;
  /** The person acted as when the panel first opens, if the sandbox knows them (the demo user). */
  defaultUserId?: number;
  /** Opens a link that leaves the sandbox; defaults to a new browser tab. */
  openWindow?: (url: string) => void;
}

/**
 * The emulator's Telegram control (development only): a button for its top bar that opens a
 * sheet where the developer is a Telegram user in the sandbox `npm start` runs. They pick or
 * make a user, make a bot as @BotFather would (its token to add in the app), make a group with
 * the bot in it or join one, and write to the bot or in the group in the test drive's chat view,
 * kept current: its pictures from the sandbox's files, the bot's commands offered on "/", its
 * buttons pressed as Telegram does (a callback's toast or alert, a URL: a bot's start link
 * writes /start to it, a Mini App opened with initData signed by that bot, an invoice's Pay).
 */
export function TelegramPanel({
  client,
  defaultUserId,
  openWindow = openInTab,
}: TelegramPanelProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.opener}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('emulator.telegram.open')}
      </button>
      {open ? (
        <TelegramSheet
          client={client}
          defaultUserId={defaultUserId}
          openWindow={openWindow}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function openInTab(url: string): void {
  globalThis.open?.(url, '_blank', 'noopener,noreferrer');
}

type Status = 'loading' | 'ready' | 'unreachable';

const userName = (user: SandboxUser) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') +
  (user.username ? ` (@${user.username})` : '');

/** Whether a group has this user or bot in it now. */
const isIn = (group: SandboxGroup, id: number | undefined) =>
  group.members.some(
    (member) => member.user.id === id && member.status !== 'left' && member.status !== 'kicked',
  );

/** The chat a key names (`bot:<id>` or `group:<id>`), as the sandbox's calls take it. */
function targetOf(key: string): ChatTarget | null {
  const [kind, id] = key.split(':');
  if (kind === 'bot') return { bot: Number(id) };
  if (kind === 'group') return { group: Number(id) };
  return null;
}

/** A bot's start link (t.me/<bot>?start=…), as Telegram follows it: the bot's username. */
const START_LINK = /^https?:\/\/t\.me\/([A-Za-z0-9_]+)\?start=/i;

/** The sandbox keeps no reasons for what a bot deleted (the test drive's runtime tells its own). */
const NO_REASONS = new Map<number, never[]>();

/** Whether two answers of the sandbox are the same chat (a reload that changed nothing in it). */
const sameEntries = (a: readonly ChatEntry[], b: readonly ChatEntry[]) =>
  JSON.stringify(a) === JSON.stringify(b);

function TelegramSheet({
  client,
  defaultUserId,
  openWindow,
  onClose,
}: Required<Pick<TelegramPanelProps, 'client' | 'openWindow'>> & {
  defaultUserId: number | undefined;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const [status, setStatus] = useState<Status>('loading');
  const [users, setUsers] = useState<SandboxUser[]>([]);
  const [bots, setBots] = useState<SandboxBot[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [botId, setBotId] = useState<number | null>(null);
  const [groups, setGroups] = useState<SandboxGroup[]>([]);
  // The group of the bot written in, or null for the private chat with it.
  const [groupId, setGroupId] = useState<number | null>(null);
  // The chat shown, with whose it is: after a switch, the last one's messages are not this one's.
  const [chat, setChat] = useState<{ key: string; entries: ChatEntry[] } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // What a bot answered to a press, a payment's end, a link opened: the chat's toast or alert.
  const [notice, setNotice] = useState<{ key: string; notice: ChatNotice } | null>(null);
  const noticeCount = useRef(0);
  // One action at a time: the chat's buttons and Send wait while one is on its way.
  const [busy, setBusy] = useState(false);
  const [miniApp, setMiniApp] = useState<{ bot: string; url: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The picked bot's commands, offered as the person types "/".
  const [commands, setCommands] = useState<ChatCommand[]>([]);
  // ChatView's alert is put in the sheet: outside a modal <dialog> the page is inert.
  const [alertLayer, setAlertLayer] = useState<HTMLElement | null>(null);

  // A failed call: a refusal is said above the chat and the panel goes on; no answer at all
  // means no sandbox, said in place of the panel with a way to try again.
  const fail = useCallback((error: unknown) => {
    if (error instanceof SandboxError && error.kind === 'refused') setRefusal(error.message);
    else if (!(error instanceof DOMException && error.name === 'AbortError'))
      setStatus('unreachable');
  }, []);

  const user = users.find((candidate) => candidate.id === userId) ?? null;
  const bot = bots.find((candidate) => candidate.id === botId) ?? null;
  const groupsOfBot = groups.filter((group) => isIn(group, bot?.id));
  const group = groupsOfBot.find((candidate) => candidate.id === groupId) ?? null;
  const targetKey = group ? `group:${group.id}` : bot ? `bot:${bot.id}` : '';
  const chatKey = `${user?.id}:${targetKey}`;
  const entries = chat?.key === chatKey ? chat.entries : null;

  /** Says something in the chat shown: a toast, or an alert closed with OK. */
  const say = (text: string, alert = false) => {
    noticeCount.current += 1;
    setNotice({ key: chatKey, notice: { id: String(noticeCount.current), text, alert } });
  };

  // Users and bots first; the person acted as is the demo user when the sandbox knows them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: Try again (attempt) loads afresh.
  useEffect(() => {
    let current = true;
    setStatus('loading');
    Promise.all([client.users(), client.bots(), client.groups()]).then(
      ([foundUsers, foundBots, foundGroups]) => {
        if (!current) return;
        setUsers(foundUsers);
        setBots(foundBots);
        setGroups(foundGroups);
        setUserId(
          (chosen) =>
            chosen ??
            (foundUsers.find((user) => user.id === defaultUserId) ?? foundUsers[0])?.id ??
            null,
        );
        setBotId((chosen) => chosen ?? foundBots[0]?.id ?? null);
        setStatus('ready');
      },
      (error: unknown) => {
        if (current) fail(error);
      },
    );
    return () => {
      current = false;
    };
  }, [client, defaultUserId, fail, attempt]);

  // Kept current: every change in the sandbox (a bot's answer, an edit, a new bot) reloads what
  // the panel shows, through the sandbox's long poll.
  useEffect(() => {
    if (status !== 'ready') return;
    const controller = new AbortController();
    const key = `${userId}:${targetKey}`;
    const reload = async () => {
      const target = targetOf(targetKey);
      const [foundUsers, foundBots, foundGroups, found] = await Promise.all([
        client.users(),
        client.bots(),
        client.groups(),
        userId !== null && target ? client.chat(userId, target) : Promise.resolve([]),
      ]);
      const language = foundUsers.find((candidate) => candidate.id === userId)?.language_code;
      const foundCommands = botId === null ? [] : await client.commands(botId, language);
      if (controller.signal.aborted) return;
      setUsers(foundUsers);
      setBots(foundBots);
      setGroups(foundGroups);
      setCommands((shown) =>
        JSON.stringify(shown) === JSON.stringify(foundCommands) ? shown : foundCommands,
      );
      // The same chat keeps its entries, so the chat view draws nothing again for a bot's poll.
      setChat((shown) =>
        shown?.key === key && sameEntries(shown.entries, found) ? shown : { key, entries: found },
      );
    };
    void (async () => {
      let version = -1;
      try {
        await reload();
        for (;;) {
          const changed = await client.changes(version, controller.signal);
          if (controller.signal.aborted) return;
          if (changed.version !== version) await reload();
          version = changed.version;
        }
      } catch (error) {
        if (!controller.signal.aborted) fail(error);
      }
    })();
    return () => controller.abort();
  }, [client, status, userId, botId, targetKey, fail]);

  /** Runs a call the person made: its result, or null with its refusal shown. */
  const act = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T | null> => {
      setRefusal(null);
      try {
        return await call();
      } catch (error) {
        fail(error);
        return null;
      }
    },
    [fail],
  );

  /** An action in the chat: its buttons and Send wait until it is done. */
  const actInChat = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await act(call);
    } finally {
      setBusy(false);
    }
  };

  const scene = group ? 'group' : 'private';
  const title = group?.title ?? bot?.name ?? '';
  // The test drive's texts for the chat view; its log named after whose chat it is.
  const labels = useMemo(
    () => ({ ...chatLabelsOf(t), chat: t('emulator.telegram.chat', { name: title }) }),
    [t, title],
  );
  const items = useMemo(() => {
    if (entries === null || userId === null) return [];
    const transcript = transcriptOf(entries, {
      tester: userId,
      botName: (id) => bots.find((candidate) => candidate.id === id)?.name ?? String(id),
      fileAddress: client.fileUrl,
      reasons: NO_REASONS,
    });
    return chatItemsOf(transcript, scene, t);
  }, [entries, userId, bots, client, scene, t]);

  /** The message a button of the chat is on, and the button as the sandbox sent it. */
  const buttonAt = (messageId: number, row: number, column: number) => {
    const entry = entries?.find((candidate) => candidate.message.message_id === messageId);
    const button = entry?.message.reply_markup?.inline_keyboard?.[row]?.[column];
    if (!entry || !button || !('bot' in entry.from)) return null;
    // The bot that sent the message answers for it (in a group, any bot there).
    const senderId = entry.from.bot;
    const sender = bots.find((candidate) => candidate.id === senderId)?.name ?? '';
    return { button, sender };
  };

  /** A callback button, or an invoice's Pay. */
  const press = (messageId: number, row: number, column: number) =>
    actInChat(async () => {
      const target = targetOf(targetKey);
      const found = buttonAt(messageId, row, column);
      if (userId === null || !target || !found) return;
      const { button, sender } = found;
      if ('pay' in button && button.pay) {
        const outcome = await client.payInvoice(userId, target, messageId);
        if (outcome.status === 'paid') say(t('emulator.telegram.paid'));
        else if (outcome.status === 'refused')
          say(t('emulator.telegram.payRefused', { reason: outcome.errorMessage ?? '' }), true);
        else say(t('emulator.telegram.payTimedOut'), true);
        return;
      }
      const answer = await client.press(userId, target, messageId, button.text);
      if (answer.shown === 'nothing') say(t('emulator.telegram.answeredNothing', { name: sender }));
      else say(answer.text ?? '', answer.shown === 'alert');
    });

  /** A URL button (a bot's start link, or a place on the web), or a Mini App button. */
  const openLink = (messageId: number, row: number, column: number) =>
    actInChat(async () => {
      const target = targetOf(targetKey);
      const found = buttonAt(messageId, row, column);
      if (userId === null || !target || !found) return;
      const { button, sender } = found;
      if ('web_app' in button && button.web_app) {
        const { url } = await client.open(userId, target, messageId, button.text);
        setMiniApp({ bot: sender, url });
        return;
      }
      if (!('url' in button) || button.url === undefined) return;
      const followed = await client.follow(userId, target, messageId, button.text);
      if (typeof followed === 'string') {
        openWindow(followed);
        say(t('emulator.linkOpened', { url: followed }));
        return;
      }
      // A start link wrote /start to its bot: the chat to look at is that bot's.
      const username = START_LINK.exec(button.url)?.[1]?.toLowerCase();
      const started = bots.find((candidate) => candidate.username.toLowerCase() === username);
      if (started) {
        setBotId(started.id);
        setGroupId(null);
      }
    });

  const send = (text: string) =>
    actInChat(async () => {
      const target = targetOf(targetKey);
      if (userId === null || !target) return;
      await client.send(userId, target, text);
      const found = await client.chat(userId, target);
      setChat({ key: chatKey, entries: found });
    });

  const inGroup = group === null || (user !== null && isIn(group, user.id));
  const members = group
    ? group.members.filter((member) => member.status !== 'left' && member.status !== 'kicked')
        .length
    : 0;

  return (
    <SheetDialog titleId={titleId} onCancel={onClose} slot="emulator-telegram-sheet">
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {t('emulator.telegram.title')}
        </h2>
        <button type="button" className={styles.button} onClick={onClose}>
          {t('emulator.telegram.close')}
        </button>
      </div>
      {status === 'loading' ? (
        <p className={styles.state} aria-busy="true">
          {t('emulator.telegram.loading')}
        </p>
      ) : null}
      {status === 'unreachable' ? (
        <div className={styles.state} role="alert">
          <p>{t('emulator.telegram.unreachable')}</p>
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              setRefusal(null);
              setAttempt((count) => count + 1);
            }}
          >
            {t('emulator.telegram.retry')}
          </button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <>
          <div className={styles.pickers}>
            <Picker
              label={t('emulator.telegram.user')}
              value={userId}
              options={users.map((option) => ({ id: option.id, name: userName(option) }))}
              empty={t('emulator.telegram.noUsers')}
              onChange={setUserId}
            />
            <NewUserForm
              onCreate={(firstName) =>
                act(async () => {
                  const created = await client.createUser(firstName);
                  setUsers((current) => [...current, created]);
                  setUserId(created.id);
                  return created;
                })
              }
            />
            <Picker
              label={t('emulator.telegram.bot')}
              value={botId}
              options={bots.map((option) => ({
                id: option.id,
                name: `${option.name} (@${option.username})`,
              }))}
              empty={t('emulator.telegram.noBots')}
              onChange={(id) => {
                setBotId(id);
                setGroupId(null);
              }}
            />
            <NewBotForm
              onCreate={(name, username) =>
                act(async () => {
                  const created = await client.createBot(name, username);
                  setBots((current) => [...current, created]);
                  setBotId(created.id);
                  setGroupId(null);
                  return created;
                })
              }
            />
            {user && bot ? (
              <>
                <Picker
                  label={t('emulator.telegram.where')}
                  value={group?.id ?? 0}
                  options={[
                    { id: 0, name: t('emulator.telegram.privateChat') },
                    ...groupsOfBot.map((option) => ({ id: option.id, name: option.title })),
                  ]}
                  empty=""
                  onChange={(id) => setGroupId(id === 0 ? null : id)}
                />
                <NewGroupForm
                  onCreate={(title) =>
                    act(async () => {
                      const created = await client.createGroup(title, user.id, bot.id);
                      setGroups(await client.groups());
                      setGroupId(created.id);
                      return created;
                    })
                  }
                />
              </>
            ) : null}
          </div>
          {refusal ? (
            <p className={styles.refusal} role="alert">
              {t('emulator.telegram.refused', { reason: refusal })}
            </p>
          ) : null}
          {user && group && !inGroup ? (
            <div className={styles.join}>
              <p className={styles.hint}>{t('emulator.telegram.notInGroup')}</p>
              <button
                type="button"
                className={styles.button}
                onClick={() =>
                  act(async () => {
                    await client.join(user.id, group.id);
                    setGroups(await client.groups());
                  })
                }
              >
                {t('emulator.telegram.join')}
              </button>
            </div>
          ) : null}
          {user && bot ? (
            <div ref={setAlertLayer} className={styles.chat}>
              <ChatView
                key={chatKey}
                title={title}
                subtitle={group ? t('testDrive.members', { count: members }) : t('testDrive.bot')}
                items={items}
                locale={locale}
                // A private chat never written in shows START, as Telegram does.
                started={group !== null || entries === null || entries.length > 0}
                onStart={() => void send('/start')}
                pending={busy}
                disabled={!inGroup}
                busy={busy}
                notice={notice?.key === chatKey ? notice.notice : null}
                onNoticeClose={() => setNotice(null)}
                commands={commands}
                onSend={(text) => void send(text)}
                onPress={(messageId, row, column) => void press(messageId, row, column)}
                // The sandbox follows the button itself: a start link, or the address to open.
                onOpenLink={(_url, messageId, row, column) => void openLink(messageId, row, column)}
                alertContainer={alertLayer}
                labels={labels}
              />
            </div>
          ) : null}
        </>
      ) : null}
      {miniApp ? (
        <MiniAppDialog bot={miniApp.bot} url={miniApp.url} onClose={() => setMiniApp(null)} />
      ) : null}
    </SheetDialog>
  );
}

/** A native modal dialog: focus moves in, the page behind is inert, Escape closes it. */
function SheetDialog({
  titleId,
  onCancel,
  slot,
  variant = 'sheet',
  children,
}: {
  titleId: string;
  onCancel: () => void;
  slot: string;
  variant?: 'sheet' | 'app';
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // As the emulator's own sheets: an app's Radix dialog must not take a tap here for a tap
    // outside itself and close, or pull the focus back.
    const keepFromPage = (event: Event) => event.stopPropagation();
    const events = ['pointerdown', 'mousedown', 'touchstart', 'focusin', 'focusout'] as const;
    for (const type of events) dialog.addEventListener(type, keepFromPage);
    return () => {
      for (const type of events) dialog.removeEventListener(type, keepFromPage);
      // Closing gives the focus back to what opened the dialog.
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      data-slot={slot}
      className={styles[variant]}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Escape closes the innermost dialog only (a Mini App over the panel), and is handled
        // here rather than left to the browser's cancel, so a synthetic key does it too. One
        // already taken (the chat's alert, its list of commands) is not the panel's.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}

function Picker({
  label,
  value,
  options,
  empty,
  onChange,
}: {
  label: string;
  value: number | null;
  options: { id: number; name: string }[];
  empty: string;
  onChange: (id: number) => void;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {options.length === 0 ? (
        <p id={id} className={styles.empty}>
          {empty}
        </p>
      ) : (
        <select
          id={id}
          className={styles.input}
          value={value ?? ''}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function TextField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        required
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function NewUserForm({
  onCreate,
}: {
  /** Makes the user: them, or null when the sandbox refused (what was typed then stays). */
  onCreate: (firstName: string) => Promise<SandboxUser | null>;
}) {
  const { t } = useI18n();
  const [firstName, setFirstName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = firstName.trim();
    if (!name) return;
    if (await onCreate(name)) setFirstName('');
  };
  return (
    <details className={styles.disclosure}>
      <summary>{t('emulator.telegram.newUser')}</summary>
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={t('emulator.telegram.firstName')}
          value={firstName}
          onChange={setFirstName}
        />
        <button type="submit" className={styles.button}>
          {t('emulator.telegram.createUser')}
        </button>
      </form>
    </details>
  );
}

function NewGroupForm({
  onCreate,
}: {
  /** Makes the group with the bot in it: it, or null when the sandbox refused. */
  onCreate: (title: string) => Promise<SandboxGroup | null>;
}) {
  const { t } = useI18n();
  const [title, setTitle] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) return;
    if (await onCreate(name)) setTitle('');
  };
  return (
    <details className={styles.disclosure}>
      <summary>{t('emulator.telegram.newGroup')}</summary>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t('emulator.telegram.groupTitle')} value={title} onChange={setTitle} />
        <button type="submit" className={styles.button}>
          {t('emulator.telegram.createGroup')}
        </button>
      </form>
    </details>
  );
}

function NewBotForm({
  onCreate,
}: {
  /** Makes the bot: it, or null when the sandbox refused (what was typed then stays). */
  onCreate: (name: string, username: string) => Promise<SandboxBot | null>;
}) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [created, setCreated] = useState<SandboxBot | null>(null);
  const [copied, setCopied] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const bot = await onCreate(name.trim(), username.trim().replace(/^@/, ''));
    if (!bot) return;
    setCreated(bot);
    setCopied('');
    setName('');
    setUsername('');
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(t('emulator.telegram.copied'));
    } catch {
      setCopied(t('emulator.telegram.copyFailed'));
    }
  };
  return (
    <details className={styles.disclosure}>
      <summary>{t('emulator.telegram.newBot')}</summary>
      <form className={styles.form} onSubmit={submit}>
        <TextField label={t('emulator.telegram.botName')} value={name} onChange={setName} />
        <TextField
          label={t('emulator.telegram.botUsername')}
          hint={t('emulator.telegram.botUsernameHint')}
          value={username}
          onChange={setUsername}
        />
        <button type="submit" className={styles.button}>
          {t('emulator.telegram.createBot')}
        </button>
      </form>
      {created ? (
        <div className={styles.token}>
          <p className={styles.label}>
            {t('emulator.telegram.token', { username: created.username })}
          </p>
          <code className={styles.code}>{created.token}</code>
          <button type="button" className={styles.button} onClick={() => copy(created.token)}>
            {t('emulator.telegram.copyToken')}
          </button>
          <output className={styles.hint}>{copied}</output>
        </div>
      ) : null}
    </details>
  );
}

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/**
 * The Mini App's address on this page's origin when it names this server by another loopback
 * name (the bots' pages are on 127.0.0.1, the developer may be on localhost): a frame of
 * another site gets no storage where the browser blocks third-party storage, and the app in it
 * would not start.
 */
function onThisOrigin(url: string): string {
  try {
    const address = new URL(url);
    const here = window.location;
    if (
      address.protocol === here.protocol &&
      address.port === here.port &&
      LOOPBACK.test(address.hostname) &&
      LOOPBACK.test(here.hostname)
    ) {
      return `${here.origin}${address.pathname}${address.search}${address.hash}`;
    }
  } catch {
    // Not an address: safeUrl refuses it below.
  }
  return url;
}

/** A bot's Mini App, as Telegram opens a web_app button: over the chat, in a frame of its own. */
function MiniAppDialog({ bot, url, onClose }: { bot: string; url: string; onClose: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  const title = t('emulator.telegram.miniApp', { name: bot });
  const address = onThisOrigin(url);
  return (
    <SheetDialog
      titleId={titleId}
      onCancel={onClose}
      slot="emulator-telegram-mini-app"
      variant="app"
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.button} onClick={onClose}>
          {t('emulator.telegram.close')}
        </button>
      </div>
      {safeUrl(address) !== null ? (
        <iframe className={styles.frame} title={title} src={safeUrl(address) ?? undefined} />
      ) : (
        <p className={styles.refusal}>{t('emulator.telegram.badAddress', { url })}</p>
      )}
    </SheetDialog>
  );
}
