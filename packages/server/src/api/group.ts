import { captchaTargets } from '../captcha/grid';
import { createCaptcha } from '../captcha/newcomer';
import { cryptoRandom, randomBelow } from '../captcha/random';
import { SEED_GROUP_ID } from '../seed';
import type { Store } from '../store/types';

/**
 * A bot's group, simulated: what happens there reaches the bot, never the mini app, so in
 * development these stand in for it. Not part of the contract; POST /dev/newcomer and
 * POST /dev/group-command call them.
 */

/** What the bot posts for a newcomer: its captcha message and where the button leads. */
export interface NewcomerCaptcha {
  success: true;
  /** The captcha's id, the page's `id`. */
  id: string;
  /** The id of the captcha message in the group, the page's `msg`. */
  msg_id: string;
  /** The message text, from the bot's captcha settings. */
  text: string;
  /** The button's name, from the bot's captcha settings. */
  button: string;
  /** The mini app path the button opens: `/captcha?id=…&msg=…`. */
  path: string;
}

/** The group `/enable` made the bot's topic-mode group. */
export interface GroupEnabled {
  success: true;
  group_id: string;
}

export interface GroupRefusal {
  success: false;
  msg: string;
}

const NO_SUCH_BOT = 'No bot has this bot_id.';

/**
 * Someone (`userId`) joins the bot's group, as the bot runtime sees it. With the bot's captcha
 * on, the bot makes the newcomer's captcha (createCaptcha, the runtime's own call) and posts
 * its message; with it off, nobody is asked.
 */
export async function newcomerJoins(
  store: Store,
  botId: number,
  userId: number,
  now: number,
): Promise<NewcomerCaptcha | GroupRefusal> {
  return store.write<NewcomerCaptcha | GroupRefusal>(async (tx) => {
    const bot = await tx.bots.get(botId);
    if (!bot) return { success: false, msg: NO_SUCH_BOT };
    const { captcha } = await tx.settings.advanced(bot.id);
    if (!captcha.enable) {
      return { success: false, msg: 'Captcha is off for this bot: nobody is asked.' };
    }
    const { id } = await createCaptcha(tx, { botId: bot.id, chatId: DEV_GROUP_ID, userId, now });
    // The message the bot posted: Telegram numbers a group's messages; any number stands in.
    const messageId = randomBelow(cryptoRandom, 2 ** 31 - 1) + 1;
    await tx.captchas.setMessage(id, messageId);
    const msgId = String(messageId);
    return {
      success: true,
      id,
      msg_id: msgId,
      text: captcha.text,
      button: captcha.button,
      path: `/captcha?${new URLSearchParams({ id, msg: msgId })}`,
    };
  });
}

/** The group the development stand-in's newcomers join. */
const DEV_GROUP_ID = SEED_GROUP_ID;

/**
 * The right cells of a captcha's current grid (1 to 9, as the page names them) and its
 * category: for development and tests through /dev/captcha-answer, which no production server
 * has. Null for an unknown id.
 */
export async function captchaAnswer(
  store: Store,
  id: string,
): Promise<{ success: true; category: string; cells: number[] } | null> {
  const captcha = await store.read((tx) => tx.captchas.get(id));
  if (!captcha) return null;
  return {
    success: true,
    category: captcha.category,
    cells: captchaTargets(captcha).map((cell) => cell + 1),
  };
}

/** A supergroup's chat id as the Bot API gives it: -100 and the group's own digits. */
const SUPERGROUP_ID = /^-100\d+$/;

/**
 * The bot's owner types `command` in a group. `/enable` in a group with topics makes it the
 * bot's topic-mode group (`chat_mode.group_id`), the only way that id is ever set; the bot knows
 * no other group command.
 */
export async function groupCommand(
  store: Store,
  botId: number,
  command: string,
  groupId: string | null,
): Promise<GroupEnabled | GroupRefusal> {
  return store.write<GroupEnabled | GroupRefusal>(async (tx) => {
    const bot = await tx.bots.get(botId);
    if (!bot) return { success: false, msg: NO_SUCH_BOT };
    if (command !== '/enable') {
      return { success: false, msg: `The bot knows no group command "${command}"; only /enable.` };
    }
    if (groupId === null || !SUPERGROUP_ID.test(groupId)) {
      return {
        success: false,
        msg: "group_id must be a supergroup's id: -100 followed by digits, like -1001234567890.",
      };
    }
    const advanced = await tx.settings.advanced(bot.id);
    await tx.settings.setAdvanced(bot.id, {
      ...advanced,
      chat_mode: { ...advanced.chat_mode, group_id: groupId },
    });
    return { success: true, group_id: groupId };
  });
}
