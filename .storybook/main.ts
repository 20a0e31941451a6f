import type { StorybookConfig } from '@storybook/react-vite';
import { screenTexts } from '../app/build/screen-texts-plugin.ts';

/**
 * Stories come from the design system, the platform emulator and the app's screens. Docs pages
 * (MDX) live beside them; the Introduction page is in this folder.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: [
    './introduction.mdx',
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
    '../app/src/**/*.mdx',
    '../app/src/**/*.stories.@(ts|tsx)',
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  // Screens take their own English texts from en.json?screen, as in the app's build; FUZZ_SEED
  // from the shell replays a run of the hostile-answers stories, as it does the client's test.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    plugins: [...(viteConfig.plugins ?? []), screenTexts()],
    define: {
      ...viteConfig.define,
      'import.meta.env.FUZZ_SEED': JSON.stringify(process.env.FUZZ_SEED ?? ''),
    },
  }),
  typescript: {
    // react-docgen-typescript needs the classic TypeScript compiler API, which TypeScript 7
    // does not have; react-docgen reads the props from the source without it.
    reactDocgen: 'react-docgen',
  },
};

export default config;
