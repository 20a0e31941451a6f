import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { browserEnv, CHROMIUM_FLAGS } from './scripts/lib/chromium.mjs';
import {
  comparePicture,
  notePictureProblems,
  TEST_WINDOW,
  windowHeight,
} from './tests/visual/picture-command.ts';

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

/**
 * Story pages, and Node workers for the unit and end-to-end files, each: Vitest runs projects
 * side by side only when their worker counts match (else it refuses to start), and the unit and
 * end-to-end files share one pool of this many workers (projects of one group share it;
 * end-to-end files are queued first, by project name). Two on a 2-core machine. Three were
 * faster (npm test 487 s warm against 508–519 s, 467 s on a fresh clone: with two pages the
 * machine is only about 75% busy once the Node files have ended), but three end-to-end browsers
 * beside three story pages made their waits run out: a screen took over 10 s to appear after
 * its code was let through (first-frame.e2e.test.ts), so a green run was no longer certain.
 */
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          maxWorkers: WORKERS,
          // Unit files share the machine with the story pages and the end-to-end servers: on a
          // loaded machine a property test's 200 runs (zod-arbitraries' email) and the wait for a
          // stubborn child to end (processes.test.ts) passed Vitest's 5 s default.
          testTimeout: 20_000,
          // Files share their worker's modules instead of importing them afresh each (zod's
          // schemas, fast-check, the dev server): 142 → 74 CPU-seconds for the unit project.
          // No unit test mocks a module or leaves a global changed; the project passes in
          // shuffled file order (`--sequence.shuffle.files`), which is how to check a new one.
          isolate: false,
          // A throwaway PostgreSQL cluster for the server's database tests, started in the
          // background once per run (tests/support/postgres-setup.ts).
          globalSetup: ['./tests/support/postgres-setup.ts'],
          include: [
            'packages/*/src/**/*.test.ts',
            'app/src/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
        },
      },
      {
        // The handlers' tests again, on the database: their in-memory store is replaced by one
        // over PGlite (packages/server/src/db/memory-on-database.testing.ts), so every rule is
        // checked on both stores the server has.
        resolve: {
          alias: [
            {
              find: /^(\.\.?\/)+store\/memory$/,
              replacement: fileURLToPath(
                new URL('./packages/server/src/db/memory-on-database.testing.ts', import.meta.url),
              ),
            },
          ],
        },
        test: {
          name: 'unit-database',
          environment: 'node',
          maxWorkers: WORKERS,
          isolate: false,
          // Opens the worker's database before its first file (up to a minute on a loaded machine).
          setupFiles: ['./packages/server/src/db/database-setup.testing.ts'],
          // A test that makes several stores resets the database for each (0.1 to 1 s loaded).
          testTimeout: 30_000,
          include: [
            'packages/server/src/api/*.test.ts',
            'packages/server/src/auth-refusals.test.ts',
            'packages/server/src/contract.test.ts',
            'packages/server/src/http.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          // The built app and server, and a throwaway PostgreSQL for the servers that share one.
          globalSetup: ['./tests/e2e/global-setup.ts', './tests/support/postgres-setup.ts'],
          // One browser and one server per file, beside the stories rather than after them:
          // after them, the suite's last 150 s left the story pages' share of the machine idle
          // (npm test 566 → 519 s warm). Workers keep their modules between files: a fresh
          // worker per file (Playwright, the servers' code) cost ~6 s between files.
          maxWorkers: WORKERS,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // What a test waits for (a server round trip, a lazily loaded chunk, the captcha's
          // two seconds) gets 8 s, not expect.poll's 1 s: the stories share the machine.
          expect: { poll: { timeout: 8_000 } },
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
          // Several pages (each its own browser context, so storage is never shared): one page
          // left a 2-core machine 40% idle (545 s → 408 s for 785 stories with two).
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          // The hooks of vitest.setup.storybook.ts: a story's eight pictures after it, and before
          // it the pointer moved out of the way, which once waited over 5 s on the loaded machine.
          hookTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromiumPath,
                args: chromiumFlags,
                env: browserEnv(),
              },
              // Just larger than the phone (tests/visual/picture-command.ts says why no larger).
              contextOptions: {
                viewport: TEST_WINDOW,
                deviceScaleFactor: 1,
                // Animations stop (tokens.css honours reduced motion), so screenshots are stable.
                reducedMotion: 'reduce',
                // Dates show in the reader's time zone (the shop's sales): one zone for every
                // machine, so their pictures are the same everywhere.
                timezoneId: 'UTC',
              },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
            // The picture check of vitest.setup.storybook.ts (and the fit problems it notes after
            // the pictures), and the window a tall picture needs.
            commands: { comparePicture, notePictureProblems, windowHeight },
          },
        },
      },
    ],
  },
});
