import { createWebStorage, type KeyValueStorage, type WebStorage } from '@botdeck/platform';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { SCREEN_MODES } from '../dev/story-mode';
import { MemoryOnlyNotice } from './memory-only-notice';
import styles from './shell.module.css';

/** Storage as Telegram Web in Safari or Brave has it: reading `localStorage` throws. */
const refusedStorage = () =>
  createWebStorage(() => {
    throw new DOMException(
      "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
      'SecurityError',
    );
  });

/** Storage that works until `full` is set, then refuses every write (quota). */
function fillingStorage() {
  const values = new Map<string, string>();
  const state = { full: false };
  const browser: KeyValueStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      if (state.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key) => void values.delete(key),
  };
  return { storage: createWebStorage(() => browser), state };
}

/** The notice where the shell draws it: at the top of the app's main area. */
const meta = {
  title: 'Shell/Memory-only notice',
  // Part of every screen, in the app's own words: photographed in every language, as screens are.
  parameters: { chromatic: { modes: SCREEN_MODES } },
  loaders: [() => ({ storage: refusedStorage() })],
  render: (_args, { loaded }) => (
    <main className={styles.main}>
      <MemoryOnlyNotice storage={loaded.storage as WebStorage} />
    </main>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const notice = (name: string) => screen.findByRole('region', { name });

export const StorageRefused: Story = {
  tags: ['visual'],
  play: async () => {
    const region = await notice('Nothing is kept after you close Botdeck');
    await expect(region).toHaveTextContent(
      'unsaved drafts and your choices last only until you close Botdeck',
    );
  },
};

/** Told once: OK hides it for the rest of the session. */
export const Dismissed: Story = {
  play: async () => {
    await notice('Nothing is kept after you close Botdeck');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  },
};

export const StorageRefusedArabic: Story = {
  tags: ['visual'],
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await notice('لن يُحفظ شيء بعد إغلاق \u2068Botdeck\u2069')).toBeVisible();
  },
};

/** Storage that works shows nothing, until a write is refused: then the notice appears. */
export const WriteRefusedLater: Story = {
  loaders: [() => fillingStorage()],
  render: (_args, { loaded }) => (
    <main className={styles.main}>
      <MemoryOnlyNotice storage={loaded.storage as WebStorage} />
    </main>
  ),
  play: async ({ loaded }) => {
    const { storage, state } = loaded as ReturnType<typeof fillingStorage>;
    storage.setItem('botdeck.locale', 'en');
    await expect(screen.queryByRole('region')).toBeNull();
    state.full = true;
    storage.setItem('botdeck.locale', 'ru');
    await expect(await notice('Nothing is kept after you close Botdeck')).toBeVisible();
  },
};
