import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ENDPOINTS, endpointByKey } from './endpoints';
import { ApiError } from './errors';
import { ROUTES } from './routes';

const USER = 100000001;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function clientWith(
  fetch: typeof globalThis.fetch,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  return createApiClient({
    baseUrl: 'https://api.example',
    tokenSecret: 'secret',
    initData: 'query_id=1&user=%7B%7D&hash=abc',
    userId: USER,
    fetch,
    onContractError: () => undefined,
    ...extra,
  });
}

const DASHBOARD = {
  success: true,
  pro: { status: false },
  owner: true,
  lang: 'en',
  name: 'Dana Helper',
  username: 'dana_helper_bot',
};

describe('the API client', () => {
  it('sends the call the route names with the Bearer token and initData', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json(DASHBOARD));
    await clientWith(fetch).call(ROUTES.dashboard, { id: USER, bot_id: 1 });

    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`https://api.example/api/dashboard?id=${USER}&bot_id=1`);
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(headers.get('X-Telegram-Init-Data')).toBe('query_id=1&user=%7B%7D&hash=abc');
  });

  it('asks for the schemas before the answer arrives, so both load at once', async () => {
    const order: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          order.push('fetch');
          answer = resolve;
        }),
    );
    const loadEndpoint = vi.fn(async (key: string) => {
      order.push(`schemas:${key}`);
      return endpointByKey(key);
    });
    const pending = clientWith(fetch, { loadEndpoint }).call(ROUTES.dashboard, {
      id: USER,
      bot_id: 1,
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(order).toEqual(['schemas:dashboard', 'fetch']);
    answer(json(DASHBOARD));
    await expect(pending).resolves.toMatchObject({ name: 'Dana Helper', owner: true });
  });

  it('parses with the schemas of the endpoint it is given directly, loading nothing', async () => {
    const loadEndpoint = vi.fn(endpointByKey as (key: string) => never);
    const client = clientWith(async () => json(DASHBOARD), { loadEndpoint });
    await expect(client.call(ENDPOINTS.dashboard, { id: USER, bot_id: 1 })).resolves.toMatchObject({
      owner: true,
    });
    expect(loadEndpoint).not.toHaveBeenCalled();
  });

  it('names each list and messages call so its own schema checks the answer', () => {
    expect(endpointByKey(ROUTES.lists.menu.create.key)).toBe(ENDPOINTS.lists.menu.create);
    expect(endpointByKey(ROUTES.messages.qamsgs.remove.key)).toBe(ENDPOINTS.messages.qamsgs.remove);
    expect(endpointByKey(ROUTES.uploadMessage.key)).toBe(ENDPOINTS.uploadMessage);
  });

  it('turns success false into a server error with msg and nav', async () => {
    const client = clientWith(async () => json({ success: false, msg: 'No access', nav: true }));
    const error = await client.call(ROUTES.dashboard, { id: USER, bot_id: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', msg: 'No access', nav: true, close: false });
  });

  it('reports an answer that breaks the contract with its field path', async () => {
    const onContractError = vi.fn();
    const client = clientWith(async () => json({ ...DASHBOARD, owner: 'yes' }), {
      onContractError,
    });
    const error = await client.call(ROUTES.dashboard, { id: USER, bot_id: 1 }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'contract' });
    expect(onContractError).toHaveBeenCalledWith(
      'GET /api/dashboard',
      expect.arrayContaining([expect.objectContaining({ path: ['owner'] })]),
    );
  });

  it('treats schemas that cannot load as a network failure', async () => {
    const client = clientWith(async () => json(DASHBOARD), {
      loadEndpoint: () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    const error = await client.call(ROUTES.dashboard, { id: USER, bot_id: 1 }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it('turns a refused initData (401) into a session error, whatever its body says', async () => {
    const refused = clientWith(async () => json({ success: false, msg: 'Unauthorized' }, 401));
    const error = await refused.call(ROUTES.dashboard, { id: USER, bot_id: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'session', status: 401, msg: null, close: false });

    const bare = clientWith(async () => new Response('Unauthorized', { status: 401 }));
    await expect(bare.call(ROUTES.bots, { id: USER, select: true })).rejects.toMatchObject({
      kind: 'session',
    });
  });

  it('turns another user than the initData one (403) into a session error, uploads too', async () => {
    const client = clientWith(async () => json({ success: false, msg: 'Forbidden' }, 403));
    await expect(client.upload(ROUTES.uploadMessage, { msgdata: '{}' })).rejects.toMatchObject({
      kind: 'session',
      status: 403,
    });
  });

  it('keeps the statuses beside 401 and 403 what they were', async () => {
    const badRequest = clientWith(async () => json({ success: false, msg: 'Bad request' }, 400));
    await expect(badRequest.call(ROUTES.dashboard, { id: USER, bot_id: 1 })).rejects.toMatchObject({
      kind: 'server',
      status: 400,
      msg: 'Bad request',
    });
    const notFound = clientWith(async () => new Response('', { status: 404 }));
    await expect(notFound.call(ROUTES.dashboard, { id: USER, bot_id: 1 })).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
  });

  it.each([
    ['Retry-After', { 'Retry-After': '7' }, { success: false, msg: 'Too many requests' }, 7],
    ["the server's retry_after", {}, { success: false, msg: 'Slow down', retry_after: 12 }, 12],
    ["Telegram's parameters.retry_after", {}, { ok: false, parameters: { retry_after: 3.2 } }, 4],
    ['nothing usable (1 s)', { 'Retry-After': 'soon' }, 'Too many', 1],
    ['a wait past an hour (an hour)', { 'Retry-After': '999999' }, {}, 3600],
  ])('turns 429 into a rate error with the wait from %s', async (_from, headers, body, wait) => {
    const client = clientWith(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status: 429,
          headers,
        }),
    );
    await expect(client.call(ROUTES.bots, { id: USER, select: true })).rejects.toMatchObject({
      kind: 'rate',
      status: 429,
      retryAfter: wait,
      msg: null,
    });
  });

  it('treats no answer as a network failure', async () => {
    const client = clientWith(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client.call(ROUTES.bots, { id: USER, select: true }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it('abandons a call still unanswered after its timeout, as a network failure', async () => {
    // A server that never answers: only the client's own timeout ends the wait.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const client = clientWith(hanging, { timeoutMs: 20 });
    const error = await client.call(ROUTES.bots, { id: USER, select: true }).catch((e) => e);
    expect(error).toMatchObject({ kind: 'network' });
  });

  it("waits a call's own time when it names one (a long poll), not the client's", async () => {
    const answered: typeof fetch = (_input, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(json({ success: true, bots: [] })), 60);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(init.signal?.reason);
        });
      });
    const client = clientWith(answered, { timeoutMs: 20 });
    const patient = client.call(ROUTES.bots, { id: USER, select: true }, { timeoutMs: 1_000 });
    await expect(patient.catch((e) => e)).resolves.not.toMatchObject({ kind: 'network' });
    const hasty = client.call(ROUTES.bots, { id: USER, select: true }, { timeoutMs: 10 });
    await expect(hasty.catch((e) => e)).resolves.toMatchObject({ kind: 'network' });
  });
});

describe('shopImageUrl', () => {
  const client = clientWith(async () => json({}), { baseUrl: 'https://api.example.com' });

  it('puts the stored path under /shop/images on the API origin', () => {
    expect(client.shopImageUrl('/seed/cat stickers.svg')).toBe(
      'https://api.example.com/shop/images/seed/cat%20stickers.svg',
    );
  });

  it.each([
    ['//evil.example/x.png', 'https://api.example.com/shop/images/evil.example/x.png'],
    ['../../api/users', 'https://api.example.com/shop/images/api/users'],
    ['javascript:alert(1)', 'https://api.example.com/shop/images/javascript%3Aalert(1)'],
    [
      'https://evil.example/a.png',
      'https://api.example.com/shop/images/https%3A/evil.example/a.png',
    ],
  ])('never leaves it: %j', (path, expected) => {
    expect(client.shopImageUrl(path)).toBe(expected);
  });

  it('gives a URL for a path with a lone surrogate instead of throwing (issue 17)', () => {
    expect(client.shopImageUrl('/seed/\ud800a\udc00.png')).toBe(
      'https://api.example.com/shop/images/seed/%EF%BF%BDa%EF%BF%BD.png',
    );
    expect(client.shopImageUrl('/seed/😀.png')).toBe(
      'https://api.example.com/shop/images/seed/%F0%9F%98%80.png',
    );
  });
});

describe('testDriveFileUrl', () => {
  const client = clientWith(async () => json({}), { baseUrl: 'https://api.example.com' });

  it('puts the file the server named on the API origin', () => {
    expect(client.testDriveFileUrl('/test-drive/files/Key_-1/AQADfile')).toBe(
      'https://api.example.com/test-drive/files/Key_-1/AQADfile',
    );
  });

  it.each([
    '//evil.example/x.png',
    'https://evil.example/test-drive/files/a/b',
    '/test-drive/files/a',
    '/test-drive/files/a/b/c',
    '/test-drive/files//b',
    '/uploads/a.png',
  ])('gives nothing for any other path: %j', (path) => {
    expect(client.testDriveFileUrl(path)).toBeNull();
  });

  it('keeps a segment a segment', () => {
    expect(client.testDriveFileUrl('/test-drive/files/..%2F/x?y')).toBe(
      'https://api.example.com/test-drive/files/..%252F/x%3Fy',
    );
  });
});

describe('captchaPictureUrl', () => {
  const client = clientWith(async () => json({}), { baseUrl: 'https://api.example.com' });

  it('puts the picture the server named on the API origin', () => {
    expect(client.captchaPictureUrl('/captcha/pictures/Ab-_09')).toBe(
      'https://api.example.com/captcha/pictures/Ab-_09',
    );
  });

  it.each([
    ['//evil.example/x.svg', 'https://api.example.com/captcha/pictures/'],
    ['https://evil.example/captcha/pictures/x', 'https://api.example.com/captcha/pictures/'],
    [
      '/captcha/pictures/../../api/users',
      'https://api.example.com/captcha/pictures/..%2F..%2Fapi%2Fusers',
    ],
  ])('never leaves it: %j', (path, expected) => {
    expect(client.captchaPictureUrl(path)).toBe(expected);
  });
});
