import type { UploadInput } from './types';

/** How uploaded files are named and typed: the same for every upload storage. */

/** Upload names are generated, never taken from the client, and only ever match this. */
export const UPLOAD_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]{1,8})?$/;
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  txt: 'text/plain',
  zip: 'application/zip',
  json: 'application/json',
};

/** The content type a stored file is served with, from its extension. */
export function typeFromName(name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

function extensionFor(file: Pick<UploadInput, 'name' | 'type'>): string {
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1]?.toLowerCase();
  if (fromName) return `.${fromName}`;
  const fromType = Object.entries(EXTENSION_TYPES).find(([, type]) => type === file.type)?.[0];
  return fromType ? `.${fromType}` : '';
}

/** A fresh upload name: random, so names never collide and never come from the client. */
export function newUploadName(file: Pick<UploadInput, 'name' | 'type'>): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${id}${extensionFor(file)}`;
}

/**
 * A photo reference that names an upload (a picture copied from Telegram); the seed's made-up
 * references (`photo-bot-2`) have no extension and do not.
 */
export function isUploadedPhoto(reference: string | null): reference is string {
  return reference !== null && UPLOAD_NAME.test(reference) && /\.[a-z0-9]+$/.test(reference);
}
