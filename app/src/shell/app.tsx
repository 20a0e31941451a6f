import { type Platform, PlatformProvider, useThemeSync } from '@botdeck/platform';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { I18nProvider, type Locale } from '../i18n';
import { AppRouter } from './app-router';
import styles from './shell.module.css';

export interface AppProps {
  platform: Platform;
  locale: Locale;
  /** Wraps the app in development: the emulator's drawn Telegram buttons and sheets. */
  frame?: (children: ReactNode) => ReactNode;
}

function ThemeSync({ platform }: { platform: Platform }) {
  useThemeSync(platform);
  return null;
}

/** The whole app: platform, theme, language and data cache around the router. */
export function App({ platform, locale, frame = (children) => children }: AppProps) {
  return (
    <PlatformProvider platform={platform}>
      <ThemeSync platform={platform} />
      <I18nProvider locale={locale}>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          {frame(
            <main className={styles.main}>
              <AppRouter />
            </main>,
          )}
        </SWRConfig>
      </I18nProvider>
    </PlatformProvider>
  );
}
