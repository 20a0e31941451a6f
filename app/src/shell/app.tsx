import { type ApiClient, ApiProvider } from '@botdeck/api';
import { type Platform, PlatformProvider, useThemeSync } from '@botdeck/platform';
import type { ReactNode } from 'react';
import { I18nProvider, type Locale } from '../i18n';
import { AppRouter } from './app-router';
import { MemoryOnlyNotice } from './memory-only-notice';
import styles from './shell.module.css';

export interface AppProps {
  platform: Platform;
  /** The API client acting for the platform's user (shell/api-client.ts). */
  client: ApiClient;
  locale: Locale;
  /** Wraps the app in development: the emulator's drawn Telegram buttons and sheets. */
  frame?: (children: ReactNode) => ReactNode;
  /** Called after the user switched language (on /lang), to open in it next time. */
  onLocaleChange?: (locale: Locale) => void;
}

function ThemeSync({ platform }: { platform: Platform }) {
  useThemeSync(platform);
  return null;
}

/** The whole app: platform, theme, language and API client around the router. */
export function App({
  platform,
  client,
  locale,
  frame = (children) => children,
  onLocaleChange,
}: AppProps) {
  return (
    <PlatformProvider platform={platform}>
      <ThemeSync platform={platform} />
      <I18nProvider locale={locale} onLocaleChange={onLocaleChange}>
        <ApiProvider client={client}>
          {frame(
            <main className={styles.main}>
              <MemoryOnlyNotice />
              <AppRouter />
            </main>,
          )}
        </ApiProvider>
      </I18nProvider>
    </PlatformProvider>
  );
}
