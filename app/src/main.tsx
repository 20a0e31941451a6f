import '@botdeck/ui/tokens.css';
import { createTelegramPlatform, type Platform } from '@botdeck/platform';
import { fetchLater } from '@botdeck/ui';
import type { ReactNode } from 'react';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startLink } from './config';
import { loadLocale } from './i18n';
import { createClientFor } from './shell/api-client';
import { App } from './shell/app';
import { openingLocale, rememberLocale } from './shell/saved-locale';
import { preloadScreenData } from './shell/screen-data';

interface Started {
  platform: Platform;
  frame?: (children: ReactNode) => ReactNode;
}

async function startPlatform(): Promise<Started | null> {
  // The emulator only exists in development builds: this branch is removed from production.
  if (import.meta.env.DEV) {
    const { startEmulator } = await import('./dev/start-emulator');
    return startEmulator();
  }
  const platform = createTelegramPlatform();
  return platform ? { platform } : null;
}

async function boot() {
  const started = await startPlatform();
  if (!started?.platform.user) {
    // Outside Telegram there is no user to act for: send the visitor to Botdeck's bot.
    window.location.replace(startLink());
    return;
  }
  const { platform, frame } = started;
  const client = createClientFor(platform);
  // The screen's answer travels while its language, its chunk and React get ready.
  preloadScreenData(client, window.location);
  // Telegram's CloudStorage, invoices and biometrics come after the first load, before anyone
  // reaches for them (fetchLater: the first interaction, or well after load).
  fetchLater(() => platform.preloadFeatures?.());
  const locale = openingLocale(platform.user?.languageCode ?? null);
  // Load the language before the first paint, so the page never flashes English first.
  await loadLocale(locale).catch(() => undefined);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // Rendered as a transition: React then yields to the browser every few milliseconds while it
  // builds the first screen, instead of holding the main thread for the whole tree (Lighthouse's
  // blocking time, and taps that wait on a slow phone); the first frame is on screen meanwhile.
  // React may then throw a render away and start again, so no state initialiser may have an
  // effect.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App
          platform={platform}
          client={client}
          locale={locale}
          frame={frame}
          onLocaleChange={rememberLocale}
        />
      </StrictMode>,
    );
  });
}

void boot();
