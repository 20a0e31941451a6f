import '@botdeck/ui/tokens.css';
import { applyTheme, TELEGRAM_DARK, TELEGRAM_LIGHT } from '@botdeck/platform';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { SWRConfig } from 'swr';
import { I18nProvider, isLocale, type Locale, loadLocale } from '../app/src/i18n';

/** A phone-sized canvas: what a mini app gets inside Telegram on a mid-range phone. */
const PHONE = {
  name: 'Phone (390×844)',
  styles: { width: '390px', height: '844px' },
  type: 'mobile',
} as const;

const withTheme: Decorator = (Story, { globals }) => {
  const scheme = globals.theme === 'dark' ? 'dark' : 'light';
  applyTheme(scheme === 'dark' ? TELEGRAM_DARK : TELEGRAM_LIGHT, scheme);
  return <Story />;
};

const localeOf = (value: unknown): Locale =>
  typeof value === 'string' && isLocale(value) ? value : 'en';

const withLocale: Decorator = (Story, { globals }) => {
  const locale = localeOf(globals.locale);
  return (
    <I18nProvider locale={locale}>
      <Story />
    </I18nProvider>
  );
};

// A fresh SWR cache per story, so data from one story never shows up in the next.
const withFreshCache: Decorator = (Story) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <Story />
  </SWRConfig>
);

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withFreshCache, withLocale, withTheme],
  loaders: [
    mswLoader(),
    // Load the locale before the story renders, so it never flashes English first.
    async ({ globals }) => ({ locale: await loadLocale(localeOf(globals.locale)) }),
  ],
  globalTypes: {
    theme: {
      description: 'Telegram theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Telegram light' },
          { value: 'dark', title: 'Telegram dark' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', right: 'LTR', title: 'English' },
          { value: 'ar', right: 'RTL', title: 'العربية' },
          { value: 'ru', right: 'LTR', title: 'Русский' },
          { value: 'tr', right: 'LTR', title: 'Türkçe' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: 'light',
    locale: 'en',
    viewport: { value: 'phone', isRotated: false },
  },
  parameters: {
    layout: 'fullscreen',
    viewport: { options: { phone: PHONE } },
    a11y: {
      test: 'error',
      // In the test run only violations fail a story, so axe skips gathering the nodes that
      // pass (about a third of its time); Storybook's panel keeps every result for designers.
      options: import.meta.env.MODE === 'test' ? { resultTypes: ['violations'] } : {},
    },
    controls: { expanded: true },
    docs: { toc: true },
    options: {
      storySort: { order: ['Introduction', 'Screens', 'UI', 'Platform'] },
    },
  },
};

export default preview;
