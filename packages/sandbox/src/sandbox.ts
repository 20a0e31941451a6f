import type { BotCommand, BotCommandScope, Update, WebhookInfo } from '@grammyjs/types';
import { SandboxRefusal } from './errors';
import { type FileKind, imageSize } from './files';
import type { FaultSpec, RateLimitSettings } from './limits';
import { commandsOf } from './methods/bot';
import { type PaymentOutcome, renewSubscription } from './payments';
import { type RunningHttp, runMethod } from './server';
import { SAMPLE_PNG, type SandboxBot, SandboxGroup, SandboxUser } from './telegram-side';
import type { DeliveredUpdate } from './updates';
import type { BotRecord, CallRecord, SandboxSettings, World } from './world';

/** How to start the sandbox; every setting has Telegram's value (or a test-friendly one). */
export interface SandboxOptions {
  /** The port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** Telegram's flood limits, on unless false; parts may be changed. */
  rateLimits?: false | Partial<RateLimitSettings>;
  /** How long a pre-checkout query waits for its answer (Telegram: 10,000 ms). */
  preCheckoutTimeoutMs?: number;
  /** How long a callback query can be answered (default 15,000 ms). */
  callbackQueryTimeoutMs?: number;
  /** How long the waiting helpers wait before failing (default 5,000 ms). */
  waitTimeoutMs?: number;
  /** Webhook deliveries: first pause after a failure (doubling), its cap, and the time a delivery may take. */
  webhook?: Partial<SandboxSettings['webhook']>;
  /** The Ed25519 seed (hex) that signs initData's `signature`; null leaves `signature` out. */
  initDataPrivateKey?: string | null;
  /**
   * The update_id of every bot's first update (default 1). A sandbox that restarts beside a
   * server that kept its state (`npm start`) must number above what the bots took before, as
   * Telegram's ids only grow: the server skips an update_id it took and confirms below its offset.
   */
  firstUpdateId?: number;
}

/** Telegram on this machine: the Bot API server and its control surface. */
export class Sandbox {
  /** Where the Bot API is: give it to grammY as `client.apiRoot`. */
  readonly url: string;

  constructor(
    /** @internal */ readonly world: World,
    private readonly http: RunningHttp,
  ) {
    this.url = http.url;
    world.webhookReplies.on('reply', (bot, body) => {
      const { method, ...rest } = body;
      if (typeof method !== 'string') return;
      const fields = new Map<string, string>();
      for (const [key, value] of Object.entries(rest)) {
        if (value === null || value === undefined) continue;
        fields.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      }
      void runMethod(
        world,
        bot,
        method,
        { fields, files: new Map() },
        new AbortController().signal,
      );
    });
  }

  /** Stops the server; held long polls end empty. */
  async stop(): Promise<void> {
    this.world.close();
    await this.http.close();
  }

  /** Grows by one with every change of what the sandbox holds (a message, a member, a call). */
  get version(): number {
    return this.world.version;
  }

  /**
   * Resolves with the version once it is past `after` (at once when it already is), or with the
   * version as it is after `timeoutMs`: a long poll of changes.
   */
  async waitForChange(after: number, timeoutMs: number): Promise<number> {
    await this.world
      .waitFor(
        () => (this.world.version !== after ? true : undefined),
        timeoutMs,
        () => '',
      )
      .catch(() => undefined);
    return this.world.version;
  }

  /** A new bot. Its id and token are made up unless given (a token is `<id>:<secret>`). */
  createBot(options: {
    username: string;
    name: string;
    id?: number;
    token?: string;
    canJoinGroups?: boolean;
    /** Privacy mode off: sees every group message, not only commands and replies. */
    canReadAllGroupMessages?: boolean;
  }): SandboxBot {
    const bot = this.world.addBot(options);
    return handle(bot);
  }

  /** A Telegram user. */
  createUser(options: {
    first_name: string;
    last_name?: string;
    username?: string;
    language_code?: string;
    is_premium?: boolean;
    id?: number;
  }): SandboxUser {
    return new SandboxUser(this.world, this.world.addUser(options));
  }

  /** A supergroup owned by `owner` (a forum with topics when `forum`). */
  createGroup(options: {
    title: string;
    owner: SandboxUser;
    forum?: boolean;
    username?: string;
    id?: number;
  }): SandboxGroup {
    const record = this.world.addGroup(options);
    record.members.set(options.owner.id, {
      user: options.owner.user,
      status: 'creator',
      untilDate: 0,
      isMember: true,
    });
    return new SandboxGroup(this.world, record, options.owner);
  }

  /** A bot by id, username or token (for bots made over HTTP or by another part of a test). */
  bot(key: number | string): SandboxBot {
    const found = [...this.world.bots.values()].find(
      (bot) =>
        bot.id === key || bot.token === key || bot.user.username === String(key).replace(/^@/, ''),
    );
    if (!found) throw new SandboxRefusal(`no bot ${key} in the sandbox`);
    return handle(found);
  }

  user(id: number): SandboxUser {
    return new SandboxUser(this.world, this.world.userById(id));
  }

  group(id: number): SandboxGroup {
    const record = this.world.groups.get(id);
    if (!record) throw new SandboxRefusal(`no group ${id} in the sandbox`);
    const ownerId = [...record.members.values()].find((member) => member.status === 'creator')?.user
      .id;
    if (ownerId === undefined) throw new SandboxRefusal(`the group ${id} has no owner`);
    return new SandboxGroup(this.world, record, this.user(ownerId));
  }

  /** The next calls of a bot (of one method, or all) answer with a fault. */
  fault(bot: SandboxBot, fault: FaultSpec): void {
    this.record(bot).faults.add(fault);
  }

  clearFaults(bot: SandboxBot): void {
    this.record(bot).faults.clear();
  }

  /**
   * Telegram renews a Stars subscription now (a test's stand-in for its period ending): the
   * bot gets the next `successful_payment` (`is_recurring`, not `is_first_recurring`).
   * `chargeId` is any payment of the subscription; a cancelled one is refused.
   */
  renewSubscription(chargeId: string): PaymentOutcome {
    return renewSubscription(this.world, chargeId);
  }

  /** Revokes a bot's token, as @BotFather's /revoke does: 401 from now on. */
  revoke(bot: SandboxBot): void {
    this.record(bot).revoked = true;
    this.world.changed();
  }

  /** Gives the bot a profile photo, as @BotFather's /setuserpic does (getUserProfilePhotos). */
  setBotPhoto(bot: SandboxBot, bytes: Uint8Array = SAMPLE_PNG): void {
    const buffer = Buffer.from(bytes);
    const size = imageSize(buffer) ?? { width: 1, height: 1 };
    this.record(bot).profilePhotos.unshift(this.world.files.add('profile_photo', buffer, size));
    this.world.changed();
  }

  /** Gives a revoked (or any) bot a new token; returns it. */
  newToken(bot: SandboxBot): string {
    return this.world.replaceToken(this.record(bot));
  }

  /** Every Bot API call the bot made, with its answer (of one method if given). */
  calls(bot: SandboxBot, method?: string): CallRecord[] {
    const calls = this.record(bot).calls;
    return method
      ? calls.filter((call) => call.method.toLowerCase() === method.toLowerCase())
      : [...calls];
  }

  /**
   * Calls `listener` with every Bot API call of every bot as it is answered (its answer in the
   * record), in the order they are answered; returns what stops it. For a load that follows
   * thousands of chats at once (the runtime bench): a wait each would be checked on every change.
   */
  onCall(listener: (bot: SandboxBot, call: CallRecord) => void): () => void {
    const forward = (bot: BotRecord, call: CallRecord) => listener(handle(bot), call);
    this.world.answeredCalls.on('call', forward);
    return () => this.world.answeredCalls.off('call', forward);
  }

  /** Waits for the bot's next call of a method (after `after` calls of it). */
  waitForCall(
    bot: SandboxBot,
    method: string,
    options: { after?: number; timeoutMs?: number } = {},
  ): Promise<CallRecord> {
    const after = options.after ?? this.calls(bot, method).length;
    return this.world.waitFor(
      () => this.calls(bot, method)[after],
      options.timeoutMs ?? this.world.settings.waitTimeoutMs,
      () => `@${bot.username} made no ${method} call (${this.calls(bot, method).length} so far)`,
    );
  }

  /** Every update handed to the bot (by getUpdates or its webhook), in order. */
  deliveredUpdates(bot: SandboxBot): DeliveredUpdate[] {
    return [...this.record(bot).updates.delivered];
  }

  /** Waits until the bot has taken `count` updates in all. */
  waitForDelivered(
    bot: SandboxBot,
    count: number,
    options: { timeoutMs?: number } = {},
  ): Promise<Update[]> {
    const record = this.record(bot);
    return this.world.waitFor(
      () =>
        record.updates.delivered.length >= count
          ? record.updates.delivered.slice(0, count).map((item) => item.update)
          : undefined,
      options.timeoutMs ?? this.world.settings.waitTimeoutMs,
      () => `@${bot.username} took ${record.updates.delivered.length} of ${count} updates`,
    );
  }

  /** Updates waiting for the bot (not yet confirmed). */
  pendingUpdateCount(bot: SandboxBot): number {
    return this.record(bot).updates.pendingCount;
  }

  /**
   * Waits until nothing waits for the bot: every update it was given was taken (by getUpdates)
   * or answered (its webhook's reply came). With a webhook, a reply comes once the bot has
   * handled the update, so this is "the bot has answered everything so far".
   */
  waitForQuiet(bot: SandboxBot, options: { timeoutMs?: number } = {}): Promise<true> {
    const record = this.record(bot);
    return this.world.waitFor(
      () => (record.updates.pendingCount === 0 ? true : undefined),
      options.timeoutMs ?? this.world.settings.waitTimeoutMs,
      () => `@${bot.username} still has ${record.updates.pendingCount} update(s) to take`,
    );
  }

  /** A file as a person's client downloads it, by its file_unique_id; null when unknown. */
  file(uniqueId: string): {
    kind: FileKind;
    bytes: Uint8Array;
    mimeType: string | null;
    fileName: string | null;
  } | null {
    const file = this.world.files.byUnique(uniqueId);
    if (!file) return null;
    return {
      kind: file.kind,
      bytes: file.bytes,
      mimeType: file.mimeType ?? null,
      fileName: file.fileName ?? null,
    };
  }

  webhookInfo(bot: SandboxBot): WebhookInfo {
    return this.record(bot).updates.info();
  }

  /** Whether a getUpdates request of the bot is being held open now. */
  isPolling(bot: SandboxBot): boolean {
    return this.record(bot).updates.isPolling;
  }

  /** The bot's commands for a scope and language (setMyCommands). */
  commands(bot: SandboxBot, scope?: BotCommandScope, languageCode?: string): BotCommand[] {
    return commandsOf(this.record(bot), scope, languageCode);
  }

  /** The bot's Star transactions (getStarTransactions). */
  transactions(bot: SandboxBot) {
    return [...this.record(bot).transactions];
  }

  private record(bot: SandboxBot): BotRecord {
    return this.world.botById(bot.id);
  }
}

function handle(bot: BotRecord): SandboxBot {
  return { id: bot.id, token: bot.token, username: bot.user.username, name: bot.user.first_name };
}
