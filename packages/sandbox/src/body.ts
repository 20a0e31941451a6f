import type { IncomingMessage } from 'node:http';
import { badRequest, TelegramError } from './errors';

/**
 * A Bot API request's parameters, read the way the Bot API server reads them: the query string,
 * then the body (JSON, `application/x-www-form-urlencoded` or `multipart/form-data`), all as
 * text: a JSON body's objects and arrays become their JSON text, numbers and booleans their
 * written form. A method then reads each parameter as Telegram does (an Integer, a Boolean, a
 * JSON-serialized object). Uploaded files are kept apart, by their part's name.
 */

export interface UploadedFile {
  /** The file's name as the client sent it, or the part's name. */
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface RequestArguments {
  fields: Map<string, string>;
  files: Map<string, UploadedFile>;
}

/** Telegram takes uploads up to 50 MB from bots; a larger body is refused before it is read whole. */
const MAX_REQUEST_BYTES = 50 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= MAX_REQUEST_BYTES) chunks.push(buffer);
  }
  if (size > MAX_REQUEST_BYTES) throw new TelegramError(413, 'Request Entity Too Large');
  return Buffer.concat(chunks);
}

/** A JSON body's value as the text Telegram reads it as. */
function asArgument(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function parseArguments(
  query: URLSearchParams,
  contentType: string | undefined,
  body: Buffer,
): RequestArguments {
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile>();
  for (const [key, value] of query) fields.set(key, value);
  const type = (contentType ?? '').toLowerCase();
  if (body.length === 0) return { fields, files };

  if (type.startsWith('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest('JSON object expected');
    }
    for (const [key, item] of Object.entries(value)) {
      const text = asArgument(item);
      if (text !== null) fields.set(key, text);
    }
  } else if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
    const marker = boundary?.[1] ?? boundary?.[2];
    if (!marker) throw badRequest('multipart boundary is not specified');
    for (const part of splitMultipart(body, marker)) {
      if (part.filename === null) fields.set(part.name, part.body.toString('utf8'));
      else {
        files.set(part.name, {
          filename: part.filename || part.name,
          contentType: part.contentType ?? 'application/octet-stream',
          bytes: part.body,
        });
      }
    }
  } else {
    // Form-encoded, and what Telegram treats the same: a body without a known type.
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) fields.set(key, value);
  }
  return { fields, files };
}

interface MultipartPart {
  name: string;
  /** null for a plain field. */
  filename: string | null;
  contentType: string | null;
  body: Buffer;
}

/**
 * The parts of a multipart body. Headers are read leniently, as grammY writes them
 * (`content-disposition:form-data;name="x";filename=photo.jpg`, no spaces, the file name
 * unquoted) and as browsers and curl do.
 */
function splitMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    let start = position + delimiter.length;
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break; // "--": the closing delimiter
    if (body[start] === 0x0d && body[start + 1] === 0x0a) start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // The part ends before the CRLF that precedes the next delimiter.
    let end = next;
    if (body[end - 2] === 0x0d && body[end - 1] === 0x0a) end -= 2;
    const part = body.subarray(start, end);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition\s*:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = readDispositionValue(disposition, 'name');
      if (name !== null) {
        parts.push({
          name,
          filename: readDispositionValue(disposition, 'filename'),
          contentType: /content-type\s*:\s*([^\r\n;]*)/i.exec(headers)?.[1]?.trim() ?? null,
          body: Buffer.from(part.subarray(headerEnd + 4)),
        });
      }
    }
    position = next;
  }
  return parts;
}

function readDispositionValue(disposition: string, key: string): string | null {
  const pattern = new RegExp(`(?:^|;)\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const match = pattern.exec(disposition);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim();
}
