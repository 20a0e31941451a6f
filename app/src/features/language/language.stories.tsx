import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const { base, backend, loading } = screenStories({ route: '/lang?bot=2' });

const changes = (key: 'set' | 'bot_lang') => (input: unknown) =>
  typeof input === 'object' && input !== null && key in input;

const meta = {
  title: 'Screens/Language',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const group = async (name: string) => within(await screen.findByRole('radiogroup', { name }));

export const Loaded: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
    const settings = await group('Settings language');
    await expect(settings.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'English',
      'العربية',
      'Русский',
      'Türkçe',
    ]);
    await expect(settings.getByRole('radio', { name: 'English' })).toBeChecked();
    // Each language is named in itself, and marked so for screen readers.
    await expect(settings.getByText('Русский')).toHaveAttribute('lang', 'ru');
    await expect(
      (await group('Bot language')).getByRole('radio', { name: 'English' }),
    ).toBeChecked();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const LoadFailure: Story = {
  parameters: backend(networkError('/api/lang')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  },
};

export const RetryAfterLoadFailure: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/lang', { msg: 'The server is busy.' })),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    // The call is made again: still refused, so it is reported again.
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent('The server is busy.');
  },
};

export const SwitchingToArabicMirrorsAtOnce: Story = {
  parameters: backend(),
  play: async () => {
    const settings = await group('Settings language');
    await userEvent.click(settings.getByRole('radio', { name: 'العربية' }));
    await expect(document.documentElement.dir).toBe('rtl');
    await expect(await screen.findByRole('heading', { level: 1, name: 'اللغة' })).toBeVisible();
    await expect(await screen.findByText('تم الحفظ: \u2068العربية\u2069')).toBeVisible();

    // Back to English, so that the stories after this one start in English.
    const arabicSettings = await group('لغة الواجهة');
    await waitFor(() =>
      expect(arabicSettings.getByRole('radio', { name: 'English' })).toBeEnabled(),
    );
    await userEvent.click(arabicSettings.getByRole('radio', { name: 'English' }));
    await expect(await screen.findByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('ltr');
    await expect(await screen.findByText('Saved: English')).toBeVisible();
  },
};

export const SettingsSaveFailureSwitchesBack: Story = {
  parameters: backend(networkError('/api/lang', { when: changes('set') })),
  play: async () => {
    const settings = await group('Settings language');
    await userEvent.click(settings.getByRole('radio', { name: 'Türkçe' }));
    // Reported once the screens are English again, so the popup is in English too.
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await expect(document.documentElement.lang).toBe('en');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(screen.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
    const again = await group('Settings language');
    await expect(again.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(again.getByRole('radio', { name: 'Türkçe' })).toBeEnabled();
  },
};

export const BotLanguageSaved: Story = {
  parameters: backend(),
  play: async () => {
    const bot = await group('Bot language');
    await userEvent.click(bot.getByRole('radio', { name: 'Türkçe' }));
    await expect(await screen.findByText('Saved: Türkçe')).toBeVisible();
    await expect(bot.getByRole('radio', { name: 'Türkçe' })).toBeChecked();
    await expect(bot.getByRole('radio', { name: 'Türkçe' })).toBeEnabled();
    // The interface keeps its language.
    await expect(document.documentElement.lang).toBe('en');
  },
};

export const BotLanguageSaving: Story = {
  parameters: backend(
    // Holds the bot-language call for good, so the saving state stays on screen.
    http.post('*/api/lang', async ({ request }) => {
      if (changes('bot_lang')(await request.clone().json())) await delay('infinite');
      return undefined;
    }),
  ),
  play: async () => {
    const bot = await group('Bot language');
    await userEvent.click(bot.getByRole('radio', { name: 'Русский' }));
    await expect(await screen.findByText('Saving…')).toBeVisible();
    await expect(bot.getByRole('radio', { name: 'Русский' })).toBeChecked();
    // No second choice while the first is on its way, in either group.
    for (const radio of bot.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await expect(
      (await group('Settings language')).getByRole('radio', { name: 'English' }),
    ).toBeDisabled();
  },
};

export const BotLanguageSaveFailure: Story = {
  parameters: backend(
    failing('/api/lang', {
      msg: "You don't have permission to do this",
      when: changes('bot_lang'),
    }),
  ),
  play: async () => {
    const bot = await group('Bot language');
    await userEvent.click(bot.getByRole('radio', { name: 'Русский' }));
    // The server's refusal of a change is the Restricted dialog, as when the app knows at once.
    const dialog = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(dialog).toHaveTextContent("You don't have permission to do this");
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The choice is back where the server has it, and can be made again.
    await expect(bot.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(bot.getByRole('radio', { name: 'Русский' })).toBeEnabled();
  },
};

export const WithoutABot: Story = {
  args: { route: '/lang' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  },
};

export const BackGoesToTheDashboard: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await group('Settings language');
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
  },
};

export const Russian: Story = {
  globals: { locale: 'ru' },
  play: async () => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Язык' })).toBeVisible();
    await expect(
      (await group('Язык интерфейса')).getByRole('radio', { name: 'Русский' }),
    ).toBeChecked();
  },
};
