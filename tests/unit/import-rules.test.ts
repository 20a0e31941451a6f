import { describe, expect, it } from 'vitest';
import { findBoundaryBreaks, type ImportOf } from '../../scripts/lib/import-rules.mjs';

/** A dependency tree of one file importing `targets` (resolved files, or bare requests). */
function treeOf(issuer: string, ...targets: (string | [request: string, id: null])[]) {
  const imports: ImportOf[] = targets.map((target) =>
    typeof target === 'string'
      ? { issuer, request: target, id: target }
      : { issuer, request: target[0], id: target[1] },
  );
  return { [issuer]: imports };
}

/** The names of the rules an import breaks. */
function brokenRules(issuer: string, target: string | [string, null]) {
  return findBoundaryBreaks(treeOf(issuer, target)).map((found) => found.rule.name);
}

describe('import rules', () => {
  it('keeps core free of React and of every other package', () => {
    expect(brokenRules('packages/core/src/plans.ts', 'node_modules/react/index.js')).toEqual([
      'core-is-pure',
    ]);
    expect(brokenRules('packages/core/src/plans.ts', 'packages/api/src/index.ts')).toEqual([
      'core-is-pure',
    ]);
    expect(brokenRules('packages/core/src/plans.ts', 'locales/en.json')).toEqual(['core-is-pure']);
    expect(brokenRules('packages/core/src/plans.ts', 'packages/core/src/constants.ts')).toEqual([]);
    expect(brokenRules('packages/core/src/plans.ts', 'node_modules/zod/mini/index.js')).toEqual([]);
  });

  it('keeps the design system away from data, routes and the app', () => {
    const button = 'packages/ui/src/button/button.tsx';
    expect(brokenRules(button, 'packages/api/src/index.ts')).toEqual(['ui-knows-no-data']);
    expect(brokenRules(button, 'packages/platform/src/index.ts')).toEqual(['ui-knows-no-data']);
    expect(brokenRules(button, 'node_modules/wouter/esm/index.js')).toEqual(['ui-knows-no-data']);
    expect(brokenRules(button, 'node_modules/swr/dist/index/index.mjs')).toEqual([
      'ui-knows-no-data',
    ]);
    expect(brokenRules(button, 'app/src/shell/paths.ts')).toEqual(['ui-knows-no-data']);
    expect(brokenRules(button, 'packages/core/src/index.ts')).toEqual([]);
    expect(brokenRules(button, 'node_modules/react/index.js')).toEqual([]);
  });

  it('lets no package below the app import the design system or the app', () => {
    expect(brokenRules('packages/api/src/client.ts', 'packages/ui/src/index.ts')).toEqual([
      'packages-never-import-ui-or-app',
    ]);
    expect(brokenRules('packages/server/src/msw.ts', 'app/src/config.ts')).toEqual([
      'packages-never-import-ui-or-app',
    ]);
    expect(brokenRules('packages/server/src/msw.ts', 'packages/api/src/index.ts')).toEqual([]);
    expect(brokenRules('packages/sandbox/src/server.ts', 'app/src/config.ts')).toEqual([
      'packages-never-import-ui-or-app',
      'sandbox-plays-telegram',
    ]);
  });

  it('keeps the sandbox from every Botdeck package: it plays Telegram', () => {
    const server = 'packages/sandbox/src/server.ts';
    expect(brokenRules(server, 'packages/core/src/index.ts')).toEqual(['sandbox-plays-telegram']);
    expect(brokenRules(server, '@botdeck/core')).toEqual(['sandbox-plays-telegram']);
    expect(brokenRules(server, 'packages/server/src/index.ts')).toEqual(['sandbox-plays-telegram']);
    expect(brokenRules(server, 'packages/api/src/index.ts')).toEqual(['sandbox-plays-telegram']);
    expect(brokenRules(server, 'packages/platform/src/index.ts')).toEqual([
      'sandbox-plays-telegram',
    ]);
    expect(brokenRules(server, 'locales/en.json')).toEqual(['sandbox-plays-telegram']);
    expect(brokenRules(server, 'packages/sandbox/src/world.ts')).toEqual([]);
    expect(brokenRules(server, 'node_modules/@grammyjs/types/mod.js')).toEqual([]);
    // The server may use the sandbox (development and tests start it).
    expect(brokenRules('packages/server/src/main.ts', 'packages/sandbox/src/index.ts')).toEqual([]);
  });

  it('keeps screens apart but lets a screen import its own files', () => {
    const lists = 'app/src/features/lists/list-screen.tsx';
    expect(brokenRules(lists, 'app/src/features/messages/message-list.tsx')).toEqual([
      'features-stay-apart',
    ]);
    expect(brokenRules(lists, 'app/src/features/lists/create-item-dialog.tsx')).toEqual([]);
    expect(brokenRules(lists, 'app/src/shell/paths.ts')).toEqual([]);
  });

  it('keeps screens from importing the router that loads them', () => {
    const lists = 'app/src/features/lists/list-screen.tsx';
    expect(brokenRules(lists, 'app/src/shell/routes.tsx')).toEqual([
      'screens-never-import-the-router',
    ]);
    expect(brokenRules(lists, 'app/src/shell/app-router.tsx')).toEqual([
      'screens-never-import-the-router',
    ]);
    expect(brokenRules('app/src/shell/app.tsx', 'app/src/shell/app-router.tsx')).toEqual([]);
  });

  it('lets only development code and stories reach the development backend', () => {
    const backend = 'packages/server/src/index.ts';
    expect(brokenRules('app/src/shell/app.tsx', backend)).toEqual(['dev-backend-only-in-dev-code']);
    expect(brokenRules('app/src/features/lists/list-screen.tsx', backend)).toEqual([
      'dev-backend-only-in-dev-code',
    ]);
    expect(brokenRules('app/src/dev/screen-story.tsx', backend)).toEqual([]);
    expect(brokenRules('app/src/features/lists/lists.stories.tsx', backend)).toEqual([]);
  });

  it('judges an import that resolved to nothing by what was written', () => {
    expect(brokenRules('packages/ui/src/button/button.tsx', ['wouter', null])).toEqual([
      'ui-knows-no-data',
    ]);
    expect(brokenRules('packages/core/src/plans.ts', ['react/jsx-runtime', null])).toEqual([
      'core-is-pure',
    ]);
    expect(brokenRules('packages/core/src/plans.ts', ['@botdeck/api', null])).toEqual([
      'core-is-pure',
    ]);
    // A name that merely starts like a forbidden one is another package.
    expect(brokenRules('packages/core/src/plans.ts', ['react-hook-form', null])).toEqual([]);
  });
});
