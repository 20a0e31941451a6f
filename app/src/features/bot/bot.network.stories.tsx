import type { BiometricMode } from '@botdeck/platform/emulator';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  carries,
  exerciseControl,
  failureInDialog,
  faultLine,
  tapRapidly,
} from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /bot (issue 17): stop, start, delete and the two settings each meet no
// network, a hung call, a 500 and a malformed answer, then succeed. A failed action leaves the
// page showing what the server has (the bot still running, the switch where it was) and the
// next tap tries again; a double tap sends one request, and a settings answer that arrives
// after the person left never hides a newer change.

const { base, backend, withPlatform, goTo } = screenStories({ route: '/bot?bot=1' });

const meta = {
  title: 'Screens/Bot/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
  // No biometrics: stop and delete ask for the typed phrase.
  loaders: withPlatform(async (platform) =>
    platform.setBiometricMode('unavailable' satisfies BiometricMode),
  ),
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const region = (name: string) => screen.queryByRole('region', { name });
const inRegion = (name: string, role: 'button' | 'switch', label: string) => {
  const found = region(name);
  return found ? within(found).queryByRole(role, { name: label }) : null;
};
const statusIs = (status: string) => screen.queryByText(`Status: ${status}`) !== null;
const loaded = (name: string) =>
  screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

/** Opens the confirmation of a danger-zone action and types its phrase. */
async function confirmWithPhrase(action: string, title: string, label: string, phrase: string) {
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await tapRapidly(() => inRegion('Danger zone', 'button', action), 1, 0);
  const dialog = await screen.findByRole('dialog', { name: title }, { timeout: 3000 });
  await userEvent.click(within(dialog).getByLabelText(label));
  await userEvent.paste(phrase);
}
const dialogButton = (title: string, name: string) => {
  const dialog = screen.queryByRole('dialog', { name: title });
  return dialog ? within(dialog).getByRole('button', { name }) : null;
};

const stop = faultLine('botAction', carries('stop'));
const start = faultLine('botAction', carries('start'));
const remove = faultLine('botAction', carries('delete_bot'));
const settings = faultLine('botAction', carries('set'));
const repair = faultLine('addBot');

export const StopBot: Story = {
  parameters: stop.around(backend()),
  beforeEach: () => stop.reset(),
  play: async () => {
    const ask = () =>
      confirmWithPhrase('Stop bot', 'Stop Dana Helper?', "Type 'stop bot' to confirm", 'stop bot');
    await exerciseControl({
      name: 'Bot › stop',
      line: stop,
      start: async () => {
        await loaded('Dana Helper');
        await ask();
      },
      again: ask,
      control: () => dialogButton('Stop Dana Helper?', 'Stop bot'),
      busy: () =>
        waitFor(() =>
          expect(inRegion('Danger zone', 'button', 'Stop bot')).toHaveAttribute(
            'aria-busy',
            'true',
          ),
        ),
      // Still running, with Stop offered again.
      kept: () => statusIs('Active') && inRegion('Danger zone', 'button', 'Stop bot') !== null,
      done: () => waitFor(() => expect(statusIs('Stopped')).toBe(true)),
    });
  },
};

export const StartBot: Story = {
  // Bot 3 in the seed (Quiz Night) is stopped.
  args: { route: '/bot?bot=3' },
  parameters: start.around(backend()),
  beforeEach: () => start.reset(),
  play: () =>
    exerciseControl({
      name: 'Bot › start',
      line: start,
      start: () => loaded('Quiz Night').then(() => undefined),
      control: () => inRegion('Danger zone', 'button', 'Start bot'),
      kept: () => statusIs('Stopped') && inRegion('Danger zone', 'button', 'Start bot') !== null,
      done: () => waitFor(() => expect(statusIs('Active')).toBe(true)),
    }),
};

export const DeleteBot: Story = {
  parameters: remove.around(backend()),
  beforeEach: () => remove.reset(),
  play: async () => {
    const ask = () =>
      confirmWithPhrase(
        'Delete bot',
        'Delete Dana Helper?',
        "Type 'delete my bot' to confirm",
        'delete my bot',
      );
    await exerciseControl({
      name: 'Bot › delete',
      line: remove,
      start: async () => {
        await loaded('Dana Helper');
        await ask();
      },
      again: ask,
      control: () => dialogButton('Delete Dana Helper?', 'Delete bot'),
      busy: () =>
        waitFor(() =>
          expect(inRegion('Danger zone', 'button', 'Delete bot')).toHaveAttribute(
            'aria-busy',
            'true',
          ),
        ),
      // The bot is still there, its page and Delete with it.
      kept: () => statusIs('Active') && inRegion('Danger zone', 'button', 'Delete bot') !== null,
      done: async () => {
        await screen.findByRole('heading', { name: 'Your bots' }, { timeout: 3000 });
        await waitFor(() => expect(screen.queryByText('Dana Helper')).toBeNull());
      },
    });
  },
};

export const Settings: Story = {
  parameters: settings.around(backend()),
  beforeEach: () => settings.reset(),
  play: async ({ loaded: { platform } }) => {
    await loaded('Dana Helper');
    const checked = (name: string) =>
      inRegion('Settings', 'switch', name)?.getAttribute('aria-checked') === 'true';
    const notice = checked('Notify new users');
    const drop = checked('Drop pending updates');
    await exerciseControl({
      name: 'Bot › settings',
      line: settings,
      start: async () => undefined,
      control: () => inRegion('Settings', 'switch', 'Notify new users'),
      busy: () =>
        waitFor(() =>
          expect(
            region('Settings')?.querySelector('[aria-busy="true"]'),
            'the settings are busy',
          ).not.toBeNull(),
        ),
      // The switch is back where the server has it.
      kept: () => checked('Notify new users') === notice,
      done: async () => {
        await waitFor(() => expect(screen.getByText('Settings saved')).toBeVisible());
        await expect(checked('Notify new users')).toBe(!notice);
      },
      afterLeaving: {
        leave: async () => {
          await tapRapidly(() => inRegion('Settings', 'switch', 'Drop pending updates'), 1, 0);
          await settings.held();
          platform.clickBackButton();
          await screen.findByRole('heading', { level: 1, name: 'Dana Helper' });
        },
        back: async () => {
          goTo('/bot?bot=1');
          await waitFor(() => expect(checked('Drop pending updates')).toBe(!drop));
        },
        newer: async () => {
          await tapRapidly(() => inRegion('Settings', 'switch', 'Notify new users'), 1, 0);
          await waitFor(() => expect(screen.getByText('Settings saved')).toBeVisible());
        },
        after: async () => {
          await expect(checked('Notify new users')).toBe(notice);
          await expect(checked('Drop pending updates')).toBe(!drop);
        },
      },
    });
  },
};

export const NewTokenForACrashedBot: Story = {
  // Bot 4 in the seed (Old Weather) lost its token.
  args: { route: '/bot?bot=4' },
  parameters: repair.around(backend()),
  beforeEach: () => repair.reset(),
  play: () => {
    const form = () => screen.queryByRole('dialog', { name: 'Enter a new token' });
    const field = () => within(form() as HTMLElement).getByLabelText<HTMLInputElement>('Bot token');
    const token = '7100000004:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0';
    return exerciseControl({
      name: 'Bot › new token for a crashed bot',
      line: repair,
      start: async () => {
        await loaded('Old Weather');
        await tapRapidly(() => screen.queryByRole('button', { name: 'Enter a new token' }), 1, 0);
        await waitFor(() => expect(form()).not.toBeNull(), { timeout: 3000 });
        await userEvent.click(field());
        await userEvent.paste(token);
      },
      control: () => {
        const dialog = form();
        return dialog ? within(dialog).getByRole('button', { name: 'Add' }) : null;
      },
      kept: () => form() !== null && field().value === token,
      failureShown: () => failureInDialog(form, 'Add'),
      done: () => waitFor(() => expect(statusIs('Active')).toBe(true)),
    });
  },
};
