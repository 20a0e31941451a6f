import '@botdeck/ui/tokens.css';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { SWRConfig } from 'swr';
import { COMPONENT_MODES, modeOfGlobals, StoryModeFrame } from '../app/src/dev/story-mode';
import { loadLocale } from '../app/src/i18n';

/**
 * A phone-sized canvas: what a mini app gets inside Telegram on a mid-range Android phone, the
 * narrowest width a layout must fit (360 px, as most of them are).
 */
const PHONE = {
  name: 'Phone (360×800)',
  styles: { width: '360px', height: '800px' },
  type: 'mobile',
} as const;

// The theme and translations of the toolbar's globals (or of the picture the tests are taking).
const withMode: Decorator = (Story, { globals }) => (
  <StoryModeFrame globals={globals}>
    <Story />
  </StoryModeFrame>
);

// A fresh SWR cache per story, so data from one story never shows up in the next.
const withFreshCache: Decorator = (Story) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <Story />
  </SWRConfig>
);

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withFreshCache, withMode],
  loaders: [
    mswLoader(),
    // Load the locale before the story renders, so it never flashes English first.
    async ({ globals }) => ({ locale: await loadLocale(modeOfGlobals(globals).locale) }),
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
    // What Chromatic photographs each story in; the story tests photograph the same list. A
    // screen's stories name all eight modes in their meta (screenStories' base).
    chromatic: { modes: COMPONENT_MODES },
    controls: { expanded: true },
    docs: { toc: true },
    options: {
      storySort: { order: ['Introduction', 'Screens', 'UI', 'Platform'] },
    },
  },
};

export default preview;
