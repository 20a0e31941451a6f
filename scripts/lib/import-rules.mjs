// The house rules of imports, in one place: which package may import which, that screens never
// import each other, that only development code reaches the development backend, and that
// nothing imports in a circle. `scripts/check-imports.mjs` applies them to the dependency graph
// dpdm reads from the sources (type-only imports included: a type ties two owners together too);
// docs/architecture.md draws the same map.

/** A workspace package, as a resolved file (`packages/ui/src/index.ts`) or as written (`@botdeck/ui`). */
const workspace = (folder, name) => new RegExp(`^(packages/${folder}/|@botdeck/${name}(/|$))`);
/** A dependency, as a resolved file (`node_modules/react/index.js`) or as written (`react/jsx-runtime`). */
const dependency = (...names) => new RegExp(`^(node_modules/)?(${names.join('|')})(/|$)`);

const CORE = workspace('core', 'core');
const UI = workspace('ui', 'ui');
const API = workspace('api', 'api');
const PLATFORM = workspace('platform', 'platform');
const DEV_SERVER = workspace('server', 'server');
const SANDBOX = workspace('sandbox', 'sandbox');
const APP = /^(app\/|@botdeck\/app(\/|$))/;
const LOCALES = /^locales\//;
const REACT = dependency('react', 'react-dom');
const ROUTER_OR_FETCHING = dependency('wouter', 'swr');

/** Story files show a part with made-up data and may reach the development backend for it. */
const STORY = /\.stories\.tsx?$/;

/**
 * One rule: no import from a file matching `from` (and not `except`) to a module matching `to`.
 * `to` is tested against the resolved file (`node_modules/react/index.js`,
 * `packages/ui/src/index.ts`), or the import as written when it resolves to nothing.
 * @typedef {{ name: string, why: string, from: RegExp, except?: RegExp, to: RegExp[] }} ImportRule
 */

/** @type {ImportRule[]} */
const IMPORT_RULES = [
  {
    name: 'core-is-pure',
    why: 'core is pure TypeScript and the one home of every rule: no React, no other package, no app or locale file.',
    from: CORE,
    to: [REACT, UI, API, PLATFORM, DEV_SERVER, APP, LOCALES],
  },
  {
    name: 'ui-knows-no-data',
    why: 'ui knows no API, platform, backend, route, data fetching, app or locale file: pass data, texts, hrefs and callbacks in as props.',
    from: UI,
    to: [API, PLATFORM, DEV_SERVER, APP, LOCALES, ROUTER_OR_FETCHING],
  },
  {
    name: 'packages-never-import-ui-or-app',
    why: 'only the app assembles ui with data, and packages never import the app.',
    from: /^packages\/(api|platform|server|sandbox)\//,
    to: [UI, APP],
  },
  {
    // The sandbox plays Telegram: were it to share Botdeck's code (core's HTML rule, its initData
    // signing), a mistake there would be made on both sides of the test and never show.
    name: 'sandbox-plays-telegram',
    why: 'the sandbox is Telegram, not Botdeck: it imports no Botdeck package, no app and no locale file.',
    from: SANDBOX,
    to: [CORE, UI, API, PLATFORM, DEV_SERVER, APP, LOCALES],
  },
  {
    name: 'features-stay-apart',
    why: 'screens never import each other: move the shared piece down into @botdeck/ui or @botdeck/core, or up into app/src/shell.',
    from: /^app\/src\/features\//,
    to: [/^app\/src\/features\//],
  },
  {
    // The router finds the screens with import.meta.glob, which the import graph cannot follow:
    // this rule is what keeps a screen from importing its way back into the router.
    name: 'screens-never-import-the-router',
    why: 'the router loads the screens; a screen builds links with app/src/shell/paths.ts.',
    from: /^app\/src\/features\//,
    to: [/^app\/src\/shell\/(routes|app-router)\.tsx$/],
  },
  {
    name: 'dev-backend-only-in-dev-code',
    why: 'the app reaches the development backend only through app/src/dev (the emulator start and the story helper) and story files.',
    from: /^app\/src\//,
    except: new RegExp(`^app/src/dev/|${STORY.source}`),
    to: [DEV_SERVER],
  },
];

/** The feature folder of a file under app/src/features, or null. */
function featureOf(file) {
  return /^app\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/**
 * Every import that breaks a rule, from a dpdm dependency tree (file → its imports).
 * @param {Record<string, ReadonlyArray<{ issuer: string, request: string, id: string | null }> | null>} tree
 * @param {ImportRule[]} [rules]
 * @returns {{ rule: ImportRule, issuer: string, target: string }[]}
 */
export function findBoundaryBreaks(tree, rules = IMPORT_RULES) {
  const breaks = [];
  for (const [issuer, imports] of Object.entries(tree)) {
    for (const dependency of imports ?? []) {
      const target = dependency.id ?? dependency.request;
      for (const rule of rules) {
        if (!rule.from.test(issuer) || rule.except?.test(issuer)) continue;
        if (!rule.to.some((pattern) => pattern.test(target))) continue;
        // A feature may import its own files.
        const feature = featureOf(issuer);
        if (feature !== null && featureOf(target) === feature) continue;
        breaks.push({ rule, issuer, target });
      }
    }
  }
  return breaks;
}
