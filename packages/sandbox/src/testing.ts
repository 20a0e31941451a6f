import type { Sandbox } from './sandbox';

/**
 * For the sandbox's own tests: a Bot API call as any HTTP client makes it, answered as Telegram
 * answers (the body and the HTTP status).
 */
export async function callApi(
  sandbox: Sandbox,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{
  status: number;
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}> {
  const response = await fetch(`${sandbox.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, ...((await response.json()) as { ok: boolean }) };
}
