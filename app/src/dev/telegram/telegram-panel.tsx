import { safeUrl } from '@botdeck/core';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { type MessageKey, useI18n } from '../../i18n';
import {
  type ChatEntry,
  type ChatTarget,
  type InlineButton,
  type SandboxBot,
  type SandboxClient,
  SandboxError,
  type SandboxGroup,
  type SandboxMessage,
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
 * make a user, make a bot as @BotFather would (its token to add in the app), write to a bot and
 * see the chat kept current, and press its buttons: a callback's toast or alert, a URL (a bot's
 * start link writes /start to it), a Mini App opened with initData signed by that bot.
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

/** The kinds of message shown by name, in the order a message is checked for them. */
const MEDIA_KINDS = [
  'photo',
  'video',
  // Before document: Telegram sends an animation with a document beside it.
  'animation',
  'audio',
  'voice',
  'video_note',
  'document',
  'sticker',
  'invoice',
  'location',
  'contact',
  'poll',
  'new_chat_members',
  'left_chat_member',
] as const;

type MediaKind = (typeof MEDIA_KINDS)[number];

/** The kind a message is shown by: media by its kind, a text as text, the rest as `unknown`. */
function kindOf(message: SandboxMessage): MediaKind | 'text' | 'unknown' {
  const media = MEDIA_KINDS.find((kind) => message[kind] !== undefined);
  if (media) return media;
  return typeof message.text === 'string' ? 'text' : 'unknown';
}

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

function TelegramSheet({
  client,
  defaultUserId,
  openWindow,
  onClose,
}: Required<Pick<TelegramPanelProps, 'client' | 'openWindow'>> & {
  defaultUserId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useI18n();
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
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState<{ bot: string; text: string } | null>(null);
  const [miniApp, setMiniApp] = useState<{ bot: string; url: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

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
    const reload = async () => {
      const target = targetOf(targetKey);
      const [foundUsers, foundBots, foundGroups, entries] = await Promise.all([
        client.users(),
        client.bots(),
        client.groups(),
        userId !== null && target ? client.chat(userId, target) : Promise.resolve([]),
      ]);
      if (controller.signal.aborted) return;
      setUsers(foundUsers);
      setBots(foundBots);
      setGroups(foundGroups);
      setChat({ key: `${userId}:${targetKey}`, entries });
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
  }, [client, status, userId, targetKey, fail]);

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

  const pressButton = (entry: ChatEntry, button: InlineButton) =>
    act(async () => {
      const target = targetOf(targetKey);
      if (userId === null || !target || !('bot' in entry.from)) return;
      // The bot that sent the message answers for it (in a group, any bot there).
      const senderId = entry.from.bot;
      const sender = bots.find((candidate) => candidate.id === senderId)?.name ?? '';
      const messageId = entry.message.message_id;
      if (button.callback_data !== undefined) {
        const answer = await client.press(userId, target, messageId, button.text);
        if (answer.shown === 'alert') setAlert({ bot: sender, text: answer.text ?? '' });
        else if (answer.shown === 'toast')
          setNotice(t('emulator.telegram.toast', { name: sender, text: answer.text ?? '' }));
        else setNotice(t('emulator.telegram.answeredNothing', { name: sender }));
      } else if (button.web_app) {
        const { url } = await client.open(userId, target, messageId, button.text);
        setMiniApp({ bot: sender, url });
      } else if (button.url !== undefined) {
        const followed = await client.follow(userId, target, messageId, button.text);
        if (typeof followed === 'string') {
          openWindow(followed);
          setNotice(t('emulator.linkOpened', { url: followed }));
          return;
        }
        // A start link wrote /start to its bot: the chat to look at is that bot's.
        const username = START_LINK.exec(button.url)?.[1]?.toLowerCase();
        const started = bots.find((candidate) => candidate.username.toLowerCase() === username);
        if (started) {
          setBotId(started.id);
          setGroupId(null);
        }
      }
    });

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
          <output className={styles.notice}>{notice}</output>
          {user && group && !isIn(group, user.id) ? (
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
            <Chat
              key={chatKey}
              title={group?.title ?? bot.name}
              users={users}
              entries={chat?.key === chatKey ? chat.entries : null}
              viewer={user}
              bots={bots}
              onPress={pressButton}
              onSend={(text) =>
                act(async () => {
                  const target = group ? { group: group.id } : { bot: bot.id };
                  await client.send(user.id, target, text);
                  const entries = await client.chat(user.id, target);
                  setChat({ key: chatKey, entries });
                  return true;
                })
              }
            />
          ) : null}
        </>
      ) : null}
      {alert ? (
        <AlertDialog bot={alert.bot} text={alert.text} onClose={() => setAlert(null)} />
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
  variant?: 'sheet' | 'alert' | 'app';
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
        // Escape closes the innermost dialog only (an alert over the panel), and is handled
        // here rather than left to the browser's cancel, so a synthetic key does it too.
        if (event.key !== 'Escape') return;
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

function Chat({
  title,
  entries,
  viewer,
  users,
  bots,
  onPress,
  onSend,
}: {
  /** Whose chat it is: the bot's name, or the group's title. */
  title: string;
  /** The chat's messages; null while they load. */
  entries: ChatEntry[] | null;
  viewer: SandboxUser;
  /** Everyone, to name who wrote in a group. */
  users: SandboxUser[];
  bots: SandboxBot[];
  onPress: (entry: ChatEntry, button: InlineButton) => Promise<unknown>;
  /** Sends a text: true once sent, null when the sandbox refused it. */
  onSend: (text: string) => Promise<boolean | null>;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const shown = (entries ?? []).filter((entry) => !entry.deleted);

  // Newest at the bottom, in view as it arrives.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && shown.length > 0) log.scrollTop = log.scrollHeight;
  }, [shown.length]);

  // The reply keyboard in the person's input: the last one a bot set, unless it took it away.
  const keyboardEntry = [...shown]
    .reverse()
    .find((entry) => entry.replyKeyboard !== undefined || entry.removeKeyboard);
  const keyboard = keyboardEntry?.replyKeyboard ?? null;

  const press = async (entry: ChatEntry, button: InlineButton, key: string) => {
    if (pending) return;
    setPending(key);
    try {
      await onPress(entry, button);
    } finally {
      setPending(null);
    }
  };

  const send = async (message: string) => (message.trim() ? onSend(message) : null);

  return (
    <section className={styles.chat} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.chatTitle}>
        {t('emulator.telegram.chat', { name: title })}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard. */}
      <div ref={logRef} className={styles.log} role="log" aria-labelledby={titleId} tabIndex={0}>
        {entries === null ? null : shown.length === 0 ? (
          <p className={styles.empty}>{t('emulator.telegram.emptyChat')}</p>
        ) : (
          <ol className={styles.messages}>
            {shown.map((entry) => {
              const from = entry.from;
              const sender =
                'bot' in from
                  ? (bots.find((candidate) => candidate.id === from.bot)?.name ?? `${from.bot}`)
                  : from.user === viewer.id
                    ? t('emulator.telegram.you')
                    : (users.find((candidate) => candidate.id === from.user)?.first_name ??
                      `${from.user}`);
              const message = entry.message;
              const kind = kindOf(message);
              const rows = message.reply_markup?.inline_keyboard ?? [];
              return (
                <li
                  key={message.message_id}
                  className={styles.message}
                  data-from={'bot' in from ? 'bot' : from.user === viewer.id ? 'viewer' : 'user'}
                >
                  <p className={styles.sender}>{sender}</p>
                  {kind !== 'text' ? (
                    <p className={styles.kind}>
                      {t(`emulator.telegram.media.${kind}` satisfies MessageKey)}
                    </p>
                  ) : null}
                  {(message.text ?? message.caption) ? (
                    <p className={styles.text} dir="auto">
                      {message.text ?? message.caption}
                    </p>
                  ) : null}
                  {rows.length > 0 ? (
                    <fieldset className={styles.keyboard}>
                      <legend className={styles.visuallyHidden}>
                        {t('emulator.telegram.buttons')}
                      </legend>
                      {rows.map((row, rowIndex) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                        <div key={rowIndex} className={styles.row}>
                          {row.map((button, index) => {
                            const key = `${message.message_id}:${rowIndex}:${index}`;
                            const usable =
                              button.callback_data !== undefined ||
                              button.url !== undefined ||
                              button.web_app !== undefined;
                            return (
                              <button
                                key={key}
                                type="button"
                                className={styles.inlineButton}
                                data-kind={
                                  button.web_app
                                    ? 'web_app'
                                    : button.url !== undefined
                                      ? 'url'
                                      : 'callback'
                                }
                                disabled={!usable}
                                aria-busy={pending === key}
                                onClick={() => press(entry, button, key)}
                              >
                                {button.text}
                              </button>
                            );
                          })}
                        </div>
                      ))}
                    </fieldset>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {keyboard ? (
        <fieldset className={styles.keyboard}>
          <legend className={styles.visuallyHidden}>{t('emulator.telegram.keyboard')}</legend>
          {keyboard.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
            <div key={rowIndex} className={styles.row}>
              {row.map((button) => (
                <button
                  key={button.text}
                  type="button"
                  className={styles.inlineButton}
                  onClick={() => send(button.text)}
                >
                  {button.text}
                </button>
              ))}
            </div>
          ))}
        </fieldset>
      ) : null}
      <form
        className={styles.composer}
        onSubmit={async (event) => {
          event.preventDefault();
          const message = text;
          if (!message.trim()) return;
          // A refused text stays, to be sent again or changed.
          if (await send(message)) setText((current) => (current === message ? '' : current));
        }}
      >
        <TextField label={t('emulator.telegram.message')} value={text} onChange={setText} />
        <button type="submit" className={styles.primary}>
          {t('emulator.telegram.send')}
        </button>
      </form>
    </section>
  );
}

/** A bot's alert (answerCallbackQuery with show_alert): Telegram's modal with OK. */
function AlertDialog({ bot, text, onClose }: { bot: string; text: string; onClose: () => void }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <SheetDialog
      titleId={titleId}
      onCancel={onClose}
      slot="emulator-telegram-alert"
      variant="alert"
    >
      <h2 id={titleId} className={styles.title}>
        {bot}
      </h2>
      <p className={styles.text} dir="auto">
        {text}
      </p>
      <button type="button" className={styles.primary} onClick={onClose}>
        {t('emulator.telegram.alertOk')}
      </button>
    </SheetDialog>
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
