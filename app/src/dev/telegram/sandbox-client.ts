import type { ChatEntry } from '@botdeck/server/transcript';

/**
 * The Telegram sandbox's control routes (packages/sandbox/README.md), as `npm start` serves them
 * on the app's own origin at `/dev/sandbox/…`: Telegram's side, for a developer acting as a
 * Telegram user. Only what the emulator uses, in the sandbox's own shapes (Telegram's,
 * snake_case).
 */

/** A person in the sandbox, as Telegram's `User`. */
export interface SandboxUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  /** The language of their Telegram app, which picks the bot's commands they see. */
  language_code?: string;
}

/** A bot in the sandbox, with the token @BotFather would give. */
export interface SandboxBot {
  id: number;
  token: string;
  username: string;
  name: string;
}

/** A group (a supergroup, as the sandbox keeps every group) and who is in it. */
export interface SandboxGroup {
  id: number;
  title: string;
  /** Telegram's ChatMember of each: `left` and `kicked` are no longer in it. */
  members: { user: { id: number }; status: string }[];
}

/** Where a person writes: their private chat with a bot, or a group. */
export type ChatTarget = { bot: number } | { group: number };

/** One message of a chat as the person sees it, in the sandbox's shape (Telegram's `Message`). */
export type { ChatEntry };

/** A message as Telegram's `Message`. */
type SandboxMessage = ChatEntry['message'];

/** A command a bot offers, as Telegram's `BotCommand`. */
interface BotCommand {
  command: string;
  description: string;
}

/** What the person saw after pressing a callback button. */
interface CallbackAnswer {
  shown: 'nothing' | 'toast' | 'alert';
  text?: string;
}

/** What came of paying an invoice: paid, or refused with the bot's reason, or no answer in 10 s. */
interface PaymentOutcome {
  status: 'paid' | 'refused' | 'timed out';
  errorMessage?: string;
}

/**
 * Why a call failed: the sandbox said no (`refused`, with its reason: Telegram would not let the
 * person do it, or nothing of that name), or no sandbox answered (`unreachable`: no server, a
 * server without a sandbox, a dropped network).
 */
export class SandboxError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sandbox's calls over `fetch`, under `base` (`/dev/sandbox` in `npm start`). */
export function createSandboxClient(base: string, fetchImpl: typeof fetch = fetch) {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    signal?: AbortSignal,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        ...(body
          ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SandboxError('unreachable', (error as Error).message);
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      // An HTML page or an empty body: a server, but not the sandbox's routes.
      throw new SandboxError('unreachable', `${response.status} without the sandbox's JSON`);
    }
    if (isObject(answer) && answer.ok === true) return answer.result as T;
    if (isObject(answer) && typeof answer.error === 'string')
      throw new SandboxError('refused', answer.error);
    // The Bot API's own shape, which the sandbox uses for its faults (500).
    if (isObject(answer) && typeof answer.description === 'string')
      throw new SandboxError('refused', answer.description);
    throw new SandboxError('unreachable', `${response.status} without the sandbox's JSON`);
  }

  const messageCall = (
    userId: number,
    action: string,
    target: ChatTarget,
    messageId: number,
    button: string,
  ) =>
    ['POST', `/users/${userId}/${action}`, { ...target, message_id: messageId, button }] as const;

  return {
    users: () => call<SandboxUser[]>('GET', '/users'),
    createUser: (firstName: string) =>
      call<SandboxUser>('POST', '/users', { first_name: firstName }),
    bots: () => call<SandboxBot[]>('GET', '/bots'),
    createBot: (name: string, username: string) =>
      call<SandboxBot>('POST', '/bots', { name, username }),
    groups: () => call<SandboxGroup[]>('GET', '/groups'),
    /** A group owned by `ownerId`, with `botId` in it as an administrator (all rights). */
    async createGroup(title: string, ownerId: number, botId: number) {
      const group = await call<SandboxGroup>('POST', '/groups', { title, owner: ownerId });
      await call('POST', `/groups/${group.id}/bots`, { bot: botId, admin: true });
      return group;
    },
    join: (userId: number, groupId: number) =>
      call('POST', `/groups/${groupId}/join`, { user: userId }),
    /** The messages of a private chat with a bot, or of a group, as the person sees them. */
    chat: (userId: number, target: ChatTarget) =>
      call<ChatEntry[]>(
        'GET',
        'bot' in target
          ? `/users/${userId}/chats/${target.bot}`
          : `/groups/${target.group}/messages`,
      ),
    /**
     * The person pays an invoice link as Telegram plays it: the bot's pre-checkout answer, then
     * the charge. `paid`, or `refused` with the bot's reason, or `timed out` (no answer in 10 s).
     */
    pay: (userId: number, link: string) =>
      call<PaymentOutcome>('POST', `/users/${userId}/pay`, { link }),
    /** The person presses an invoice message's Pay: as `pay`, for the invoice that message is. */
    payInvoice: (userId: number, target: ChatTarget, messageId: number) =>
      call<PaymentOutcome>('POST', `/users/${userId}/pay`, { ...target, message_id: messageId }),
    /** Where a picture the sandbox holds is loaded from, by its file_unique_id (an <img>'s src). */
    fileUrl: (fileUniqueId: string) => `${base}/files/${encodeURIComponent(fileUniqueId)}`,
    send: (userId: number, target: ChatTarget, text: string) =>
      call<SandboxMessage>('POST', `/users/${userId}/send`, { ...target, text }),
    /** A callback button: the bot's answer, or a refusal (no such button, no answer in time). */
    async press(userId: number, target: ChatTarget, messageId: number, button: string) {
      const answer = await call<CallbackAnswer | { answered: false; error: string }>(
        ...messageCall(userId, 'press', target, messageId, button),
      );
      if ('error' in answer) throw new SandboxError('refused', answer.error);
      return answer;
    },
    /** A Mini App button: its address with initData signed by the bot. */
    open: (userId: number, target: ChatTarget, messageId: number, button: string) =>
      call<{ url: string }>(...messageCall(userId, 'open', target, messageId, button)),
    /** A URL button: the message a bot's start link sent, or the address to open. */
    follow: (userId: number, target: ChatTarget, messageId: number, button: string) =>
      call<SandboxMessage | string>(...messageCall(userId, 'follow', target, messageId, button)),
    /**
     * The commands a person sees in a bot's chat, as a Telegram app asks: those for their
     * language, else the bot's default ones.
     */
    async commands(botId: number, languageCode?: string) {
      const forLanguage = languageCode
        ? await call<BotCommand[]>(
            'GET',
            `/bots/${botId}/commands?language_code=${encodeURIComponent(languageCode)}`,
          )
        : [];
      return forLanguage.length > 0
        ? forLanguage
        : call<BotCommand[]>('GET', `/bots/${botId}/commands`);
    },
    /** Held until something in the sandbox changes (or `timeout` seconds): its version then. */
    changes: (after: number, signal: AbortSignal, timeout = 25) =>
      call<{ version: number }>(
        'GET',
        `/changes?after=${after}&timeout=${timeout}`,
        undefined,
        signal,
      ),
  };
}

/** The calls {@link createSandboxClient} makes. */
export type SandboxClient = ReturnType<typeof createSandboxClient>;
