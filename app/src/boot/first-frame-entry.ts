// index.html's first frame, inlined there by app/build/first-frame-plugin.ts and run as the page
// is parsed, before the bundle (and its Telegram bridge) has arrived: what Telegram says of the
// reader is read from the launch parameters in the address (launch-params.ts).

import { files, texts } from 'virtual:botdeck-first-frame';
import { colorSchemeOf, isHexColor } from '@botdeck/core';
import { applyTheme, browserStorage, TELEGRAM_STORED_KEYS, tabStorage } from '@botdeck/platform';
import { SAVED_LOCALE_KEY } from '../shell/pick-locale';
import { firstFrameFor, paintFirstFrame, preload, preloadsFor } from './first-frame';
import { readLaunchParams } from './launch-params';

// Where the browser blocks storage, tabStorage reads nothing: the address alone then.
const launch = readLaunchParams(window.location.hash, {
  params: tabStorage.getItem(TELEGRAM_STORED_KEYS.params),
  themeParams: tabStorage.getItem(TELEGRAM_STORED_KEYS.themeParams),
});
// Telegram's colours from the first paint, as its script and the app will set them, so a dark
// client never flashes the stylesheet's light defaults.
const background = launch.themeParams.bg_color;
if (isHexColor(background)) applyTheme(launch.themeParams, colorSchemeOf(background));

const frame = firstFrameFor(texts, {
  pathname: window.location.pathname,
  saved: browserStorage.getItem(SAVED_LOCALE_KEY),
  telegramLanguage: launch.languageCode,
});
paintFirstFrame(document, frame);
// The screen's chunks and the reader's texts, once the frame is painted rather than before:
// starting each preload costs the page's one thread time (most under DevTools, as Lighthouse
// measures), and the paint is what the reader is waiting for. They still arrive long before the
// bundle asks for them.
// On an entry screen's own page (app/build/entry-builds-plugin.ts) the screen is in the bundle:
// the table then names its texts alone.
requestAnimationFrame(() => {
  setTimeout(() => preload(document, preloadsFor(files, window.location.pathname, frame.lang)), 0);
});
