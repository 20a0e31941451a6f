/**
 * Runs `run` when the browser is next idle, or after `timeoutMs` at the latest; 200 ms later
 * where the browser cannot tell (Safari has no requestIdleCallback). Returns a cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(run, 200);
  return () => window.clearTimeout(timer);
}
