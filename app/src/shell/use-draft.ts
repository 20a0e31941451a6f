import { usePlatform } from '@botdeck/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { draftStoreFor } from './drafts';

/** How long typing must pause before the draft is written (each write is a CloudStorage call). */
const DRAFT_SAVE_DELAY_MS = 400;

export interface Draft<T> {
  /**
   * What was kept under the key when it was opened: undefined while it is being read, null when
   * there is none (or it no longer fits `parse`). It does not follow later saves.
   */
  stored: T | null | undefined;
  /** Keeps `value` after a short pause; a newer call replaces a pending one. */
  save: (value: T) => void;
  /** Forgets the draft, a pending save included. */
  clear: () => void;
}

interface Pending {
  key: string;
  value: unknown;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * The unsaved edits of one form, kept in Telegram's CloudStorage (localStorage outside Telegram)
 * under `key` so an accidental close loses nothing (docs/decisions.md). A pending save is written
 * at once when the key changes, the screen unmounts or the page is hidden (Telegram closing), so
 * the last keystrokes are not lost to the pause. Storage failures are logged, never shown: a
 * draft is a safety net, not something the user asked for.
 *
 * @param key where the draft lives (see drafts.ts for the limits); null while it is not known
 * @param parse checks what was stored against today's shape; null throws it away
 */
export function useDraft<T>(key: string | null, parse: (raw: unknown) => T | null): Draft<T> {
  const platform = usePlatform();
  const store = draftStoreFor(platform.cloudStorage);
  const [read, setRead] = useState<{ key: string; value: T | null } | null>(null);
  const pending = useRef<Pending | null>(null);
  // Whether anything may be stored under the key, so clearing a clean form costs no call.
  const mayExist = useRef(true);
  const savedSinceOpen = useRef(false);
  const parseRef = useRef(parse);
  useEffect(() => {
    parseRef.current = parse;
  });

  const flush = useCallback(() => {
    const current = pending.current;
    if (!current) return;
    clearTimeout(current.timer);
    pending.current = null;
    store.write(current.key, current.value).catch((error: unknown) => {
      console.error('Could not keep the draft', current.key, error);
    });
  }, [store]);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    mayExist.current = true;
    savedSinceOpen.current = false;
    store.read(key).then(
      (raw) => {
        const value = raw === null ? null : parseRef.current(raw);
        if (raw === null && !savedSinceOpen.current) mayExist.current = false;
        if (live) setRead({ key, value });
      },
      (error: unknown) => {
        console.error('Could not read the draft', key, error);
        if (live) setRead({ key, value: null });
      },
    );
    return () => {
      live = false;
      flush();
    };
  }, [key, store, flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [flush]);

  const save = useCallback(
    (value: T) => {
      if (key === null) return;
      if (pending.current) clearTimeout(pending.current.timer);
      mayExist.current = true;
      savedSinceOpen.current = true;
      pending.current = { key, value, timer: setTimeout(flush, DRAFT_SAVE_DELAY_MS) };
    },
    [key, flush],
  );

  const clear = useCallback(() => {
    if (key === null) return;
    if (pending.current) {
      clearTimeout(pending.current.timer);
      pending.current = null;
    }
    if (!mayExist.current) return;
    mayExist.current = false;
    store.remove(key).catch((error: unknown) => {
      console.error('Could not remove the draft', key, error);
    });
  }, [key, store]);

  return { stored: read && read.key === key ? read.value : undefined, save, clear };
}
