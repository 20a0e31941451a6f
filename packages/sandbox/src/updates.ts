import type { Update, WebhookInfo } from '@grammyjs/types';
import { conflict } from './errors';

/**
 * One bot's updates as Telegram holds them: a queue that waits (up to 24 hours) until the bot
 * takes it by long polling (`getUpdates`, confirmed by `offset`) or until a webhook takes it,
 * one update at a time, in order, retried with a growing pause while the webhook fails.
 */

export type UpdateKind = Exclude<keyof Update, 'update_id'>;

/** What Telegram sends when allowed_updates is not given or empty. */
const NOT_SENT_BY_DEFAULT = new Set<UpdateKind>([
  'chat_member',
  'message_reaction',
  'message_reaction_count',
]);

export interface WebhookSettings {
  url: string;
  secretToken?: string;
  maxConnections: number;
}

export interface UpdateQueueOptions {
  /** The update_id of the bot's first update; each next one is one more. */
  firstUpdateId: number;
  /** How long an update waits for the bot: Telegram keeps them 24 hours. */
  retentionMs: number;
  webhook: {
    /** The first pause after a failed delivery; it doubles up to maxRetryMs. */
    retryMs: number;
    maxRetryMs: number;
    /** How long a delivery may take before it counts as failed. */
    timeoutMs: number;
  };
  /** Called with a webhook's answer when it carries a method call (Telegram runs it). */
  onWebhookReply: (body: Record<string, unknown>) => void;
  /** Called on every change a waiting test may be waiting for. */
  onChange: () => void;
}

interface PendingPoll {
  limit: number;
  finish: (updates: Update[]) => void;
  fail: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

interface Pending {
  update: Update;
  at: number;
}

/** Every update handed to the bot, and how. */
export interface DeliveredUpdate {
  update: Update;
  via: 'getUpdates' | 'webhook';
  at: number;
}

export class UpdateQueue {
  private pending: Pending[] = [];
  private nextUpdateId: number;
  private allowed: Set<UpdateKind> | null = null;
  private poll: PendingPoll | null = null;
  private webhookSettings: WebhookSettings | null = null;
  private lastError: { date: number; message: string } | null = null;
  /** Bumped when the webhook changes or stops, so an old delivery loop ends. */
  private webhookGeneration = 0;
  private wakeWebhook: (() => void) | null = null;
  private handedOut = new Set<number>();
  private closed = false;
  readonly delivered: DeliveredUpdate[] = [];

  constructor(private readonly options: UpdateQueueOptions) {
    this.nextUpdateId = options.firstUpdateId;
  }

  /** Queues an update unless the bot's allowed_updates leaves its kind out. Returns it, or null. */
  push(kind: UpdateKind, payload: Update[UpdateKind]): Update | null {
    if (!this.accepts(kind)) return null;
    const update = { update_id: this.nextUpdateId, [kind]: payload } as Update;
    this.nextUpdateId += 1;
    this.pending.push({ update, at: Date.now() });
    this.wake();
    return update;
  }

  accepts(kind: UpdateKind): boolean {
    return this.allowed === null ? !NOT_SENT_BY_DEFAULT.has(kind) : this.allowed.has(kind);
  }

  get pendingCount(): number {
    this.forgetOld();
    return this.pending.length;
  }

  get webhook(): WebhookSettings | null {
    return this.webhookSettings;
  }

  /** Sets allowed_updates as getUpdates and setWebhook do: absent keeps the last setting. */
  setAllowedUpdates(kinds: readonly string[] | undefined): void {
    if (kinds === undefined) return;
    this.allowed = kinds.length === 0 ? null : new Set(kinds as UpdateKind[]);
  }

  get allowedUpdates(): UpdateKind[] | undefined {
    return this.allowed ? [...this.allowed] : undefined;
  }

  /**
   * getUpdates: confirms what is below `offset`, then answers at once with what waits, or holds
   * the request up to `timeoutSeconds` for the next update. A second poll ends the first with
   * Telegram's 409. `signal` aborts when the client goes away.
   */
  getUpdates(
    offset: number,
    limit: number,
    timeoutSeconds: number,
    signal: AbortSignal,
  ): Promise<Update[]> {
    if (this.webhookSettings) {
      return Promise.reject(
        conflict(
          "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        ),
      );
    }
    this.confirm(offset);
    const ready = this.take(limit);
    if (ready.length > 0 || timeoutSeconds <= 0) return Promise.resolve(ready);

    this.endPoll(
      conflict(
        'terminated by other getUpdates request; make sure that only one bot instance is running',
      ),
    );
    return new Promise<Update[]>((resolve, reject) => {
      const poll: PendingPoll = {
        limit,
        finish: (updates) => {
          clearTimeout(poll.timer);
          if (this.poll === poll) this.poll = null;
          resolve(updates);
        },
        fail: (error) => {
          clearTimeout(poll.timer);
          if (this.poll === poll) this.poll = null;
          reject(error);
        },
        timer: setTimeout(() => poll.finish([]), timeoutSeconds * 1000),
      };
      poll.timer?.unref();
      this.poll = poll;
      signal.addEventListener('abort', () => poll.finish([]), { once: true });
    });
  }

  /** Whether a getUpdates request is being held open. */
  get isPolling(): boolean {
    return this.poll !== null;
  }

  setWebhook(settings: WebhookSettings, dropPending: boolean): void {
    this.endPoll(conflict('terminated by setWebhook request'));
    if (dropPending) this.dropPending();
    const changed = this.webhookSettings?.url !== settings.url;
    this.webhookSettings = settings;
    if (changed) this.lastError = null;
    this.startDeliveries();
  }

  deleteWebhook(dropPending: boolean): void {
    this.webhookSettings = null;
    this.lastError = null;
    this.webhookGeneration += 1;
    this.wakeWebhook?.();
    if (dropPending) this.dropPending();
  }

  info(): WebhookInfo {
    const settings = this.webhookSettings;
    const info: WebhookInfo = {
      url: settings?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: this.pendingCount,
    };
    if (settings) {
      info.max_connections = settings.maxConnections;
      info.ip_address = '127.0.0.1';
      if (this.lastError) {
        info.last_error_date = this.lastError.date;
        info.last_error_message = this.lastError.message;
      }
    }
    const allowed = this.allowedUpdates;
    if (allowed) info.allowed_updates = allowed;
    return info;
  }

  /** Stops holding requests and delivering: the sandbox is stopping. */
  close(): void {
    this.closed = true;
    this.endPoll(null);
    this.webhookGeneration += 1;
    this.wakeWebhook?.();
  }

  private dropPending(): void {
    this.pending = [];
  }

  private forgetOld(): void {
    const oldest = Date.now() - this.options.retentionMs;
    while (this.pending.length > 0 && this.pending[0]!.at < oldest) this.pending.shift();
  }

  private confirm(offset: number): void {
    if (offset > 0) {
      this.pending = this.pending.filter((item) => item.update.update_id >= offset);
    } else if (offset < 0) {
      this.pending = this.pending.slice(offset);
    }
  }

  private take(limit: number): Update[] {
    this.forgetOld();
    const updates = this.pending.slice(0, limit).map((item) => item.update);
    for (const update of updates) this.record(update, 'getUpdates');
    return updates;
  }

  private record(update: Update, via: DeliveredUpdate['via']): void {
    if (this.handedOut.has(update.update_id)) return;
    this.handedOut.add(update.update_id);
    this.delivered.push({ update, via, at: Date.now() });
    this.options.onChange();
  }

  private endPoll(error: Error | null): void {
    const poll = this.poll;
    if (!poll) return;
    this.poll = null;
    if (error) poll.fail(error);
    else poll.finish([]);
  }

  private wake(): void {
    if (this.poll) {
      const poll = this.poll;
      poll.finish(this.take(poll.limit));
    }
    this.wakeWebhook?.();
  }

  private startDeliveries(): void {
    this.webhookGeneration += 1;
    const generation = this.webhookGeneration;
    void this.deliverLoop(generation);
  }

  /** One delivery at a time, in order; a failure is retried after a growing pause. */
  private async deliverLoop(generation: number): Promise<void> {
    let pause = this.options.webhook.retryMs;
    while (!this.closed && generation === this.webhookGeneration && this.webhookSettings) {
      this.forgetOld();
      const next = this.pending[0];
      if (!next) {
        await new Promise<void>((resolve) => {
          this.wakeWebhook = resolve;
        });
        continue;
      }
      const settings = this.webhookSettings;
      const failure = await this.post(settings, next.update);
      if (generation !== this.webhookGeneration) return;
      if (failure === null) {
        if (this.pending[0] === next) this.pending.shift();
        this.record(next.update, 'webhook');
        pause = this.options.webhook.retryMs;
        continue;
      }
      this.lastError = { date: Math.floor(Date.now() / 1000), message: failure };
      this.options.onChange();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        timer.unref();
        this.wakeWebhook = () => {
          // A new update does not cut a pause short; a changed or deleted webhook does.
          if (generation !== this.webhookGeneration) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      pause = Math.min(pause * 2, this.options.webhook.maxRetryMs);
    }
  }

  /** Posts one update; null when the webhook took it, else Telegram's description of the failure. */
  private async post(settings: WebhookSettings, update: Update): Promise<string | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (settings.secretToken) headers['x-telegram-bot-api-secret-token'] = settings.secretToken;
    let response: Response;
    try {
      response = await fetch(settings.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(update),
        signal: AbortSignal.timeout(this.options.webhook.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      if ((error as Error).name === 'TimeoutError') return 'Read timeout expired';
      if (cause === 'ECONNREFUSED') return 'Connection refused';
      return `Connection failed: ${(error as Error).message}`;
    }
    const text = await response.text().catch(() => '');
    if (response.status < 200 || response.status > 299) {
      return `Wrong response from the webhook: ${response.status} ${response.statusText}`;
    }
    if (text && response.headers.get('content-type')?.includes('application/json')) {
      try {
        const body = JSON.parse(text) as unknown;
        if (typeof body === 'object' && body !== null && 'method' in body) {
          this.options.onWebhookReply(body as Record<string, unknown>);
        }
      } catch {
        // Telegram ignores an answer it cannot read.
      }
    }
    return null;
  }
}
