// index.html's first frame, inlined there by app/build/first-frame-plugin.ts and run as the page
// is parsed, before the bundle has arrived: Telegram's script (in <head>) has run, the app not yet.

import { files, texts } from 'virtual:botdeck-first-frame';
import { browserStorage } from '@botdeck/platform';
import { SAVED_LOCALE_KEY } from '../shell/pick-locale';
import { firstFrameFor, paintFirstFrame, preload, preloadsFor } from './first-frame';

interface TelegramGlobal {
  Telegram?: { WebApp?: { initDataUnsafe?: { user?: { language_code?: string } } } };
}

paintFirstFrame(
  document,
  firstFrameFor(texts, {
    pathname: window.location.pathname,
    saved: browserStorage.getItem(SAVED_LOCALE_KEY),
    telegramLanguage:
      (window as TelegramGlobal).Telegram?.WebApp?.initDataUnsafe?.user?.language_code ?? null,
  }),
);
preload(document, preloadsFor(files, window.location.pathname));
