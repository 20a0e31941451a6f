import {
  createMemoryStore,
  createMswHandlers,
  type failing,
  seedWith,
} from '@botdeck/dev-server/msw';

type Override = ReturnType<typeof failing>;
type SeedChange = Parameters<typeof seedWith>[0];

/**
 * The development backend for one file of screen stories. Story parameters are made once per
 * file, so each store is put back to its seed before every story (`resetStores` in the meta's
 * `beforeEach`): what one story creates or deletes never shows up in the next.
 */
export function createStoryBackends() {
  const stores: Array<{
    store: ReturnType<typeof createMemoryStore>;
    seed: () => ReturnType<typeof seedWith>;
  }> = [];

  /** The backend over the seed changed by `change`, with story-specific answers in front. */
  function backendWith(change: SeedChange, ...overrides: Override[]) {
    const seed = () => seedWith(change);
    const store = createMemoryStore(seed());
    stores.push({ store, seed });
    return { msw: { handlers: [...overrides, ...createMswHandlers({ store })] } };
  }

  /** The backend over the plain seed, with story-specific answers in front. */
  const backend = (...overrides: Override[]) => backendWith(() => undefined, ...overrides);

  async function resetStores(): Promise<void> {
    await Promise.all(stores.map(({ store, seed }) => store.reset(seed())));
  }

  return { backend, backendWith, resetStores };
}
