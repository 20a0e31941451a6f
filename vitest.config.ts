import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { browserEnv, CHROMIUM_FLAGS } from './scripts/lib/chromium.mjs';

// scripts/test.mjs finds or installs Chromium and passes it here; Playwright's own browser
// download does not work on our machines, so Debian's chromium is the browser.
const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

const chromiumFlags = [
  ...CHROMIUM_FLAGS,
  // Screenshots must not depend on the machine's font hinting or colour profile (nor on its
  // fonts: browserEnv() pins them, see scripts/lib/fonts.conf).
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'app/src/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['./tests/e2e/global-setup.ts'],
          // One browser and one server per file; files run one after another.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        plugins: [
          storybookTest({
            configDir: fileURLToPath(new URL('./.storybook', import.meta.url)),
            storybookScript: 'npm run storybook -- --no-open',
          }),
        ],
        test: {
          name: 'storybook',
          setupFiles: ['./vitest.setup.storybook.ts'],
          // Story files share one page instead of a fresh frame each: a fresh frame re-imports
          // Storybook, the preview and MSW's worker for every file, which was 40% of the run
          // (442 s → 194 s for 431 stories on 2 cores). Stories stay independent: each renders
          // afresh, and vitest.setup.storybook.ts resets storage, scroll, focus and the pointer
          // before each one.
          isolate: false,
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath,
                args: chromiumFlags,
                env: browserEnv(),
              },
              // Larger than the phone canvas, so the story's 390×844 iframe is never scaled down,
              // and tall enough for the frame to grow to a long screen's full height for its
              // screenshot (vitest.setup.storybook.ts) without being shrunk to fit the window.
              contextOptions: {
                viewport: { width: 1280, height: 8000 },
                deviceScaleFactor: 1,
                // Animations stop (tokens.css honours reduced motion), so screenshots are stable.
                reducedMotion: 'reduce',
              },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: {
                  // About 0.2% of a phone screen: a Chromium update's anti-aliasing passes, a
                  // 2 px layout shift does not.
                  allowedMismatchedPixelRatio: 0.002,
                },
              },
            },
          },
        },
      },
    ],
  },
});
