import { type ApiClient, PRELOADED_ANSWER_LIFETIME_MS, ROUTES } from '@botdeck/api';
import { describe, expect, it, vi } from 'vitest';
import { placeOf, preloadScreenData, screenQueryFor } from './screen-data';

const USER = 100000001;

/** A client that records its calls and answers each with nothing. */
function recordingClient() {
  const call = vi.fn(async () => ({}));
  return { client: { userId: USER, call } as unknown as ApiClient, call };
}

/** The key and the one call of the screen at `href`, or null when it loads nothing. */
async function loadOf(href: string) {
  const { client, call } = recordingClient();
  const query = screenQueryFor(client, placeOf(href));
  if (!query) return null;
  await query.load();
  expect(call).toHaveBeenCalledTimes(1);
  return { key: query.key, call: call.mock.calls[0] };
}

describe('screenQueryFor', () => {
  it("builds each screen's load call under its hook's own key, from the address", async () => {
    const bot = { id: USER, bot_id: 7 };
    const expected: Record<string, { key: unknown[]; call: unknown[] }> = {
      '/selectBot': { key: ['selectBot', USER], call: [ROUTES.bots, { id: USER, select: true }] },
      '/dashboard?bot=7': { key: ['dashboard', USER, 7], call: [ROUTES.dashboard, bot] },
      '/startmsg?bot=7': {
        key: ['messages', 'startmsg', USER, 7, 0],
        call: [ROUTES.messages.startmsg.read, { ...bot, mi: 0 }],
      },
      '/menu?bot=7': { key: ['list', 'menu', USER, 7], call: [ROUTES.lists.menu.read, bot] },
      '/questions?bot=7': {
        key: ['list', 'question', USER, 7],
        call: [ROUTES.lists.question.read, bot],
      },
      '/commands?bot=7': {
        key: ['list', 'command', USER, 7],
        call: [ROUTES.lists.command.read, bot],
      },
      '/startPayload?bot=7': {
        key: ['list', 'startPayload', USER, 7],
        call: [ROUTES.lists.startPayload.read, bot],
      },
      '/menu-messages?bot=7&ind=3': {
        key: ['messages', 'menumsgs', USER, 7, 3],
        call: [ROUTES.messages.menumsgs.read, { ...bot, mi: 3 }],
      },
      '/qa-messages?bot=7&ind=0': {
        key: ['messages', 'qamsgs', USER, 7, 0],
        call: [ROUTES.messages.qamsgs.read, { ...bot, mi: 0 }],
      },
      '/cmd-messages?bot=7&ind=12': {
        key: ['messages', 'cmdmsgs', USER, 7, 12],
        call: [ROUTES.messages.cmdmsgs.read, { ...bot, mi: 12 }],
      },
      '/sp-messages?bot=7&ind=1': {
        key: ['messages', 'spmsgs', USER, 7, 1],
        call: [ROUTES.messages.spmsgs.read, { ...bot, mi: 1 }],
      },
      '/upgrade?bot=7': { key: ['upgrade', USER, 7], call: [ROUTES.upgrade, { bot: 7 }] },
      '/share?bot=7': {
        key: ['ref', USER, 7],
        call: [ROUTES.referral, { id: USER, botId: 7, collect: false }],
      },
      '/lang?bot=7': { key: ['lang', USER, 7], call: [ROUTES.language, bot] },
      '/media?bot=7': { key: ['media', USER, 7], call: [ROUTES.media, bot] },
      '/users?bot=7&tab=banned': { key: ['users', USER, 7], call: [ROUTES.users, bot] },
      '/bot?bot=7': { key: ['bot', USER, 7], call: [ROUTES.botInfo, bot] },
      '/advanced?bot=7': { key: ['advanced', USER, 7], call: [ROUTES.advanced, bot] },
      '/shop?bot=7': { key: ['shop', USER, 7], call: [ROUTES.shop, bot] },
    };
    for (const [href, load] of Object.entries(expected))
      await expect(loadOf(href), href).resolves.toEqual(load);
  });

  it('loads nothing where the screen would load nothing: no bot, not a bot id, no item', async () => {
    for (const href of [
      '/dashboard',
      '/shop?bot=',
      '/shop?bot=0',
      '/users?bot=-1',
      '/media?bot=1.5',
      '/menu-messages?bot=1',
      '/qa-messages?bot=1&ind=x',
      '/cmd-messages?bot=1&ind=1234567',
    ])
      await expect(loadOf(href), href).resolves.toBeNull();
  });

  it('loads nothing for the screens that load nothing on opening', async () => {
    for (const href of [
      '/captcha?id=1&msg=2',
      '/document?bot=1',
      '/guide?opt=user-pay&bot=1',
      // Its first call opens a session: the screen makes it once, never on a preload.
      '/testdrive?bot=1&scene=group',
    ])
      await expect(loadOf(href), href).resolves.toBeNull();
  });

  it("loads the home screen's list for a path the product does not have, where the app goes", async () => {
    await expect(loadOf('/no-such-page')).resolves.toMatchObject({ key: ['selectBot', USER] });
  });
});

describe('preloadScreenData', () => {
  it('asks once however often it is told, and not for what the data cache holds', () => {
    const { client, call } = recordingClient();
    preloadScreenData(client, placeOf('/users?bot=41'));
    preloadScreenData(client, placeOf('/users?bot=41&tab=admins'));
    expect(call).toHaveBeenCalledTimes(1);
    preloadScreenData(client, placeOf('/media?bot=41'), { has: () => true, put: vi.fn() });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('puts the answer into the data cache as it arrives, unless the screen was there first', async () => {
    const { client } = recordingClient();
    const cached = new Map<string, unknown>();
    const cache = {
      has: (key: readonly unknown[]) => cached.has(JSON.stringify(key)),
      put: vi.fn((key: readonly unknown[], answer: unknown) =>
        cached.set(JSON.stringify(key), answer),
      ),
    };
    preloadScreenData(client, placeOf('/lang?bot=43'), cache);
    preloadScreenData(client, placeOf('/bot?bot=43'), cache);
    cached.set(JSON.stringify(['bot', USER, 43]), { from: 'the screen' });
    await new Promise((done) => setTimeout(done, 0));
    expect(cache.put.mock.calls).toEqual([[['lang', USER, 43], {}]]);
  });

  it('asks again once an earlier answer nobody took has grown stale', () => {
    vi.useFakeTimers();
    try {
      const { client, call } = recordingClient();
      preloadScreenData(client, placeOf('/advanced?bot=42'));
      vi.advanceTimersByTime(PRELOADED_ANSWER_LIFETIME_MS);
      preloadScreenData(client, placeOf('/advanced?bot=42'));
      expect(call).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('placeOf', () => {
  it('splits a link into its path and query', () => {
    expect(placeOf('/dashboard?bot=1')).toEqual({ pathname: '/dashboard', search: '?bot=1' });
    expect(placeOf('/selectbot')).toEqual({ pathname: '/selectbot', search: '' });
  });
});
