import type { IncomingMessage, ServerResponse } from 'node:http';
import { UPLOAD_MAX_BYTES } from '@botdeck/core';
import { type DevApi, isDevApiPath, json } from '../http';
import { TEXT } from '../texts';

/**
 * node:http to Fetch and back, so the server runs the same createDevApi as MSW does in the
 * browser.
 */

/**
 * The largest request body read. Above the 5 MB upload limit (a 6 MB file must still reach the
 * handler to get the spec's "exceeds 5 MB" answer) but bounded, so no request fills the memory.
 */
export const MAX_BODY_BYTES = 3 * UPLOAD_MAX_BYTES;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    // Keep reading but drop the rest: answering mid-upload would reset the client's connection.
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
  return new Uint8Array(Buffer.concat(chunks));
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const host = req.headers.host ?? '127.0.0.1';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: await readBody(req) } : {}),
  });
}

export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    res.setHeader(key, value);
  });
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * A connect-style middleware (node:http handlers and Vite's server.middlewares take the same
 * shape): answers the development API's routes and passes every other request on.
 */
export function nodeMiddleware(api: DevApi) {
  return async (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isDevApiPath(path)) {
      next();
      return;
    }
    try {
      let request: Request;
      try {
        request = await toRequest(req);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        // A multipart body carries a file, and the file is what is too large (SPEC's text); any
        // other body (JSON) is told about the request's size, which is what went wrong.
        const upload = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
        const msg = upload
          ? TEXT.fileTooLarge
          : TEXT.requestTooLarge(MAX_BODY_BYTES / (1024 * 1024));
        await sendResponse(res, json({ success: false, msg }, 413));
        return;
      }
      const response = await api.handle(request, { address: req.socket.remoteAddress ?? '' });
      if (response) await sendResponse(res, response);
      else next();
    } catch (error) {
      // What failed stays in the server's log; the caller learns only that it did.
      console.error('botdeck server:', error);
      if (!res.headersSent) {
        await sendResponse(res, json({ success: false, msg: TEXT.serverError }, 500));
      } else res.end();
    }
  };
}
