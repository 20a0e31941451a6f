import type { Sandbox, SandboxBot, SandboxUser } from '@botdeck/sandbox';
import { DEV_BOT_TOKEN } from './auth';
import type { DevPerson } from './data';
import { BOTDECK_BOT_USERNAME } from './seed';

/**
 * Stored bots and people made known to a sandbox, as @BotFather and Telegram's sign-up would
 * have made them: the development sandbox (dev-sandbox.ts) and the runtime's tests
 * (runtime/testing.ts) both start from the store's or the seed's.
 */

/** A stored bot as the sandbox needs it: Telegram's id, the token, and its names. */
export interface BotAccount {
  id: number;
  telegram_id: number;
  token: string;
  username: string;
  name: string;
}

/**
 * The bot in the sandbox, or null when it cannot be (two stored bots with one Telegram id: the
 * second is left out, and said so). A username Telegram would never give (a test's hostile
 * data) is known to the sandbox by one it would, so the bot still runs; the dashboard keeps
 * the stored one.
 */
export function botAccount(sandbox: Sandbox, bot: BotAccount): SandboxBot | null {
  const account = { id: bot.telegram_id, token: bot.token, name: bot.name };
  try {
    return sandbox.createBot({ ...account, username: bot.username });
  } catch {
    try {
      return sandbox.createBot({ ...account, username: `bot${bot.telegram_id}_bot` });
    } catch (error) {
      console.warn(`sandbox: bot ${bot.id} left out: ${(error as Error).message}`);
      return null;
    }
  }
}

/** The person as a Telegram user: their stored name split into first and last name. */
export function personAccount(sandbox: Sandbox, person: DevPerson): SandboxUser {
  const [first_name = person.name, ...rest] = person.name.split(' ');
  return sandbox.createUser({
    id: person.id,
    first_name,
    ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
    ...(person.username ? { username: person.username } : {}),
  });
}

/** Botdeck's own bot as development knows it: the development token, the seed's username. */
export function botdeckAccount(sandbox: Sandbox): SandboxBot {
  return sandbox.createBot({
    id: Number(DEV_BOT_TOKEN.split(':')[0]),
    token: DEV_BOT_TOKEN,
    name: 'Botdeck',
    username: BOTDECK_BOT_USERNAME,
  });
}
