import { type Sandbox, startSandbox } from '@botdeck/sandbox';
import type { Store } from './store/types';

/**
 * Telegram for `npm start` and the end-to-end servers (development only, SERVER.md section 7):
 * a sandbox on 127.0.0.1 that knows every stored bot (its id, token, name) and every stored
 * person, so the bots run and a person can act as any of them. The sandbox keeps its chats in
 * memory: a restart starts them afresh, while the bots and people come back from the store.
 */
export async function startDevelopmentSandbox(store: Store): Promise<Sandbox> {
  const sandbox = await startSandbox({ port: 0 });
  const { bots, people } = await store.read(async (tx) => {
    const found = [];
    for (const id of await tx.runtime.allBotIds()) {
      const bot = await tx.bots.get(id);
      const token = await tx.bots.token(id);
      // A crashed bot's token was revoked: Telegram does not know it any more.
      if (bot && token && bot.status !== 'Crashed') found.push({ bot, token });
    }
    // Everyone the seed (or earlier use) knows: owners, admins, users and the banned.
    const ids = new Set<number>();
    for (const { bot } of found) {
      ids.add(bot.owner);
      for (const admin of await tx.admins.of(bot.id)) ids.add(admin.id);
      for (const list of ['users', 'banned'] as const) {
        const page = await tx.members.page(bot.id, list, { query: '', offset: 0, limit: 1_000 });
        for (const person of page.people) ids.add(person.id);
      }
    }
    return { bots: found, people: await tx.people.getMany([...ids]) };
  });
  for (const { bot, token } of bots) {
    try {
      sandbox.createBot({ id: bot.telegram_id, token, username: bot.username, name: bot.name });
    } catch {
      // A username Telegram would never give (a test's hostile data): the sandbox knows the bot
      // by one it would, so the bot still runs; the dashboard keeps the stored one.
      try {
        sandbox.createBot({
          id: bot.telegram_id,
          token,
          username: `bot${bot.telegram_id}_bot`,
          name: bot.name,
        });
      } catch (error) {
        // Two stored bots with one Telegram id: the second is left out, and said so.
        console.warn(`sandbox: bot ${bot.id} left out: ${(error as Error).message}`);
      }
    }
  }
  for (const person of people) {
    const [first_name = person.name, ...rest] = person.name.split(' ');
    sandbox.createUser({
      id: person.id,
      first_name,
      ...(rest.length > 0 ? { last_name: rest.join(' ') } : {}),
      ...(person.username ? { username: person.username } : {}),
    });
  }
  return sandbox;
}
