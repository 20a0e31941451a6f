import { type Api, Composer, GrammyError } from 'grammy';
import {
  type CheckoutRefusal,
  holdForCheckout,
  nextTryDelay,
  SALE_MAX_ATTEMPTS,
  settleRefund,
} from '../shop/sales';
import type { SaleChanges, SaleRecord, Store } from '../store/types';
import type { BotTexts } from './bot-texts';
import type { DeckContext } from './deck-context';
import { sendLoneMessage } from './message-sets';

/**
 * A shop's side of Telegram's Stars payments (SERVER.md section 6; the rules are in
 * shop/sales.ts). The pre-checkout query is answered here; a successful payment is recorded in
 * the write that takes its update (bot-runtime.ts), and then settled: its reward sent to the
 * buyer, or its Stars refunded when nothing may be granted for it. A sale this process could not
 * settle (Telegram unreachable, or the process died) is taken again by a scheduler, on any
 * process, once its claim runs out.
 */
export const shopPayments = new Composer<DeckContext>();

shopPayments.on('pre_checkout_query', async (ctx) => {
  const query = ctx.preCheckoutQuery;
  const { store, bot, texts, log } = ctx.deck;
  const refusal = await store.write((tx) =>
    holdForCheckout(
      tx,
      {
        botId: bot.id,
        payload: query.invoice_payload,
        buyerId: query.from.id,
        currency: query.currency,
        amount: query.total_amount,
      },
      Date.now(),
    ),
  );
  if (refusal) {
    log(`bot ${bot.id}: pre-checkout of ${query.from.id} refused (${refusal})`);
    await ctx.answerPreCheckoutQuery(false, { error_message: checkoutRefusalText(texts, refusal) });
    return;
  }
  try {
    await ctx.answerPreCheckoutQuery(true);
  } catch (error) {
    // Telegram did not take the yes (the query too old, the network): the buyer is not charged,
    // so the unit goes back on sale now rather than when its hold runs out. Should the yes have
    // got there after all, the payment is judged as one whose hold ran out.
    await store.write((tx) => tx.invoices.endHold(query.invoice_payload, Date.now()));
    throw error;
  }
});

// Payments are recorded with their update (bot-runtime.ts) and refunds by whoever made them:
// neither service message is a user's message to answer, relay or check.
shopPayments.on(['message:successful_payment', 'message:refunded_payment'], () => {});

function checkoutRefusalText(texts: BotTexts, refusal: CheckoutRefusal): string {
  switch (refusal) {
    case 'gone':
      return texts.checkoutGone;
    case 'changed':
      return texts.checkoutChanged;
    case 'notYours':
      return texts.checkoutNotYours;
    case 'paid':
      return texts.checkoutPaid;
    case 'soldOut':
      return texts.checkoutSoldOut;
    case 'limit':
      return texts.checkoutLimit;
    default:
      return refusal satisfies never;
  }
}

export interface SaleSettling {
  api: Api;
  store: Store;
  bot: { id: number; username: string };
  appUrl: string;
  log: (message: string) => void;
}

/** Telegram's refusal of the reward itself (its caption, its file): another try would fail too. */
function refusedForGood(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 400;
}

/** Telegram's refusal of the token itself: the bot is Crashed; the sale waits for a new token. */
function refusesToken(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);
}

/**
 * Settles a sale this process has claimed (recorded it, or took it from the scheduler): sends
 * its reward, or refunds it. Each outcome is written; a try that failed for a passing reason is
 * due again later, until SALE_MAX_ATTEMPTS (then it is undeliverable, and the editor sees why).
 * A kill between Telegram's answer and the write makes the next try send the reward again: a
 * reward twice rather than none (the Bot API has no way to ask whether a message was sent).
 */
export async function settleSale(sale: SaleRecord, to: SaleSettling): Promise<void> {
  const now = Date.now();
  if (sale.status === 'refunding') {
    await refund(sale, to);
    return;
  }
  if (sale.status !== 'delivering') return;
  try {
    await sendLoneMessage(
      {
        api: to.api,
        store: to.store,
        botId: to.bot.id,
        botUsername: to.bot.username,
        appUrl: to.appUrl,
        chatId: sale.user_id,
        effects: false,
      },
      {
        text: sale.reward.text ?? '',
        parse: false,
        effect: null,
        media: sale.reward.img ? `/uploads/${sale.reward.img.replace(/^\//, '')}` : null,
        media_type: sale.reward.media_type,
        ufile: sale.reward.file_id,
        buttons: [],
      },
    );
  } catch (error) {
    const reason = error instanceof GrammyError ? error.description : (error as Error).message;
    if (refusesToken(error)) {
      to.log(`bot ${to.bot.id}: sale ${sale.charge_id} waits for a token Telegram takes`);
      await whileDelivering(to.store, sale.charge_id, {
        due_at: now + nextTryDelay(sale.attempts),
        last_error: reason,
      });
      return;
    }
    // A buyer who blocked the bot (403) may unblock it: tried again, as a network failure is.
    const giveUp = refusedForGood(error) || sale.attempts >= SALE_MAX_ATTEMPTS;
    to.log(
      `bot ${to.bot.id}: reward of sale ${sale.charge_id} not sent (${reason})${giveUp ? '' : ', tried again later'}`,
    );
    await whileDelivering(
      to.store,
      sale.charge_id,
      giveUp
        ? { status: 'undeliverable', due_at: null, last_error: reason }
        : { due_at: now + nextTryDelay(sale.attempts), last_error: reason },
    );
    return;
  }
  await whileDelivering(to.store, sale.charge_id, {
    status: 'delivered',
    due_at: null,
    last_error: null,
  });
}

/**
 * Writes a delivery's outcome unless the sale changed meanwhile (an editor refunded it while the
 * reward was on its way): the refund's own outcome stands.
 */
async function whileDelivering(store: Store, chargeId: string, changes: SaleChanges) {
  await store.write(async (tx) => {
    if ((await tx.sales.get(chargeId))?.status === 'delivering') {
      await tx.sales.update(chargeId, changes);
    }
  });
}

/** Gives a sale's Stars back (refundStarPayment) and records it. */
async function refund(sale: SaleRecord, to: SaleSettling): Promise<void> {
  const now = Date.now();
  const outcome = await refundStarPayment(to.api, sale.user_id, sale.charge_id).catch(
    (error: unknown) => error as Error,
  );
  if (outcome instanceof Error) {
    const reason = outcome instanceof GrammyError ? outcome.description : outcome.message;
    to.log(`bot ${to.bot.id}: sale ${sale.charge_id} not refunded (${reason}), tried again later`);
    await to.store.write((tx) =>
      tx.sales.update(sale.charge_id, {
        due_at: now + nextTryDelay(sale.attempts),
        last_error: reason,
      }),
    );
    return;
  }
  await to.store.write(async (tx) => {
    await tx.bots.get(to.bot.id);
    await settleRefund(tx, sale.charge_id, outcome, Date.now());
  });
}

/**
 * refundStarPayment, read as what it means for the sale: refunded now or before, or a charge
 * Telegram does not know. Throws on anything else (unreachable, the token refused).
 */
export async function refundStarPayment(
  api: Api,
  userId: number,
  chargeId: string,
): Promise<'refunded' | 'unknownCharge'> {
  try {
    await api.refundStarPayment(userId, chargeId);
    return 'refunded';
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400) {
      if (/CHARGE_ALREADY_REFUNDED/.test(error.description)) return 'refunded';
      if (/CHARGE_NOT_FOUND|CHARGE_ID_INVALID|USER_ID_INVALID/.test(error.description)) {
        return 'unknownCharge';
      }
    }
    throw error;
  }
}
