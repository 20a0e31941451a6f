import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebStorage, type KeyValueStorage } from './web-storage';

/** A working browser storage over a Map. */
function mapStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const securityError = () =>
  new DOMException(
    "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
    'SecurityError',
  );

describe('createWebStorage over a working storage', () => {
  it('keeps values in the browser and stays persistent', () => {
    const browser = mapStorage();
    const storage = createWebStorage(() => browser);
    storage.setItem('botdeck.locale', 'ru');
    expect(browser.values.get('botdeck.locale')).toBe('ru');
    expect(storage.getItem('botdeck.locale')).toBe('ru');
    storage.removeItem('botdeck.locale');
    expect(storage.getItem('botdeck.locale')).toBeNull();
    expect(storage.persistent).toBe(true);
  });

  it('reads what the browser kept from an earlier visit', () => {
    const browser = mapStorage();
    browser.values.set('botdeck.locale', 'tr');
    expect(createWebStorage(() => browser).getItem('botdeck.locale')).toBe('tr');
  });

  it('writes no probe to read, only before the first write', () => {
    const browser = mapStorage();
    const setItem = vi.spyOn(browser, 'setItem');
    const storage = createWebStorage(() => browser);
    storage.getItem('botdeck.locale');
    expect(setItem).not.toHaveBeenCalled();
    storage.setItem('botdeck.locale', 'ru');
    expect(setItem.mock.calls).toEqual([
      ['botdeck:storage-probe', '1'],
      ['botdeck.locale', 'ru'],
    ]);
  });

  it('leaves no probe behind', () => {
    const browser = mapStorage();
    void createWebStorage(() => browser).persistent;
    expect([...browser.values.keys()]).toEqual([]);
  });
});

describe('createWebStorage where reading the storage property throws', () => {
  const refused = () =>
    createWebStorage(() => {
      throw securityError();
    });

  it('never throws and keeps values in memory for the session', () => {
    const storage = refused();
    expect(storage.getItem('botdeck.locale')).toBeNull();
    storage.setItem('botdeck.locale', 'ar');
    expect(storage.getItem('botdeck.locale')).toBe('ar');
    storage.removeItem('botdeck.locale');
    expect(storage.getItem('botdeck.locale')).toBeNull();
  });

  it('is not persistent, and tells its listeners once', () => {
    const storage = refused();
    const listener = vi.fn();
    storage.subscribe(listener);
    storage.getItem('a');
    storage.setItem('a', '1');
    expect(storage.persistent).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('opens nothing until first used, so creating it never throws', () => {
    const open = vi.fn(() => {
      throw securityError();
    });
    const storage = createWebStorage(open);
    expect(open).not.toHaveBeenCalled();
    storage.getItem('a');
    storage.getItem('b');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('treats a missing storage (no DOM) the same way', () => {
    const storage = createWebStorage(() => undefined);
    storage.setItem('a', '1');
    expect(storage.getItem('a')).toBe('1');
    expect(storage.persistent).toBe(false);
  });
});

describe('createWebStorage where setItem throws (quota, Safari private mode)', () => {
  const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

  it('refuses the probe: everything lives in memory, not persistent', () => {
    const browser = mapStorage();
    browser.values.set('botdeck.locale', 'ru');
    browser.setItem = () => {
      throw quotaError();
    };
    const storage = createWebStorage(() => browser);
    storage.setItem('draft', 'text');
    expect(storage.getItem('draft')).toBe('text');
    expect(storage.persistent).toBe(false);
  });

  it('keeps a later failed write in memory and still reads what the browser holds', () => {
    const browser = mapStorage();
    browser.values.set('kept', 'old');
    const storage = createWebStorage(() => browser);
    expect(storage.persistent).toBe(true);
    const listener = vi.fn();
    storage.subscribe(listener);
    browser.setItem = () => {
      throw quotaError();
    };
    storage.setItem('draft', 'text');
    expect(storage.getItem('draft')).toBe('text');
    expect(storage.getItem('kept')).toBe('old');
    expect(storage.persistent).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('remembers a removal the browser refused', () => {
    const browser = mapStorage();
    browser.values.set('draft', 'old');
    const storage = createWebStorage(() => browser);
    storage.getItem('draft');
    browser.removeItem = () => {
      throw securityError();
    };
    storage.removeItem('draft');
    expect(storage.getItem('draft')).toBeNull();
  });

  it('answers null when getItem throws', () => {
    const browser = mapStorage();
    const storage = createWebStorage(() => browser);
    browser.getItem = () => {
      throw securityError();
    };
    expect(storage.getItem('a')).toBeNull();
    expect(storage.persistent).toBe(false);
  });
});

describe.each([
  ['browserStorage', 'localStorage'],
  ['tabStorage', 'sessionStorage'],
] as const)('%s over a window whose %s getter throws', (name, property) => {
  afterEach(() => {
    vi.resetModules();
  });

  it('falls back to memory instead of throwing', async () => {
    Object.defineProperty(globalThis, property, {
      configurable: true,
      get() {
        throw securityError();
      },
    });
    try {
      const storage = (await import('./web-storage'))[name];
      expect(storage.getItem('__telegram__initParams')).toBeNull();
      expect(() => storage.setItem('a', '1')).not.toThrow();
      expect(storage.getItem('a')).toBe('1');
      expect(storage.persistent).toBe(false);
    } finally {
      Reflect.deleteProperty(globalThis, property);
    }
  });
});
