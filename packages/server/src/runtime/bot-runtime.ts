import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHOP_IMAGES_PATH } from '@botdeck/api';
import { isItemLocked } from '@botdeck/core';
import { type Api, Composer, GrammyError } from 'grammy';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { CaptchaPassed } from '../api/kit';
import type { BotChange, BotIdentity, TelegramPort } from '../api/telegram-port';
import type { WebhookReceiver } from '../http/server';
import { recordSale, SALE_CLAIM_MS } from '../shop/sales';
import type { BotRecord, SaleRecord, Store, StoreTx } from '../store/types';
import { tierOf } from '../views';
import { ALLOWED_UPDATES } from './allowed-updates';
import {
  BotdeckContext,
  type BotdeckUpdateTaken,
  botdeckHandlers,
  refundPlanPayment,
  takeBotdeckUpdate,
} from './botdeck-bot';
import type { PacingLimits } from './chat-pacing';
import {
  DeckContext,
  type LockedItemEvent,
  type ModerationEvent,
  meOf,
  textsOf,
} from './deck-context';
import { groupCaptcha, letIn, removeLate } from './group-captcha';
import { groupProtection } from './group-protection';
import type { RefusedMessage } from './message-sets';
import { refusalNotice } from './owner-notices';
import { POLL_SECONDS, poll, UpdateNotTakenError } from './poller';
import { privateChat } from './private-chat';
import { keepBotPhoto, keepPersonPhoto } from './profile-photos';
import { requiredChatOf } from './required-chats';
import { refundStarPayment, settleSale, shopPayments } from './shop-sales';
import { createBotApi } from './telegram-api';
import { topicMode } from './topic-mode';

/**
 * The bot runtime (SERVER.md sections 3 to 5): every Active bot takes its updates and answers
 * them through one shared set of handlers, each update read against the bot's stored settings.
 * Without a public URL each bot long-polls; with one, Telegram posts to `/tg/<bot id>` with a
 * per-bot secret header. It is also the handlers' TelegramPort: getMe for a new token, and what
 * changed about a bot after a dashboard call.
 */

export interface BotRuntimeOptions {
  store: Store;
  /** Telegram's Bot API, or the sandbox's (TELEGRAM_API_ROOT). */
  apiRoot: string;
  /** BOTDECK_PUBLIC_URL: webhooks at `<url>/tg/<bot id>`; null: long polling. */
  publicUrl: URL | null;
  /** Where the Mini App is served (shop buttons): the public URL, or this server's once it listens. */
  appUrl: () => string;
  /**
   * Botdeck's own bot (BOTDECK_BOT_TOKEN): it runs beside the owners' bots, its webhook at
   * `<url>/tg/botdeck`. Null or absent: it does not run (the handlers' tests, some runtime tests).
   */
  botdeckToken?: string | null;
  /** A server secret (the token key): the webhooks' secret headers are derived from it. */
  secret: Uint8Array;
  /** How long each long poll may be held open, in seconds (POLL_SECONDS; tests take less). */
  pollSeconds?: number;
  /** Telegram's limits, smaller in tests that measure pacing itself. */
  pacing?: PacingLimits;
  /**
   * Other processes share the database (a PostgreSQL server): a bot's updates may reach any of
   * them, so one chat's updates take turns through the database, not only in this process.
   */
  sharedDatabase?: boolean;
  log?: (message: string) => void;
  /**
   * Told of each message group protection deleted, with its reasons: a test drive shows the
   * owner why. Nothing by default (the log says it too).
   */
  onModeration?: (event: ModerationEvent) => void;
  /**
   * Told of each command or start payload someone asked for that the plan leaves locked (the bot
   * answers it as if it were absent): a test drive tells the owner why nothing came. Nothing by
   * default.
   */
  onLockedItem?: (event: LockedItemEvent) => void;
}

export interface BotRuntime extends TelegramPort, WebhookReceiver {
  /** Brings every Active bot up: polling started, or its webhook set. */
  start(): Promise<void>;
  /** Stops polling (webhooks stay set: Telegram keeps the updates until the server is back). */
  stop(): Promise<void>;
  /** Handles one update for a bot as if Telegram had sent it (the bench, tests). */
  handleUpdate(botId: number, update: Update): Promise<void>;
  /** Handles one update of Botdeck's own bot as if Telegram had sent it (tests). */
  handleBotdeckUpdate(update: Update): Promise<void>;
  /** A newcomer passed their captcha (the HTTP server's hook): let them into the group. */
  captchaPassed(passed: CaptchaPassed): Promise<void>;
  /** Removes the newcomers whose captcha ran out (the scheduler does this every few seconds). */
  removeLateNewcomers(now?: number): Promise<number>;
  /** Sends the rewards and makes the refunds due (the scheduler does this every few seconds). */
  settleDueSales(now?: number): Promise<number>;
  /** Gives back plan payments that grant nothing, due again (the scheduler, every few seconds). */
  refundDuePlanPayments(now?: number): Promise<number>;
  /**
   * Follows the paid plans that ended by `now` (the scheduler does this every few seconds):
   * each bot's command list back to what its plan leaves open. Returns how many it followed.
   */
  endPlans(now?: number): Promise<number>;
  /** Resolves once every change told so far (and its background work) is applied: tests, bench. */
  settled(): Promise<void>;
  /** What the runtime holds now, for the runtime bench's diagnostics. */
  stats(): {
    /** Long-polling loops running: one per Active bot without a public URL, none with webhooks. */
    pollers: number;
    /** Bot API clients kept: one per bot that has had an update (or polls) since the start. */
    clients: number;
    /** Chats with an update in hand or waiting. */
    chats: number;
  };
}

/** How many bots are brought up at once when the server starts. */
const START_BATCH = 16;

/** Every handler, in the order an update meets them. */
const handlers = new Composer<DeckContext>();
// First: a payment's service messages are no user's message to answer.
handlers.use(shopPayments);
handlers.use(groupCaptcha);
handlers.use(privateChat);
handlers.use(groupProtection);
// After the group's filters: a message they deleted is not passed on to a user.
handlers.use(topicMode);

/** How often the scheduler looks for captchas past their deadline, and how many it takes. */
const SCHEDULER_INTERVAL_MS = 5_000;
const SCHEDULER_BATCH = 50;
/** How long a removal the scheduler claimed is its own before any process may take it again. */
const REMOVAL_CLAIM_MS = 60_000;
/**
 * How long an update is remembered as taken: Telegram keeps an update a day, so none comes again
 * later. The scheduler forgets at most TAKEN_UPDATES_BATCH a round (more a second than a busy
 * server takes).
 */
const TAKEN_UPDATE_KEPT_MS = 25 * 60 * 60 * 1000;
const TAKEN_UPDATES_BATCH = 10_000;
/**
 * How long a chat's update may hold its turn (sharedDatabase): past it, its process is taken to
 * have died or hung and the chat's next update goes. Longer than any answer takes: a message set
 * paced at one message a second, Telegram's flood waits.
 */
const CHAT_TURN_MS = 30_000;
/** How often an update waiting for its chat's turn looks again: from 20 ms, doubling to 250. */
const TURN_POLL_FIRST_MS = 20;
const TURN_POLL_MAX_MS = 250;
/** How long a shop invoice nobody paid is kept (its link, paid later, is refused at pre-checkout). */
const UNPAID_INVOICE_KEPT_MS = 2 * 24 * 60 * 60 * 1000;
const UNPAID_INVOICES_BATCH = 1_000;

/**
 * Telegram's answer that the same call would never succeed (no right to ban, no such member or
 * chat, the token refused): not worth another try. A network failure or a 5xx is.
 */
function refusedForGood(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code >= 400 &&
    error.error_code < 500 &&
    error.error_code !== 429
  );
}

/** Telegram's refusals of a token itself: the bot is Crashed. */
function refusesToken(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);
}

export function createBotRuntime(options: BotRuntimeOptions): BotRuntime {
  const { store, apiRoot, publicUrl } = options;
  const log = options.log ?? ((message: string) => console.warn(`botdeck runtime: ${message}`));
  /** One client per bot, made on first use; a new token makes a new one. */
  const clients = new Map<number, { token: string; api: Api }>();
  /** The running pollers (polling mode), by bot id. */
  const pollers = new Map<number, { token: string; abort: AbortController; done: Promise<void> }>();
  /** Updates of one chat are handled one after the other, in the order they came. */
  const chatQueues = new Map<string, Promise<void>>();
  let closed = false;
  let schedulerTimer: ReturnType<typeof setTimeout> | null = null;
  let schedulerRound: Promise<unknown> = Promise.resolve();
  /** Work nobody waits for (profile photos): logged when it fails, awaited by stop(). */
  const background = new Set<Promise<void>>();
  /** Each bot's dashboard changes being applied, one after another (inBotOrder). */
  const botWork = new Map<number, Promise<void>>();
  /** Botdeck's own bot: its client, and its getMe (asked once, again after a failure). */
  const botdeckToken = options.botdeckToken ?? null;
  const botdeckApi = botdeckToken ? createBotApi(botdeckToken, apiRoot, options.pacing) : null;
  /** Its Telegram id, the digits of its token: what its state in the store is kept under. */
  const botdeckTelegramId = Number(botdeckToken?.split(':')[0]);
  let botdeckMe: Promise<UserFromGetMe> | null = null;
  let botdeckPoller: { abort: AbortController; done: Promise<void> } | null = null;

  function later(what: string, work: () => Promise<void>): void {
    if (closed) return;
    const running = work()
      .catch((error: unknown) => log(`${what}: ${(error as Error).message}`))
      .finally(() => background.delete(running));
    background.add(running);
  }

  /** The bot's client, for work that is not an update (the captcha hook, the scheduler). */
  async function apiOfBot(botId: number): Promise<Api | null> {
    const token = await store.read((tx) => tx.bots.token(botId));
    return token ? apiFor(botId, token) : null;
  }

  async function removeLateNewcomers(now = Date.now()): Promise<number> {
    // Claimed in one write (another process skips them), removed once that is kept (no Bot API
    // call inside a transaction: PGlite has one connection for everything), then marked. A
    // crash or an unreachable Telegram in between leaves the claim to run out: at least once.
    const late = await store.write(async (tx) => {
      const due = await tx.captchas.due(now, SCHEDULER_BATCH);
      const found = [];
      for (const captcha of due) {
        const bot = await tx.bots.get(captcha.bot_id);
        if (bot?.status !== 'Active') {
          // A stopped or crashed bot does nothing in its groups.
          await tx.captchas.markHandled(captcha.id);
          continue;
        }
        await tx.captchas.claim(captcha.id, now + REMOVAL_CLAIM_MS);
        const { ban } = (await tx.settings.advanced(bot.id)).captcha;
        found.push({ captcha, ban });
      }
      return found;
    });
    for (const { captcha, ban } of late) {
      const who = `bot ${captcha.bot_id}: newcomer ${captcha.user_id}`;
      try {
        const api = await apiOfBot(captcha.bot_id);
        if (api) {
          await removeLate(api, {
            chatId: captcha.chat_id,
            userId: captcha.user_id,
            messageId: captcha.message_id,
            ban,
          });
        }
      } catch (error) {
        if (!refusedForGood(error)) {
          log(`${who} not removed, tried again later: ${(error as Error).message}`);
          continue;
        }
        log(`${who} not removed: ${(error as Error).message}`);
      }
      await store.write((tx) => tx.captchas.markHandled(captcha.id));
    }
    return late.length;
  }

  /**
   * Settles the sales due (SERVER.md section 6): rewards not yet sent and refunds not yet made,
   * each claimed in one write so that one process takes it (shop-sales.ts settleSale).
   */
  async function settleDueSales(now = Date.now()): Promise<number> {
    const due = await store.write((tx) =>
      tx.sales.claimDue(now, now + SALE_CLAIM_MS, SCHEDULER_BATCH),
    );
    for (const sale of due) {
      const found = await store.read(async (tx) => {
        const bot = await tx.bots.get(sale.bot_id);
        return bot ? { bot, token: await tx.bots.token(sale.bot_id) } : null;
      });
      if (!found?.token) continue;
      await settleSale(sale, {
        api: apiFor(sale.bot_id, found.token),
        store,
        bot: found.bot,
        appUrl: options.appUrl(),
        log,
      }).catch((error: unknown) =>
        log(`bot ${sale.bot_id}: sale ${sale.charge_id} not settled: ${(error as Error).message}`),
      );
    }
    return due.length;
  }

  async function refundDuePlanPayments(now = Date.now()): Promise<number> {
    if (!botdeckApi) return 0;
    const api = botdeckApi;
    const due = await store.write((tx) =>
      tx.plans.claimDueRefunds(now, now + SALE_CLAIM_MS, SCHEDULER_BATCH),
    );
    for (const refund of due) {
      await refundPlanPayment(refund, { api, store, log }).catch((error: unknown) =>
        log(`Botdeck's bot: payment ${refund.chargeId} not settled: ${(error as Error).message}`),
      );
    }
    return due.length;
  }

  async function endPlans(now = Date.now()): Promise<number> {
    // Claimed in one write (another process skips them), followed outside it (no Bot API call
    // inside a transaction), then marked; a crash in between leaves the claim to run out.
    const due = await store.write(async (tx) => {
      const ends = await tx.plans.dueEnds(now, SCHEDULER_BATCH);
      for (const end of ends) await tx.plans.claimEnd(end.botId, now + REMOVAL_CLAIM_MS);
      return ends;
    });
    for (const end of due) {
      try {
        const found = await store.read(async (tx) => {
          const bot = await tx.bots.get(end.botId);
          return bot ? { bot, token: await tx.bots.token(end.botId) } : null;
        });
        if (found?.token && found.bot.status === 'Active') {
          log(`bot ${end.botId}: plan ended; commands follow the ${tierOf(found.bot, now)} plan`);
          await syncCommands(found.bot, found.token, now);
        }
      } catch (error) {
        if (!refusedForGood(error)) {
          log(
            `bot ${end.botId}: plan end not followed, tried again later: ${(error as Error).message}`,
          );
          continue;
        }
        log(`bot ${end.botId}: plan end not followed: ${(error as Error).message}`);
      }
      await store.write((tx) => tx.plans.endFollowed(end.botId, end.endsAt));
    }
    return due.length;
  }

  function scheduleNextRound(): void {
    if (closed) return;
    schedulerTimer = setTimeout(() => {
      const now = Date.now();
      schedulerRound = removeLateNewcomers(now)
        .then(() => settleDueSales(now))
        .then(() => refundDuePlanPayments(now))
        .then(() => endPlans(now))
        .then(() =>
          store.write(async (tx) => {
            await tx.runtime.forgetUpdatesTakenBefore(
              now - TAKEN_UPDATE_KEPT_MS,
              TAKEN_UPDATES_BATCH,
            );
            await tx.botdeck.forgetUpdatesTakenBefore(
              now - TAKEN_UPDATE_KEPT_MS,
              TAKEN_UPDATES_BATCH,
            );
            await tx.invoices.forgetUnpaidBefore(
              now - UNPAID_INVOICE_KEPT_MS,
              UNPAID_INVOICES_BATCH,
            );
          }),
        )
        .catch((error: unknown) => log(`scheduler: ${(error as Error).message}`))
        .finally(scheduleNextRound);
    }, SCHEDULER_INTERVAL_MS);
    schedulerTimer.unref?.();
  }

  function apiFor(botId: number, token: string): Api {
    const known = clients.get(botId);
    if (known?.token === token) return known.api;
    const api = createBotApi(token, apiRoot, options.pacing);
    clients.set(botId, { token, api });
    return api;
  }

  /**
   * The bot's kept client if it has one, else a client for this call alone: setting a webhook
   * or the command list sends no message to pace, and an idle bot on webhooks then keeps
   * nothing in this process until its first update (the runtime bench counts it).
   */
  function apiForCall(botId: number, token: string): Api {
    const known = clients.get(botId);
    return known?.token === token ? known.api : createBotApi(token, apiRoot, options.pacing);
  }

  /** A client for a call made for someone's request: a Bot API that does not answer must not hold it long. */
  function boundedApi(token: string): Api {
    const api = createBotApi(token, apiRoot);
    api.config.use((prev, method, payload, signal) =>
      prev(method, payload, signal ?? (AbortSignal.timeout(15_000) as unknown as typeof signal)),
    );
    return api;
  }

  /** The bot's bounded client for a request's call; throws when the bot is gone. */
  async function apiForOwnerRequest(botId: number): Promise<Api> {
    const token = await store.read((tx) => tx.bots.token(botId));
    if (!token) throw new Error(`bot ${botId} has no token`);
    return boundedApi(token);
  }

  function webhookSecret(botId: number | 'botdeck'): string {
    return createHmac('sha256', options.secret).update(`webhook:${botId}`).digest('hex');
  }

  async function markCrashed(botId: number, token: string, description: string): Promise<void> {
    log(`bot ${botId}: Telegram refused its token (${description}); it is Crashed`);
    await store.write(async (tx) => {
      const bot = await tx.bots.get(botId);
      // Only the token Telegram refused: a new one given meanwhile is not crashed.
      if (bot?.status === 'Active' && (await tx.bots.token(botId)) === token) {
        await tx.bots.update(botId, { status: 'Crashed' });
      }
    });
  }

  async function reportRefused(bot: BotRecord, refusal: RefusedMessage): Promise<void> {
    log(
      `bot ${bot.id}: Telegram refused ${refusal.setName} #${refusal.index + 1}: ${refusal.description}`,
    );
    await store.write(async (tx) => {
      const account = await tx.accounts.get(bot.owner);
      await tx.bots.update(bot.id, {
        popup: refusalNotice(account?.lang ?? bot.lang, refusal),
      });
    });
  }

  /**
   * An update that arrived (a webhook, a poll), handled once (SERVER.md sections 1 and 8): taken
   * at once, then answered in its chat's order. Its update_id is recorded as taken in its first
   * write, with the bot's row and token read: Telegram sends a webhook update again when its
   * answer was late or lost, another process may get it, and a poller killed before keeping its
   * offset gets it again; none of these answers it twice. A kill after the take loses the rest
   * of that answer instead. `taken` settles once it is recorded, or rejects with
   * UpdateNotTakenError (the database unreachable: the webhook answers 503, the poller polls it
   * again); `answered` once its answer is done (or failed: it rejects with why).
   *
   * Its chat's place is kept from the moment it arrives, not from its take: two updates of a
   * chat in one poll are taken at once, and the later one's take may end first.
   */
  function arrive(
    botId: number,
    update: Update,
  ): { taken: Promise<void>; answered: Promise<void> } {
    const taking = takeUpdate(botId, update);
    const answered = inChatOrder(botId, update, async () => {
      // Not taken: nothing to answer here (`taken` says why).
      const taken = await taking.catch(() => null);
      if (taken) await answerTaken(botId, update, taken);
    });
    return { taken: taking.then(() => undefined), answered };
  }

  /**
   * A webhook's request, answered as Telegram reads it: 401 without the right secret header, 400
   * for a body that is no update, 503 when the update could not be recorded as taken (Telegram
   * sends it again later), else 200 once it is handled (its failure logged).
   */
  async function receiveWebhook(
    expectedSecret: string,
    secret: string | null,
    body: string,
    name: string,
    handle: (update: Update) => Promise<void>,
  ): Promise<number> {
    const expected = Buffer.from(expectedSecret);
    const given = Buffer.from(secret ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 401;
    let update: Update;
    try {
      update = JSON.parse(body) as Update;
    } catch {
      return 400;
    }
    if (typeof update?.update_id !== 'number') return 400;
    try {
      await handle(update);
    } catch (error) {
      log(`${name}: update ${update.update_id} failed: ${(error as Error).message}`);
      if (error instanceof UpdateNotTakenError) return 503;
    }
    return 200;
  }

  /** Handles an update to its end: taken, then answered. */
  async function handleUpdate(botId: number, update: Update): Promise<void> {
    const { taken, answered } = arrive(botId, update);
    await taken;
    await answered;
  }

  /** The update's first write (see `arrive`): null when it is not to be answered here. */
  async function takeUpdate(botId: number, update: Update): Promise<TakenUpdate | null> {
    const chat = options.sharedDatabase ? chatOf(update) : null;
    let found: TakenUpdate | null;
    try {
      found = await store.write(async (tx) => {
        const now = Date.now();
        // Not locked: the take changes nothing of the bot, and a busy bot's updates (a crowd at
        // its shop) must not queue behind one another, nor behind its editors' saves.
        const bot = await tx.bots.getWithoutLock(botId);
        if (!bot) return null;
        const turnOf = bot.status === 'Active' ? chat : null;
        if (!(await tx.runtime.takeUpdate(botId, update.update_id, now, turnOf))) return null;
        // A payment is recorded with its update: a kill after the take cannot lose it. Whatever
        // the bot's status: Telegram charged the buyer.
        const sale = await saleOf(tx, botId, update, now);
        if (bot.status !== 'Active' && sale === null) return null;
        const token = await tx.bots.token(botId);
        if (!token) return null;
        // An earlier update of the chat still answered (here or by another process): this one
        // waits its turn. None now, none later: a chat's later updates never hold it up.
        const turn =
          turnOf === null
            ? null
            : {
                chat: turnOf,
                waits: await tx.runtime.chatBusyBefore(
                  botId,
                  turnOf,
                  update.update_id,
                  now - CHAT_TURN_MS,
                ),
              };
        return { bot, token, sale, turn };
      });
    } catch (error) {
      throw new UpdateNotTakenError(error);
    }
    return found;
  }

  /**
   * Answers a taken update when its chat's turn comes: on a shared database, once no earlier
   * update of the chat is being answered by any process. Its turn ends with it.
   */
  async function answerTaken(botId: number, update: Update, taken: TakenUpdate): Promise<void> {
    const { turn } = taken;
    try {
      if (turn?.waits) await chatTurn(botId, turn.chat, update.update_id);
      await answerUpdate(botId, update, taken);
    } finally {
      if (turn) {
        await store
          .write((tx) => tx.runtime.turnEnded(botId, update.update_id))
          .catch((error: unknown) =>
            log(`bot ${botId}: the turn of update ${update.update_id} not ended: ${error}`),
          );
      }
    }
  }

  /**
   * Waits until no earlier update of the chat holds its turn on any process (they end theirs,
   * or it runs out): Telegram gave the chat's updates to this process and another at once.
   */
  async function chatTurn(botId: number, chat: number, updateId: number): Promise<void> {
    let pause = TURN_POLL_FIRST_MS;
    while (
      await store.read((tx) =>
        tx.runtime.chatBusyBefore(botId, chat, updateId, Date.now() - CHAT_TURN_MS),
      )
    ) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, TURN_POLL_MAX_MS);
    }
  }

  /** Answers a taken update: its payment settled, then the bot's handlers, if it is Active. */
  async function answerUpdate(
    botId: number,
    update: Update,
    { bot, token, sale }: TakenUpdate,
  ): Promise<void> {
    if (sale) {
      await settleSale(sale, {
        api: apiFor(botId, token),
        store,
        bot,
        appUrl: options.appUrl(),
        log,
      });
    }
    if (bot.status !== 'Active') return;
    const ctx = new DeckContext(update, apiFor(botId, token), meOf(bot), {
      store,
      bot,
      appUrl: options.appUrl(),
      texts: textsOf(bot),
      reportRefused: (refusal) => reportRefused(bot, refusal),
      rememberPhoto: (userId) =>
        later(`bot ${botId}: photo of ${userId} not kept`, () =>
          keepPersonPhoto(store, apiFor(botId, token), apiRoot, botId, userId),
        ),
      log,
      moderated: options.onModeration ?? (() => undefined),
      lockedItem: options.onLockedItem ?? (() => undefined),
    });
    try {
      await handlers.middleware()(ctx, async () => {});
    } catch (error) {
      if (refusesToken(error)) await markCrashed(botId, token, (error as GrammyError).description);
      else throw error;
    }
  }

  /** Botdeck's bot's getMe, asked once (again after a failure). */
  function meOfBotdeck(): Promise<UserFromGetMe> {
    if (!botdeckApi) return Promise.reject(new Error('BOTDECK_BOT_TOKEN is not given'));
    if (!botdeckMe) {
      const asked = botdeckApi.getMe(AbortSignal.timeout(15_000) as Parameters<Api['getMe']>[0]);
      botdeckMe = asked;
      asked.catch(() => {
        if (botdeckMe === asked) botdeckMe = null;
      });
    }
    return botdeckMe;
  }

  /**
   * An update of Botdeck's own bot, handled once: taken in its first write with what it records
   * (a first start, a referral), as a customer bot's update is (handleUpdate).
   */
  async function handleBotdeckUpdate(update: Update): Promise<void> {
    if (!botdeckApi) return;
    let me: UserFromGetMe;
    let taken: BotdeckUpdateTaken | null;
    try {
      me = await meOfBotdeck();
      const bot = me;
      taken = await store.write((tx) => takeBotdeckUpdate(tx, update, bot, Date.now(), log));
    } catch (error) {
      throw new UpdateNotTakenError(error);
    }
    if (!taken) return;
    const { planChanged, refund } = taken;
    if (refund) await refundPlanPayment(refund, { api: botdeckApi, store, log });
    if (planChanged !== null) {
      // The plan started or grew: its commands open now (in the bot's order, in the background).
      inBotOrder(planChanged, 'commands not synced', () =>
        applyChange({ kind: 'commands', botId: planChanged }),
      );
    }
    const ctx = new BotdeckContext(update, botdeckApi, me, {
      store,
      appUrl: options.appUrl(),
      log,
    });
    await botdeckHandlers.middleware()(ctx, async () => {});
  }

  /** Brings Botdeck's own bot up: its webhook set, or its polling started. */
  async function startBotdeck(): Promise<void> {
    if (!botdeckApi) return;
    try {
      await meOfBotdeck();
      if (publicUrl) {
        await botdeckApi.setWebhook(new URL('/tg/botdeck', publicUrl).href, {
          secret_token: webhookSecret('botdeck'),
          allowed_updates: [...ALLOWED_UPDATES],
        });
        return;
      }
    } catch (error) {
      // Polling below tries again by itself; a webhook not set is the operator's to see.
      log(`Botdeck's bot: not started yet: ${(error as Error).message}`);
      if (publicUrl) return;
    }
    if (closed) return;
    const abort = new AbortController();
    const done = poll({
      name: "Botdeck's bot",
      api: botdeckApi,
      offset: {
        read: () => store.read((tx) => tx.botdeck.pollOffset(botdeckTelegramId)),
        keep: (next) => store.write((tx) => tx.botdeck.setPollOffset(botdeckTelegramId, next)),
      },
      // Botdeck's bot's updates are few: each is handled to its end before the poll goes on.
      handle: (update) => ({
        taken: inChatOrder('botdeck', update, () => handleBotdeckUpdate(update)),
        answered: Promise.resolve(),
      }),
      dropPending: false,
      pollSeconds: options.pollSeconds ?? POLL_SECONDS,
      signal: abort.signal,
      log,
    }).then((end) => {
      if (end.kind === 'refused') {
        log(`Botdeck's bot: Telegram refused BOTDECK_BOT_TOKEN (${end.description})`);
      }
    });
    botdeckPoller = { abort, done };
  }

  /** Runs `work` after the chat's earlier updates, so one chat's updates keep their order. */
  function inChatOrder(
    botId: number | 'botdeck',
    update: Update,
    work: () => Promise<void>,
  ): Promise<void> {
    const chat = chatOf(update);
    const key = `${botId}/${chat ?? `u${update.update_id}`}`;
    const previous = chatQueues.get(key) ?? Promise.resolve();
    const current = previous.then(work, work);
    const tail = current.catch(() => {});
    chatQueues.set(key, tail);
    void tail.then(() => {
      if (chatQueues.get(key) === tail) chatQueues.delete(key);
    });
    return current;
  }

  function startPolling(bot: BotRecord, token: string, dropPending: boolean): void {
    const running = pollers.get(bot.id);
    if (running?.token === token) return;
    running?.abort.abort();
    const abort = new AbortController();
    const done = poll({
      name: `bot ${bot.id}`,
      api: apiFor(bot.id, token),
      offset: {
        read: () => store.read((tx) => tx.runtime.pollOffset(bot.id)),
        keep: (next) => store.write((tx) => tx.runtime.setPollOffset(bot.id, next)),
      },
      handle: (update) => arrive(bot.id, update),
      dropPending,
      pollSeconds: options.pollSeconds ?? POLL_SECONDS,
      signal: abort.signal,
      log,
    }).then(async (end) => {
      if (pollers.get(bot.id)?.abort === abort) pollers.delete(bot.id);
      if (end.kind === 'refused') await markCrashed(bot.id, token, end.description);
    });
    pollers.set(bot.id, { token, abort, done });
  }

  async function stopPolling(botId: number): Promise<void> {
    const running = pollers.get(botId);
    if (!running) return;
    pollers.delete(botId);
    running.abort.abort();
    await running.done;
  }

  /** Brings one bot in line with its stored row: running when Active, idle otherwise. */
  async function bringInLine(botId: number, dropPending = false): Promise<void> {
    const found = await store.read(async (tx) => {
      const bot = await tx.bots.get(botId);
      return bot ? { bot, token: await tx.bots.token(botId) } : null;
    });
    if (!found?.token || found.bot.status !== 'Active') {
      await stopPolling(botId);
      if (found?.token && publicUrl) await takeWebhookDown(found.token);
      return;
    }
    const { bot, token } = found;
    try {
      if (publicUrl) {
        await apiForCall(botId, token).setWebhook(new URL(`/tg/${botId}`, publicUrl).href, {
          secret_token: webhookSecret(botId),
          allowed_updates: [...ALLOWED_UPDATES],
          drop_pending_updates: dropPending,
        });
      } else if (!closed) startPolling(bot, token, dropPending);
      await syncCommands(bot, token);
    } catch (error) {
      if (refusesToken(error)) await markCrashed(botId, token, (error as GrammyError).description);
      else log(`bot ${botId}: could not be started: ${(error as Error).message}`);
    }
  }

  /** The bot's profile photo, fetched in the background (an add answers without it). */
  function fetchBotPhoto(botId: number): void {
    later(`bot ${botId}: profile photo not kept`, async () => {
      const found = await store.read(async (tx) => {
        const bot = await tx.bots.get(botId);
        return bot ? { bot, token: await tx.bots.token(botId) } : null;
      });
      if (!found?.token) return;
      await keepBotPhoto(store, apiForCall(botId, found.token), apiRoot, found.bot);
    });
  }

  async function takeWebhookDown(token: string): Promise<void> {
    await createBotApi(token, apiRoot)
      .deleteWebhook()
      .catch((error: unknown) => log(`deleteWebhook failed: ${(error as Error).message}`));
  }

  /**
   * Telegram's command list follows the bot's commands (names in lower case, as Telegram wants)
   * and the plan it has at `now`.
   */
  async function syncCommands(bot: BotRecord, token: string, now = Date.now()): Promise<void> {
    const names = await store.read((tx) => tx.lists.names(bot.id, 'command'));
    const open = openCommandNames(bot, names, now);
    const api = apiForCall(bot.id, token);
    if (open.length === 0) await api.deleteMyCommands();
    else {
      await api.setMyCommands(
        open.map((name) => ({ command: name.toLowerCase(), description: name })),
      );
    }
  }

  /** The commands the plan leaves open (Telegram takes at most 100). */
  function openCommandNames(bot: BotRecord, names: string[], now: number): string[] {
    const tier = tierOf(bot, now);
    return names.filter((_, index) => !isItemLocked(tier, 'command', index)).slice(0, 100);
  }

  /** What a dashboard change asks of the runtime (botChanged), applied in the bot's order. */
  async function applyChange(change: BotChange): Promise<void> {
    switch (change.kind) {
      case 'running':
        await bringInLine(change.botId, change.dropPending ?? false);
        if (change.fetchPhoto) fetchBotPhoto(change.botId);
        return;
      case 'stopped':
        await bringInLine(change.botId);
        return;
      case 'commands': {
        const found = await store.read(async (tx) => {
          const bot = await tx.bots.get(change.botId);
          return bot ? { bot, token: await tx.bots.token(change.botId) } : null;
        });
        if (found?.token && found.bot.status === 'Active')
          await syncCommands(found.bot, found.token);
        return;
      }
      case 'deleted':
        await stopPolling(change.botId);
        clients.delete(change.botId);
        await takeWebhookDown(change.token);
        return;
      default:
        return change satisfies never;
    }
  }

  /**
   * Runs `work` after the bot's earlier changes (a Stop then a Start keep their order), in the
   * background: stop() and settled() wait for it; a failure is logged as `what`.
   */
  function inBotOrder(botId: number, what: string, work: () => Promise<void>): void {
    const previous = botWork.get(botId) ?? Promise.resolve();
    const current = previous
      .then(work)
      .catch((error: unknown) => log(`bot ${botId}: ${what}: ${(error as Error).message}`));
    botWork.set(botId, current);
    void current.then(() => {
      if (botWork.get(botId) === current) botWork.delete(botId);
    });
  }

  return {
    async identify(token): Promise<BotIdentity | null> {
      try {
        const api = createBotApi(token, apiRoot);
        // A Bot API that does not answer must not hold the owner's request: 15 s at most.
        const me = await api.getMe(AbortSignal.timeout(15_000) as Parameters<Api['getMe']>[0]);
        return {
          telegram_id: me.id,
          name: [me.first_name, me.last_name].filter(Boolean).join(' '),
          username: me.username,
        };
      } catch (error) {
        if (refusesToken(error)) return null;
        throw error;
      }
    },

    async botChanged(change: BotChange) {
      // Off the owner's request: a slow Bot API must not hold the dashboard's answer.
      inBotOrder(change.botId, `${change.kind} not applied`, () => applyChange(change));
    },

    async settled() {
      while (botWork.size > 0 || background.size > 0) {
        await Promise.all([...botWork.values(), ...background]);
      }
    },

    async planInvoiceLink(invoice) {
      if (!botdeckApi) throw new Error('BOTDECK_BOT_TOKEN is not given: no plan can be sold');
      return botdeckApi.raw.createInvoiceLink({
        title: invoice.title,
        description: invoice.description,
        payload: invoice.payload,
        currency: 'XTR',
        prices: [{ label: invoice.title, amount: invoice.stars }],
        ...(invoice.subscriptionPeriod ? { subscription_period: invoice.subscriptionPeriod } : {}),
      });
    },

    async botdeckUsername() {
      const me = await meOfBotdeck();
      return me.username;
    },

    async requiredChat(botId, username) {
      const found = await store.read(async (tx) => {
        const bot = await tx.bots.get(botId);
        return bot ? { bot, token: await tx.bots.token(botId) } : null;
      });
      if (!found?.token) return null;
      return requiredChatOf(boundedApi(found.token), apiRoot, found.bot.telegram_id, username);
    },

    receive: (botId, secret, body) =>
      receiveWebhook(webhookSecret(botId), secret, body, `bot ${botId}`, (update) =>
        handleUpdate(botId, update),
      ),

    receiveBotdeck: (secret, body) =>
      botdeckApi
        ? receiveWebhook(webhookSecret('botdeck'), secret, body, "Botdeck's bot", (update) =>
            inChatOrder('botdeck', update, () => handleBotdeckUpdate(update)),
          )
        : Promise.resolve(404),

    handleUpdate,

    handleBotdeckUpdate: (update) =>
      inChatOrder('botdeck', update, () => handleBotdeckUpdate(update)),

    async captchaPassed(passed) {
      try {
        const api = await apiOfBot(passed.botId);
        if (api) await letIn(api, passed);
      } catch (error) {
        log(
          `bot ${passed.botId}: newcomer ${passed.userId} not let in: ${(error as Error).message}`,
        );
      }
    },

    removeLateNewcomers,

    settleDueSales,
    refundDuePlanPayments,

    async shopInvoiceLink(botId, invoice) {
      const api = await apiForOwnerRequest(botId);
      const appUrl = new URL(options.appUrl());
      // Telegram fetches the picture itself: only from an address it can reach.
      const photo =
        invoice.imagePath && appUrl.protocol === 'https:'
          ? { photo_url: new URL(`${SHOP_IMAGES_PATH}${invoice.imagePath}`, appUrl).href }
          : {};
      return api.createInvoiceLink(
        invoice.title,
        invoice.description,
        invoice.payload,
        '',
        'XTR',
        [{ label: invoice.title, amount: invoice.amount }],
        photo,
      );
    },

    async refundStarPayment(botId, userId, chargeId) {
      return refundStarPayment(await apiForOwnerRequest(botId), userId, chargeId);
    },

    endPlans,

    stats: () => ({ pollers: pollers.size, clients: clients.size, chats: chatQueues.size }),

    async start() {
      const ids = await store.read((tx) => tx.runtime.activeBotIds());
      // A few at a time: with webhooks each is a setWebhook call, and thousands at once would
      // only queue at Telegram's limits (polling starts return at once).
      for (let index = 0; index < ids.length; index += START_BATCH) {
        await Promise.all(ids.slice(index, index + START_BATCH).map((id) => bringInLine(id)));
      }
      await startBotdeck();
      scheduleNextRound();
    },

    async stop() {
      closed = true;
      if (schedulerTimer) clearTimeout(schedulerTimer);
      await schedulerRound;
      await Promise.all(botWork.values());
      await Promise.all([...pollers.keys()].map((id) => stopPolling(id)));
      botdeckPoller?.abort.abort();
      await botdeckPoller?.done;
      await Promise.all(background);
    },
  };
}

/** What an update's take read, for its answer. */
interface TakenUpdate {
  bot: BotRecord;
  token: string;
  /** The payment it carried, recorded as a sale by the take. */
  sale: SaleRecord | null;
  /** The chat whose turn it holds on a shared database (null: none), and whether to wait for it. */
  turn: { chat: number; waits: boolean } | null;
}

/** A successful payment in a bot's private chat, recorded as a sale (null: none, or seen before). */
function saleOf(tx: StoreTx, botId: number, update: Update, now: number) {
  const message = update.message;
  const paid = message?.successful_payment;
  if (!paid || !message.from || message.chat.type !== 'private') return null;
  return recordSale(
    tx,
    {
      botId,
      chargeId: paid.telegram_payment_charge_id,
      buyerId: message.from.id,
      payload: paid.invoice_payload,
      currency: paid.currency,
      amount: paid.total_amount,
    },
    now,
  );
}

/**
 * The chat an update is about, for keeping one chat's updates in order; null for one that waits
 * for no other. A pre-checkout query is no message of a chat, and Telegram waits only 10 s for
 * its answer: a buyer paying several invoices at once has each answered at once.
 */
function chatOf(update: Update): number | null {
  const source =
    update.message ??
    update.edited_message ??
    update.callback_query?.message ??
    update.chat_member ??
    update.my_chat_member ??
    update.chat_join_request;
  return source?.chat.id ?? null;
}
