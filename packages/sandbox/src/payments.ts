import { randomBytes } from 'node:crypto';
import type { Message, PreCheckoutQuery, StarTransaction } from '@grammyjs/types';
import { SandboxRefusal } from './errors';
import type {
  BotRecord,
  InvoiceRecord,
  PaymentRecord,
  StoredMessage,
  UserRecord,
  World,
} from './world';

/**
 * A Telegram user paying a Stars invoice: the bot gets a pre_checkout_query and has
 * `preCheckoutTimeoutMs` (Telegram: 10 s) to answer it; accepted, the user's payment arrives as
 * a `successful_payment` service message with a fresh telegram_payment_charge_id.
 */

export type PaymentOutcome =
  | { status: 'paid'; chargeId: string; message: Message }
  | { status: 'refused'; errorMessage: string }
  | { status: 'timed out' };

/** The one subscription period Telegram offers: 30 days. */
export const SUBSCRIPTION_PERIOD = 2_592_000;

/** The invoice an invoice link names (`https://t.me/$<slug>`), or of an invoice message. */
export function invoiceOf(world: World, target: string | StoredMessage): InvoiceRecord {
  const slug =
    typeof target === 'string'
      ? /^(?:https?:\/\/)?t\.me\/\$([A-Za-z0-9_-]+)$/.exec(target.trim())?.[1]
      : target.invoiceSlug;
  const invoice = slug ? world.invoices.get(slug) : undefined;
  if (!invoice) {
    throw new SandboxRefusal(
      typeof target === 'string'
        ? `no invoice behind the link ${target}`
        : 'the message is not an invoice',
    );
  }
  return invoice;
}

export function newInvoiceSlug(): string {
  return randomBytes(12).toString('base64url');
}

/** Runs the payment flow for a user and an invoice. */
export async function payInvoice(
  world: World,
  user: UserRecord,
  invoice: InvoiceRecord,
): Promise<PaymentOutcome> {
  const bot = world.botById(invoice.botId);
  const query: PreCheckoutQuery = {
    id: world.queryId(),
    from: user.user,
    currency: invoice.currency,
    total_amount: invoice.amount,
    invoice_payload: invoice.payload,
  };
  const answer = new Promise<{ ok: boolean; errorMessage?: string } | null>((resolve) => {
    const timer = setTimeout(() => {
      world.preCheckouts.delete(query.id);
      resolve(null);
    }, world.settings.preCheckoutTimeoutMs);
    world.preCheckouts.set(query.id, {
      id: query.id,
      botId: bot.id,
      at: Date.now(),
      answer: (ok, errorMessage) => {
        clearTimeout(timer);
        world.preCheckouts.delete(query.id);
        resolve({ ok, ...(errorMessage !== undefined ? { errorMessage } : {}) });
      },
    });
  });
  world.deliver(bot, 'pre_checkout_query', query);
  const answered = await answer;
  if (answered === null) return { status: 'timed out' };
  if (!answered.ok) return { status: 'refused', errorMessage: answered.errorMessage ?? '' };

  const chargeId = newChargeId();
  const date = world.now();
  const payment: PaymentRecord = {
    chargeId,
    botId: bot.id,
    userId: user.user.id,
    amount: invoice.amount,
    payload: invoice.payload,
    date,
    refunded: false,
    ...(invoice.subscriptionPeriod
      ? {
          subscriptionExpirationDate: date + invoice.subscriptionPeriod,
          subscription: {
            id: chargeId,
            period: invoice.subscriptionPeriod,
            latestChargeId: chargeId,
            cancelled: false,
          },
        }
      : {}),
  };
  const message = recordPayment(world, bot, user, invoice.currency, payment, true);
  return { status: 'paid', chargeId, message };
}

function newChargeId(): string {
  return `stxsbx${randomBytes(24).toString('base64url')}`;
}

/**
 * Keeps a payment, adds it to the bot's Star transactions, and tells the bot: a
 * `successful_payment` service message in the user's chat with it.
 */
function recordPayment(
  world: World,
  bot: BotRecord,
  user: UserRecord,
  currency: string,
  payment: PaymentRecord,
  firstOfSubscription: boolean,
): Message {
  const { chargeId, date } = payment;
  world.payments.set(chargeId, payment);
  const transaction: StarTransaction = {
    id: chargeId,
    amount: payment.amount,
    date,
    source: {
      type: 'user',
      transaction_type: 'invoice_payment',
      user: user.user,
      invoice_payload: payment.payload,
      ...(payment.subscription ? { subscription_period: payment.subscription.period } : {}),
    },
  };
  bot.transactions.push(transaction);

  const chat = world.privateChat(bot, user);
  const stored = world.addMessage(
    chat,
    (messageId) =>
      ({
        message_id: messageId,
        from: user.user,
        date,
        chat: world.chatObject(chat),
        successful_payment: {
          currency,
          total_amount: payment.amount,
          invoice_payload: payment.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
          ...(payment.subscriptionExpirationDate
            ? {
                subscription_expiration_date: payment.subscriptionExpirationDate,
                is_recurring: true,
                is_first_recurring: firstOfSubscription,
              }
            : {}),
        },
      }) as Message,
    { sender: { kind: 'user', userId: user.user.id } },
  );
  world.deliverMessage(bot, 'message', stored.message);
  return stored.message;
}

/** The subscription a charge id is a payment of. */
function subscriptionOf(
  world: World,
  chargeId: string,
): PaymentRecord & {
  subscription: NonNullable<PaymentRecord['subscription']>;
} {
  const payment = world.payments.get(chargeId);
  if (!payment?.subscription) throw new SandboxRefusal(`no subscription paid by ${chargeId}`);
  return payment as PaymentRecord & { subscription: NonNullable<PaymentRecord['subscription']> };
}

/**
 * Telegram charges a subscription's next period now (what it does when a period ends, moved
 * to when a test asks): a new charge id, `is_recurring` and not `is_first_recurring`, and the
 * next `subscription_expiration_date`, one period after the last. No pre-checkout query comes
 * first, as with Telegram. A cancelled or refunded subscription is not renewed.
 */
export function renewSubscription(world: World, chargeId: string): PaymentOutcome {
  const { subscription } = subscriptionOf(world, chargeId);
  const latest = world.payments.get(subscription.latestChargeId) as PaymentRecord;
  if (subscription.cancelled)
    throw new SandboxRefusal(`subscription ${subscription.id} is cancelled`);
  if (latest.refunded) throw new SandboxRefusal(`subscription ${subscription.id} was refunded`);
  const bot = world.botById(latest.botId);
  const user = world.userById(latest.userId);
  const renewal: PaymentRecord = {
    chargeId: newChargeId(),
    botId: latest.botId,
    userId: latest.userId,
    amount: latest.amount,
    payload: latest.payload,
    date: world.now(),
    refunded: false,
    subscriptionExpirationDate:
      (latest.subscriptionExpirationDate ?? world.now()) + subscription.period,
    subscription,
  };
  subscription.latestChargeId = renewal.chargeId;
  const message = recordPayment(world, bot, user, 'XTR', renewal, false);
  return { status: 'paid', chargeId: renewal.chargeId, message };
}

/**
 * The user cancels a subscription (in Telegram's settings, or the bot's
 * editUserStarSubscription): it runs to the end of the period paid and is not renewed.
 */
export function cancelSubscription(world: World, userId: number, chargeId: string): void {
  const payment = subscriptionOf(world, chargeId);
  if (payment.userId !== userId) throw new SandboxRefusal(`${chargeId} is not this user's`);
  payment.subscription.cancelled = true;
  world.changed();
}
