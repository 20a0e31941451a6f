import { existsSync, readFileSync } from 'node:fs';
import { ROUTES } from '@botdeck/api';
import { describe, expect, it } from 'vitest';
import { MUTATING_CONTROLS, READ_CALLS } from './mutating-controls';

const FEATURES = new URL('../features/', import.meta.url);

/** Every call key of ROUTES ('bots', 'lists.menu.create', …). */
function callKeys(table: object): string[] {
  return Object.values(table).flatMap((value: object) =>
    'key' in value ? [String(value.key)] : callKeys(value),
  );
}

const calls = callKeys(ROUTES);
const covered = new Set(MUTATING_CONTROLS.map((entry) => entry.call));

describe('the mutating controls of issue 17', () => {
  it('cover every call of ROUTES that changes something', () => {
    const uncovered = calls.filter(
      (call) => !covered.has(call as never) && !READ_CALLS.includes(call),
    );
    // A new call: add its control to MUTATING_CONTROLS with a story that drops its network,
    // or, when it changes nothing, to READ_CALLS.
    expect(uncovered).toEqual([]);
    expect(READ_CALLS.filter((call) => !calls.includes(call))).toEqual([]);
    expect(READ_CALLS.filter((call) => covered.has(call as never))).toEqual([]);
  });

  it('name stories that exist and put a fault line in front of their call', () => {
    const missing = MUTATING_CONTROLS.filter(({ story, call }) => {
      const [file, name] = story.split('#') as [string, string];
      const path = new URL(file, FEATURES);
      if (!existsSync(path)) return true;
      const source = readFileSync(path, 'utf8');
      return (
        !new RegExp(`export const ${name}\\b`).test(source) ||
        !new RegExp(`faultLine\\(\\s*'${call.replaceAll('.', '\\.')}'`).test(source)
      );
    });
    expect(missing).toEqual([]);
  });

  it('prints the figures', () => {
    const mutating = calls.filter((call) => !READ_CALLS.includes(call));
    const stories = new Set(MUTATING_CONTROLS.map((entry) => entry.story));
    console.info(
      `[network] inventory: ${MUTATING_CONTROLS.length} mutating controls over ` +
        `${mutating.length} of the ${calls.length} calls of ROUTES (${READ_CALLS.length} read ` +
        `only), in ${stories.size} stories; each control meets 4 failures (offline, hung until ` +
        'the timeout, 500, malformed answer), a double tap and 10 taps in 100 ms.',
    );
    expect(mutating.length).toBe(covered.size);
  });
});
