import type { Api } from 'grammy';
import type { Store } from '../store/types';
import { isUploadedPhoto, typeFromName } from '../store/upload-names';

/**
 * Profile photos (SERVER.md sections 3 and 4): a bot's photo when it is added or given a new
 * token, a person's when they first write to a bot. Telegram's picture is copied into the
 * bot's uploads and its name stored as the photo, which `GET /photo` serves: the Mini App never
 * asks Telegram, and a token never reaches a browser in a file address.
 *
 * A photo is a nicety: every failure here is logged and leaves the photo as it was, and nothing
 * waits for it (an add answers, a /start is answered, before the photo is fetched).
 */

/** Telegram's profile pictures are 640 px at most; anything larger is not one. */
const MAX_PHOTO_BYTES = 1024 * 1024;
/** The avatars are drawn at 48 px at most: 160 px covers a 3× screen. */
const WANTED_WIDTH = 160;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

interface FetchedPhoto {
  bytes: Uint8Array;
  type: string;
  /** The name it is uploaded under (the storage keeps only its extension). */
  name: string;
}

/**
 * The newest profile photo of `userId` (a person or a bot) as this bot's client sees it, in
 * the smallest size that fills an avatar; null when there is none.
 */
async function fetchProfilePhoto(
  api: Api,
  apiRoot: string,
  userId: number,
): Promise<FetchedPhoto | null> {
  const photos = await api.getUserProfilePhotos(userId, { limit: 1 });
  const sizes = photos.photos[0];
  if (!sizes || sizes.length === 0) return null;
  const size = sizes.find((s) => s.width >= WANTED_WIDTH) ?? sizes.at(-1);
  if (!size || (size.file_size ?? 0) > MAX_PHOTO_BYTES) return null;
  const file = await api.getFile(size.file_id);
  if (!file.file_path) return null;
  const type = typeFromName(file.file_path);
  if (!PHOTO_TYPES.has(type)) return null;
  const response = await fetch(`${apiRoot}/file/bot${api.token}/${file.file_path}`, {
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length === 0 || bytes.length > MAX_PHOTO_BYTES) return null;
  const extension = /\.[a-z0-9]+$/i.exec(file.file_path)?.[0] ?? '';
  return { bytes, type, name: `photo${extension}` };
}

/** Fetches the bot's own photo into its uploads and stores it (the old one removed). */
export async function keepBotPhoto(
  store: Store,
  api: Api,
  apiRoot: string,
  bot: { id: number; telegram_id: number },
): Promise<void> {
  const photo = await fetchProfilePhoto(api, apiRoot, bot.telegram_id);
  const name = photo ? await store.uploads.put(bot.id, photo) : null;
  const old = await store.write(async (tx) => {
    const stored = await tx.bots.get(bot.id);
    // Deleted meanwhile: the new file goes with it.
    if (!stored) return name;
    await tx.bots.update(bot.id, { photo: name });
    return stored.photo;
  });
  if (isUploadedPhoto(old) && old !== name) await store.uploads.remove(old);
}

/**
 * Fetches a person's photo into the bot's uploads when they have none yet. Kept under the bot
 * that first saw them: deleting that bot takes the file, and /photo draws their initial again.
 */
export async function keepPersonPhoto(
  store: Store,
  api: Api,
  apiRoot: string,
  botId: number,
  userId: number,
): Promise<void> {
  const photo = await fetchProfilePhoto(api, apiRoot, userId);
  if (!photo) return;
  const name = await store.uploads.put(botId, photo);
  const kept = await store.write(async (tx) => {
    const person = await tx.people.get(userId);
    // Another bot's chat fetched it first (or the person is gone): keep theirs.
    if (!person || person.photo !== null) return false;
    await tx.people.put({ ...person, photo: name });
    return true;
  });
  if (!kept) await store.uploads.remove(name);
}
