import { type ApiClient, ROUTES } from '@botdeck/api';
import { describe, expect, it, vi } from 'vitest';
import { entryQueryFor } from './screen-data';

const USER = 100000001;

/** A client that records its calls and answers each with nothing. */
function recordingClient() {
  const call = vi.fn(async () => ({}));
  return { client: { userId: USER, call } as unknown as ApiClient, call };
}

const at = (href: string) => {
  const url = new URL(href, 'https://app.example');
  return { pathname: url.pathname, search: url.search };
};

describe('entryQueryFor', () => {
  it("loads the bot list on /selectbot, under the list hook's own key", async () => {
    const { client, call } = recordingClient();
    const query = entryQueryFor(client, at('/selectBot'));
    expect(query?.key).toEqual(['selectBot', USER]);
    await query?.load();
    expect(call).toHaveBeenCalledExactlyOnceWith(ROUTES.bots, { id: USER, select: true });
  });

  it("loads the dashboard and the shop of the address's bot", async () => {
    const { client, call } = recordingClient();
    const dashboard = entryQueryFor(client, at('/dashboard?bot=7'));
    const shop = entryQueryFor(client, at('/shop?bot=12'));
    expect(dashboard?.key).toEqual(['dashboard', USER, 7]);
    expect(shop?.key).toEqual(['shop', USER, 12]);
    await dashboard?.load();
    await shop?.load();
    expect(call.mock.calls).toEqual([
      [ROUTES.dashboard, { id: USER, bot_id: 7 }],
      [ROUTES.shop, { id: USER, bot_id: 12 }],
    ]);
  });

  it('loads nothing where the screen would load nothing: no bot, or not a bot id', () => {
    const { client } = recordingClient();
    for (const href of [
      '/dashboard',
      '/shop?bot=',
      '/shop?bot=0',
      '/dashboard?bot=-1',
      '/shop?bot=1.5',
    ])
      expect(entryQueryFor(client, at(href))).toBeNull();
  });

  it('loads nothing for screens that are not entry screens, nor for /captcha', () => {
    const { client } = recordingClient();
    for (const href of ['/users?bot=1', '/menu-messages?bot=1&ind=0', '/captcha?id=1&msg=2'])
      expect(entryQueryFor(client, at(href))).toBeNull();
  });

  it("loads the home screen's list for a path the product does not have, where the app goes", () => {
    const { client } = recordingClient();
    expect(entryQueryFor(client, at('/no-such-page'))?.key).toEqual(['selectBot', USER]);
  });
});
