import { describe, expect, it } from 'vitest';
import {
  DIAGNOSTICS_REQUEST,
  diagnostics,
  followResources,
  isDiagnosticsRequest,
} from './diagnostics';

/**
 * What the runtime bench reads of a server: the timers alive must count unref'd ones too (Node's
 * own list leaves them out), and one that ended must not count.
 */

describe('diagnostics', () => {
  it('counts a timer while it lives, unref’d or not, and no longer once cleared', () => {
    const alive = followResources();
    const before = alive().Timeout ?? 0;
    const held = setTimeout(() => {}, 60_000);
    const unrefd = setTimeout(() => {}, 60_000).unref();
    expect(alive().Timeout).toBe(before + 2);
    expect(diagnostics(alive).alive?.Timeout).toBe(before + 2);
    clearTimeout(held);
    clearTimeout(unrefd);
    // async_hooks tells a destroyed timer on the next turn of the loop.
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(alive().Timeout ?? 0).toBe(before);
        resolve();
      }),
    );
  });

  it('gives memory figures, and no followed resources unless asked', () => {
    const figures = diagnostics(null);
    expect(figures.rss).toBeGreaterThan(figures.heapUsed);
    expect(figures.alive).toBeNull();
  });

  it('answers only its own question on the IPC channel', () => {
    expect(isDiagnosticsRequest({ kind: DIAGNOSTICS_REQUEST })).toBe(true);
    expect(isDiagnosticsRequest({ kind: 'other' })).toBe(false);
    expect(isDiagnosticsRequest(null)).toBe(false);
  });
});
