import type { Unsubscribe } from '../platform';

/** A value that can be watched: the shape `useSyncExternalStore` wants. */
export interface ReadableStore<T> {
  /** Calls `listener` after every change. Safe to pass unbound. */
  subscribe(listener: () => void): Unsubscribe;
  /** The current value; the same object until the next change. Safe to pass unbound. */
  getSnapshot(): T;
}

/** A {@link ReadableStore} plus the setter its owner keeps. */
export interface WritableStore<T> extends ReadableStore<T> {
  /** Replaces the value with `update(current)` and notifies, unless it returned `current`. */
  update(update: (current: T) => T): void;
}

/** Creates a minimal observable value. Snapshots are immutable: every change is a new object. */
export function createStore<T>(initial: T): WritableStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      // A wrapper per subscription, so subscribing the same function twice is two subscriptions.
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    getSnapshot: () => value,
    update(update) {
      const next = update(value);
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** A list of callbacks to call together; each `add` returns its own removal. */
export function createEmitter<Args extends unknown[]>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    /** Adds a listener. */
    add(listener: (...args: Args) => void): Unsubscribe {
      const entry = (...args: Args) => listener(...args);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    /** Calls every listener with `args`. */
    emit(...args: Args): void {
      for (const listener of [...listeners]) listener(...args);
    },
  };
}
