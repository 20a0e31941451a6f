import type { LabeledPrice, Message } from '@grammyjs/types';
import { postBotMessage, prepareOutgoing } from '../compose';
import { badRequest } from '../errors';
import type { Params } from '../params';
import { newInvoiceSlug, SUBSCRIPTION_PERIOD } from '../payments';
import { characterCount, utf8ByteLength } from '../text';
import type { BotRecord, InvoiceRecord } from '../world';
import type { Handlers } from './types';

/** Telegram Stars: invoices, pre-checkout answers, refunds and the bot's transactions. */

/** Telegram's limits on an invoice. */
export const INVOICE_LIMITS = {
  titleCharacters: 32,
  descriptionCharacters: 255,
  payloadBytes: 128,
  /** The most Stars one invoice may ask. */
  maxStars: 100_000,
} as const;

type InvoiceMethod = 'createInvoiceLink' | 'sendInvoice';

/** Reads and checks an invoice the way Telegram does for Stars. */
function readInvoice(
  bot: BotRecord,
  params: Params<InvoiceMethod>,
  allowSubscription: boolean,
): InvoiceRecord {
  const title = params.required('title');
  const description = params.required('description');
  const payload = params.required('payload');
  const currency = params.required('currency');
  const pricesText = params.required('prices');
  let prices: unknown;
  try {
    prices = JSON.parse(pricesText);
  } catch {
    throw badRequest("can't parse prices JSON object");
  }
  if (!Array.isArray(prices)) throw badRequest('expected an Array of labeled prices');
  for (const price of prices as Partial<LabeledPrice>[]) {
    if (typeof price !== 'object' || price === null)
      throw badRequest('LabeledPrice must be an Object');
    if (typeof price.label !== 'string' || price.label === '') {
      throw badRequest('LabeledPrice label must be non-empty');
    }
    if (!Number.isInteger(price.amount)) throw badRequest(`Field "amount" must be of type Number`);
  }
  if (currency !== 'XTR') {
    throw badRequest('the sandbox implements only Telegram Stars invoices (currency XTR)');
  }
  if (prices.length !== 1 || params.optionalText('provider_token') !== undefined) {
    throw badRequest('STARS_INVOICE_INVALID');
  }
  if (characterCount(title) > INVOICE_LIMITS.titleCharacters)
    throw badRequest('STARS_INVOICE_INVALID');
  if (characterCount(description) > INVOICE_LIMITS.descriptionCharacters) {
    throw badRequest('STARS_INVOICE_INVALID');
  }
  if (utf8ByteLength(payload) > INVOICE_LIMITS.payloadBytes)
    throw badRequest('INVOICE_PAYLOAD_INVALID');
  const amount = (prices[0] as LabeledPrice).amount;
  if (amount < 1 || amount > INVOICE_LIMITS.maxStars)
    throw badRequest('CURRENCY_TOTAL_AMOUNT_INVALID');

  const period = allowSubscription
    ? (params as Params<'createInvoiceLink'>).integer('subscription_period')
    : 0;
  if (period !== 0 && period !== SUBSCRIPTION_PERIOD)
    throw badRequest('SUBSCRIPTION_PERIOD_INVALID');
  const photoUrl = params.optionalText('photo_url');
  return {
    slug: newInvoiceSlug(),
    botId: bot.id,
    title,
    description,
    payload,
    currency,
    amount,
    ...(period ? { subscriptionPeriod: period } : {}),
    ...(photoUrl ? { photoUrl } : {}),
  };
}

export const paymentMethods: Handlers<
  | 'createInvoiceLink'
  | 'sendInvoice'
  | 'answerPreCheckoutQuery'
  | 'refundStarPayment'
  | 'getStarTransactions'
> = {
  createInvoiceLink: ({ world, bot, params }) => {
    const invoice = readInvoice(bot, params, true);
    world.invoices.set(invoice.slug, invoice);
    world.changed();
    return `https://t.me/$${invoice.slug}`;
  },

  sendInvoice: ({ world, bot, params }) => {
    const outgoing = prepareOutgoing(world, bot, params, 'can_send_messages');
    const invoice = readInvoice(bot, params, false);
    world.invoices.set(invoice.slug, invoice);
    const inline = outgoing.markup.inline;
    const first = inline?.inline_keyboard[0]?.[0];
    if (inline && !(first && 'pay' in first && first.pay)) {
      throw badRequest('the first button of an invoice keyboard must be a pay button');
    }
    const stored = postBotMessage(
      world,
      bot,
      {
        ...outgoing,
        markup: {
          inline: inline ?? { inline_keyboard: [[{ text: `Pay ⭐️${invoice.amount}`, pay: true }]] },
        },
      },
      {
        invoice: {
          title: invoice.title,
          description: invoice.description,
          start_parameter: params.text('start_parameter'),
          currency: invoice.currency,
          total_amount: invoice.amount,
        },
      },
      { invoiceSlug: invoice.slug },
    );
    return stored.message as Message.InvoiceMessage;
  },

  answerPreCheckoutQuery: ({ world, bot, params }) => {
    const pending = world.preCheckouts.get(params.text('pre_checkout_query_id'));
    const ok = params.boolean('ok');
    const errorMessage = params.text('error_message');
    if (!ok && errorMessage === '') throw badRequest('parameter "error_message" is required');
    if (!pending || pending.botId !== bot.id || !pending.answer) {
      throw badRequest('query is too old and response timeout expired or query ID is invalid');
    }
    const answer = pending.answer;
    pending.answer = null;
    answer(ok, ok ? undefined : errorMessage);
    world.changed();
    return true;
  },

  refundStarPayment: ({ world, bot, params }) => {
    const userId = params.integer('user_id');
    if (userId <= 0) throw badRequest('invalid user_id specified');
    const chargeId = params.required('telegram_payment_charge_id');
    const payment = world.payments.get(chargeId);
    if (!payment || payment.botId !== bot.id || payment.userId !== userId)
      throw badRequest('CHARGE_NOT_FOUND');
    if (payment.refunded) throw badRequest('CHARGE_ALREADY_REFUNDED');
    payment.refunded = true;
    const user = world.userById(userId);
    const date = world.now();
    bot.transactions.push({
      id: `${chargeId}:refund`,
      amount: payment.amount,
      date,
      receiver: {
        type: 'user',
        transaction_type: 'invoice_payment',
        user: user.user,
        invoice_payload: payment.payload,
      },
    });
    // The user's client shows the refund as a service message in the bot's chat.
    const chat = world.privateChat(bot, user);
    const stored = world.addMessage(
      chat,
      (messageId) =>
        ({
          message_id: messageId,
          from: user.user,
          date,
          chat: world.chatObject(chat),
          refunded_payment: {
            currency: 'XTR',
            total_amount: payment.amount,
            invoice_payload: payment.payload,
            telegram_payment_charge_id: chargeId,
          },
        }) as Message,
      { sender: { kind: 'user', userId } },
    );
    world.deliverMessage(bot, 'message', stored.message);
    return true;
  },

  getStarTransactions: ({ bot, params }) => {
    const offset = Math.max(0, params.integer('offset'));
    return {
      transactions: bot.transactions.slice(
        offset,
        offset + params.boundedInteger('limit', 100, 1, 100),
      ),
    };
  },
};
