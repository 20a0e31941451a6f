import type { BuildEnvironmentOptions } from 'vite';

/**
 * How the app is built for production, shared with the bench's floor app
 * (scripts/floor-app/vite.config.ts), so the floor it is measured against is built the same way.
 */
export const productionBuild = {
  // Telegram's in-app browsers are current Chromium and WebKit; a modern target keeps it small.
  target: 'es2022',
  // No source maps in what is published: they would hand out the whole source, comments and
  // all, to anyone who opens the app (docs/decisions.md).
  sourcemap: false,
  // The bench reads the manifest to tell what each route loads first.
  manifest: true,
  // No polyfill for <link rel="modulepreload"> in the first bundle: every Telegram client whose
  // browser lacks it (iOS before 17) simply loads those modules when they are imported, as
  // without a preload; the polyfill cost every first load 0.5 KB gzip to fetch them earlier.
  modulePreload: { polyfill: false },
  rolldownOptions: {
    output: {
      // Everything the first paint needs in one file: left to itself, Rolldown cuts the shell
      // into six (React, i18n, two small modules of core, its runtime helpers, the rest), and
      // each extra file costs a request and compresses worse on its own.
      codeSplitting: {
        groups: [
          { name: 'shell', tags: ['$initial'] },
          // The icons the shell does not draw, in one chunk that every screen with an icon
          // shares: left to itself, Rolldown gives each icon a chunk of its own (one per set
          // of screens drawing it), a dozen 200-byte requests on the message editor.
          { name: 'icons', test: /packages\/ui\/src\/icons\// },
          // The rules of core the API's schemas share with screens, in one chunk: left to
          // itself, Rolldown gives each a chunk of its own (the set of screens importing each
          // differs), six requests of 0.5 to 0.9 KB beside every data screen's first request,
          // which loads them all with the schemas anyway. A module that joins them shows as a
          // new chunk on the bench's "(API schemas)" row.
          {
            name: 'core-shared',
            test: /packages\/core\/src\/(moderation|plans|permissions|media|buttons|effects)\.ts$/,
          },
        ],
      },
    },
  },
} satisfies BuildEnvironmentOptions;
