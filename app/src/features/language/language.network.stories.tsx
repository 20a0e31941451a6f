import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { carries, exerciseControl, faultLine, tapRapidly } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /lang (issue 17): each of the two language choices meets no network, a
// hung call, a 500 and a malformed answer, then succeeds. A failed choice goes back to the
// language the server has (so the screen never shows an unsaved choice as saved) and the next
// tap tries again; a double tap sends one request, and an answer that arrives after the person
// left never hides a newer choice.

const ROUTE = '/lang?bot=2';
const { base, backend, goTo } = screenStories({ route: ROUTE });

const meta = {
  title: 'Screens/Language/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A choice of the `which` group, found by its hint rather than its title, which turns into the
 * chosen language with the screens. Each language is named in its own language.
 */
const choice = (which: 'settings' | 'bot', language: string) => {
  const group = document.querySelector(
    `[role="radiogroup"][aria-describedby="language-${which}-hint"]`,
  );
  return group ? within(group as HTMLElement).queryByRole('radio', { name: language }) : null;
};
const chosen = (which: 'settings' | 'bot', language: string) =>
  choice(which, language)?.getAttribute('aria-checked') === 'true';

const bot = faultLine('language', carries('bot_lang'));
const settings = faultLine('language', carries('set'));

export const BotLanguage: Story = {
  parameters: bot.around(backend()),
  beforeEach: () => bot.reset(),
  play: ({ loaded }) =>
    exerciseControl({
      name: 'Language › bot language',
      line: bot,
      start: () => waitFor(() => expect(chosen('bot', 'English')).toBe(true), { timeout: 5000 }),
      control: () => choice('bot', 'Русский'),
      // The choice is back where the server has it, and can be made again.
      kept: () => chosen('bot', 'English') && !choice('bot', 'Русский')?.hasAttribute('disabled'),
      done: async () => {
        await waitFor(() => expect(screen.getByText('Saved: Русский')).toBeVisible());
        await expect(chosen('bot', 'Русский')).toBe(true);
      },
      afterLeaving: {
        leave: async () => {
          await tapRapidly(() => choice('bot', 'Türkçe'), 1, 0);
          await bot.held();
          loaded.platform.clickBackButton();
          await screen.findByRole('heading', { level: 1, name: 'Pixel Store' });
        },
        back: async () => {
          goTo(ROUTE);
          await waitFor(() => expect(chosen('bot', 'Türkçe')).toBe(true));
        },
        newer: async () => {
          await tapRapidly(() => choice('bot', 'العربية'), 1, 0);
          await waitFor(() => expect(screen.getByText('Saved: العربية')).toBeVisible());
        },
        after: async () => {
          await expect(chosen('bot', 'العربية')).toBe(true);
        },
      },
    }),
};

export const SettingsLanguage: Story = {
  parameters: settings.around(backend()),
  beforeEach: () => settings.reset(),
  play: () =>
    exerciseControl({
      name: 'Language › settings language',
      line: settings,
      start: () =>
        waitFor(() => expect(chosen('settings', 'English')).toBe(true), { timeout: 5000 }),
      control: () => choice('settings', 'Русский'),
      // The screens are back in the language the server has, and the choice can be made again.
      kept: () =>
        document.documentElement.lang === 'en' &&
        chosen('settings', 'English') &&
        !choice('settings', 'Русский')?.hasAttribute('disabled'),
      done: async () => {
        await waitFor(() => expect(chosen('settings', 'Русский')).toBe(true));
        await waitFor(() => expect(choice('settings', 'Русский')).toBeEnabled());
        await expect(document.documentElement.lang).toBe('ru');
      },
    }),
};
