import type { PlanInvoice } from './plans';
/**
 * What the handlers ask of Telegram and of the bot runtime, as one port the server is built
 * with. On the server it is the bot runtime (src/runtime/): Telegram's Bot API through grammY.
 * In Storybook and the handlers' tests it is `madeUpTelegram` (made-up-telegram.ts), which
 * runs no bot. The handlers stay browser-safe: they see only this interface.
 */

/** A bot as Telegram's getMe describes it. */
export interface BotIdentity {
  /** Telegram's id for the bot. */
  telegram_id: number;
  name: string;
  username: string;
}

/** A public channel or group as the bot sees it through getChat: a join requirement's chat. */
export interface RequiredChat {
  /** Its title. */
  name: string;
  /** Its public username, as Telegram spells it. */
  username: string;
  /** Its picture, to keep in the bot's uploads; null when it has none. */
  photo: { name: string; type: string; bytes: Uint8Array } | null;
  /**
   * Whether the bot can tell who is a member (an admin of a channel, a member of a group):
   * otherwise the requirement is kept but not active (SPEC's text says why).
   */
  botCanCheck: boolean;
}

/** What changed about a bot, told to the runtime after the write that changed it committed. */
export type BotChange =
  /**
   * Added, started again or given a new token: bring it in line. `dropPending` drops what
   * waited at Telegram while it was stopped (an owner's Start with "drop" on); `fetchPhoto`
   * (added, or a new token) fetches its profile photo afterwards, without holding the caller.
   */
  | { kind: 'running'; botId: number; dropPending?: boolean; fetchPhoto?: boolean }
  /** Stopped by its owner: take no more updates. */
  | { kind: 'stopped'; botId: number }
  /** Its commands changed: Telegram's command list follows. */
  | { kind: 'commands'; botId: number }
  /** Deleted: its rows are gone, so its token comes along to take its webhook down. */
  | { kind: 'deleted'; botId: number; token: string };

/** A Stars invoice for one shop item, as the shop's bot asks Telegram for its link. */
interface ShopInvoice {
  /** The item's name, within Telegram's 32 characters. */
  title: string;
  /** Its description, within Telegram's 255 characters (never empty). */
  description: string;
  /** The invoice's slug: what Telegram's pre-checkout and payment name it by. */
  payload: string;
  /** Its price in Stars. */
  amount: number;
  /** The item's picture as the shop stores it: shown on the invoice where Telegram can fetch it (https). */
  imagePath: string | null;
}

export interface TelegramPort {
  /**
   * getMe with `token`: the bot's identity, or null when Telegram refuses the token (revoked
   * or never issued). Throws when Telegram cannot be reached: that is not the token's fault.
   */
  identify(token: string): Promise<BotIdentity | null>;
  /**
   * The runtime brings the bot in line with its stored row: polling or its webhook started or
   * stopped, pending updates dropped on a start when the owner asked so, commands set. Returns
   * at once: the runtime applies it in the background, in order per bot, so a slow Bot API
   * never holds the owner's request. Never throws: a failure is the runtime's to report (the
   * bot's status, the log).
   */
  botChanged(change: BotChange): Promise<void>;
  /**
   * getChat of `@username` as the bot `botId` sees it: the chat a join requirement names, or
   * null when Telegram knows no such public chat for the bot. Throws when Telegram cannot be
   * reached (not the chat's fault).
   */
  requiredChat(botId: number, username: string): Promise<RequiredChat | null>;
  /** createInvoiceLink by the shop's bot, currency XTR: the link the buyer opens. Throws when Telegram refuses or cannot be reached. */
  shopInvoiceLink(botId: number, invoice: ShopInvoice): Promise<string>;
  /**
   * refundStarPayment by the bot: 'refunded' (now, or before), or 'unknownCharge' when Telegram
   * knows no such charge of that user. Throws when Telegram cannot be reached.
   */
  refundStarPayment(
    botId: number,
    userId: number,
    chargeId: string,
  ): Promise<'refunded' | 'unknownCharge'>;
  /**
   * The username of Botdeck's own bot (BOTDECK_BOT_TOKEN), as its getMe answers: referral
   * links name it. Asked once, then kept; throws while Telegram cannot be reached.
   */
  botdeckUsername(): Promise<string>;
  /**
   * createInvoiceLink by Botdeck's bot for a plan (Stars; a monthly one as a subscription).
   * Throws when Telegram cannot be reached or refuses it.
   */
  planInvoiceLink(invoice: PlanInvoice): Promise<string>;
}
