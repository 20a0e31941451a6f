import { internalServerError, TelegramError, tooManyRequests } from './errors';

/**
 * Telegram's flood limits and the faults a test injects. Telegram publishes its limits only
 * roughly (core.telegram.org/bots/faq): about one message a second in a chat (short bursts
 * pass), 20 a minute in a group, about 30 a second per bot overall; over them, 429 with
 * `retry_after`. Each is a token bucket here, with the settings below.
 */

export interface RateLimitSettings {
  /** Messages a second in one chat, after the burst. */
  perChatPerSecond: number;
  /** Messages one chat takes at once. */
  perChatBurst: number;
  /** Messages a minute in one group (the burst is the same number). */
  perGroupPerMinute: number;
  /** Messages a second from one bot to all chats (the burst is the same number). */
  perBotPerSecond: number;
}

export const TELEGRAM_RATE_LIMITS: RateLimitSettings = {
  perChatPerSecond: 1,
  perChatBurst: 3,
  perGroupPerMinute: 20,
  perBotPerSecond: 30,
};

class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly clock: () => number,
  ) {
    this.tokens = capacity;
    this.updatedAt = clock();
  }

  private refill(): void {
    const now = this.clock();
    this.tokens = Math.min(
      this.capacity,
      this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond,
    );
    this.updatedAt = now;
  }

  /** Seconds until one message may go, 0 when it may go now. */
  wait(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }

  take(): void {
    this.refill();
    this.tokens -= 1;
  }
}

/** One bot's buckets: its own and one per chat it writes to. */
export class SendLimiter {
  private readonly bot: TokenBucket;
  private readonly chats = new Map<number, TokenBucket>();
  private readonly groups = new Map<number, TokenBucket>();

  constructor(
    private readonly settings: RateLimitSettings,
    /** Milliseconds now; tests pass their own clock. */
    private readonly clock: () => number = Date.now,
  ) {
    this.bot = new TokenBucket(settings.perBotPerSecond, settings.perBotPerSecond, clock);
  }

  private bucketsFor(chatId: number, isGroup: boolean): TokenBucket[] {
    let chat = this.chats.get(chatId);
    if (!chat) {
      chat = new TokenBucket(
        this.settings.perChatBurst,
        this.settings.perChatPerSecond,
        this.clock,
      );
      this.chats.set(chatId, chat);
    }
    const buckets = [this.bot, chat];
    if (isGroup) {
      let group = this.groups.get(chatId);
      if (!group) {
        group = new TokenBucket(
          this.settings.perGroupPerMinute,
          this.settings.perGroupPerMinute / 60,
          this.clock,
        );
        this.groups.set(chatId, group);
      }
      buckets.push(group);
    }
    return buckets;
  }

  /** Refuses a message over a limit with Telegram's 429; else counts it. */
  admit(chatId: number, isGroup: boolean): void {
    const buckets = this.bucketsFor(chatId, isGroup);
    const wait = Math.max(...buckets.map((bucket) => bucket.wait()));
    if (wait > 0) throw tooManyRequests(wait);
    for (const bucket of buckets) bucket.take();
  }
}

/** A fault the next calls of a bot answer with (all methods, or one). */
export interface FaultSpec {
  /** The method it applies to (case as written in Telegram's docs); every method when absent. */
  method?: string;
  /** The status to answer with: 429 (with retryAfter), 500, or any other error code. */
  status?: number;
  /** 429's retry_after, in seconds (1 when absent). */
  retryAfter?: number;
  /** The refusal's description; Telegram's for the status when absent. */
  description?: string;
  /** Answer only after this many milliseconds (with the status, or normally without one). */
  delayMs?: number;
  /** How many calls it applies to (1 when absent; Infinity for every call until cleared). */
  times?: number;
}

export class Faults {
  private faults: (FaultSpec & { left: number })[] = [];

  add(fault: FaultSpec): void {
    this.faults.push({ ...fault, left: fault.times ?? 1 });
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault this call meets (counted), or undefined. */
  take(method: string): FaultSpec | undefined {
    const fault = this.faults.find(
      (candidate) =>
        candidate.method === undefined || candidate.method.toLowerCase() === method.toLowerCase(),
    );
    if (!fault) return undefined;
    fault.left -= 1;
    if (fault.left <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }
}

/** The refusal a fault answers with, or null when it only delays. */
export function faultError(fault: FaultSpec): TelegramError | null {
  if (fault.status === undefined) return null;
  if (fault.status === 429) {
    const error = tooManyRequests(fault.retryAfter ?? 1);
    return fault.description ? new TelegramError(429, fault.description, error.parameters) : error;
  }
  if (fault.status === 500 && !fault.description) return internalServerError();
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    502: 'Bad Gateway',
  };
  return new TelegramError(fault.status, fault.description ?? names[fault.status] ?? 'Error');
}
