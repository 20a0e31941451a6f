import { randomBytes } from 'node:crypto';
import type { Message, PreCheckoutQuery, StarTransaction } from '@grammyjs/types';
import { SandboxRefusal } from './errors';
import type { InvoiceRecord, PaymentRecord, StoredMessage, UserRecord, World } from './world';

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

  const chargeId = `stxsbx${randomBytes(24).toString('base64url')}`;
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
      ? { subscriptionExpirationDate: date + invoice.subscriptionPeriod }
      : {}),
  };
  world.payments.set(chargeId, payment);
  const transaction: StarTransaction = {
    id: chargeId,
    amount: invoice.amount,
    date,
    source: {
      type: 'user',
      transaction_type: 'invoice_payment',
      user: user.user,
      invoice_payload: invoice.payload,
      ...(invoice.subscriptionPeriod ? { subscription_period: invoice.subscriptionPeriod } : {}),
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
          currency: invoice.currency,
          total_amount: invoice.amount,
          invoice_payload: invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
          ...(payment.subscriptionExpirationDate
            ? {
                subscription_expiration_date: payment.subscriptionExpirationDate,
                is_recurring: true,
                is_first_recurring: true,
              }
            : {}),
        },
      }) as Message,
    { sender: { kind: 'user', userId: user.user.id } },
  );
  world.deliverMessage(bot, 'message', stored.message);
  return { status: 'paid', chargeId, message: stored.message };
}
