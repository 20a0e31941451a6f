import { type Sandbox, startSandbox } from '@botdeck/sandbox';
import { botAccount, botdeckAccount, personAccount } from './sandbox-accounts';
import type { Store } from './store/types';

/**
 * Telegram for `npm start` and the end-to-end servers (development only, SERVER.md section 7):
 * a sandbox on 127.0.0.1 that knows every stored bot (its id, token, name) and every stored
 * person, so the bots run and a person can act as any of them. The sandbox keeps its chats in
 * memory: a restart starts them afresh, while the bots and people come back from the store.
 */
export async function startDevelopmentSandbox(store: Store): Promise<Sandbox> {
  // Update ids above any an earlier run handed out, as Telegram's only grow: the runtime kept
  // each bot's poll offset and the updates it took, and would skip a sandbox counting from 1
  // again (every update below the offset confirmed unseen, every id it took before skipped).
  // Counting from the time it starts, in ms: a run would have to give one bot more updates than
  // milliseconds it ran for the next to overlap.
  const sandbox = await startSandbox({ port: 0, firstUpdateId: Date.now() });
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
  // Botdeck's own bot (the development BOTDECK_BOT_TOKEN): it sells plans and counts referrals.
  botdeckAccount(sandbox);
  for (const { bot, token } of bots) botAccount(sandbox, { ...bot, token });
  for (const person of people) personAccount(sandbox, person);
  return sandbox;
}
