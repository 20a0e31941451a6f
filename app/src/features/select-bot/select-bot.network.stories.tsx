import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { exerciseControl, failureInDialog, faultLine, tapRapidly } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /selectbot (issue 17): adding a bot by its token meets no network, a hung
// call, a 500 and a malformed answer, then succeeds; the token typed stays in the form, a double
// tap sends one request, and an answer that arrives after the person moved on never hides a
// newer one.

const { base, backend, goTo } = screenStories({ route: '/selectbot' });

const meta = {
  title: 'Screens/SelectBot/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tokens of three new bots: listed as …_6789_bot, …_6790_bot and …_6791_bot. */
const token = (last: number) => `712345${last}:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0`;
const listed = (last: number) => screen.queryByText(new RegExp(`_${last}_bot$`)) !== null;
const form = () => screen.queryByRole('dialog', { name: 'Add your bot' });
const addButton = () => {
  const dialog = form();
  return dialog ? within(dialog).getByRole('button', { name: 'Add' }) : null;
};
const tokenField = () =>
  within(form() as HTMLElement).getByLabelText<HTMLInputElement>('Bot token');

/** Opens the form and pastes a token into it. */
async function typeToken(last: number) {
  await tapRapidly(() => screen.queryByRole('button', { name: 'Create bot' }), 1, 0);
  await waitFor(() => expect(form()).not.toBeNull(), { timeout: 3000 });
  await userEvent.click(tokenField());
  await userEvent.paste(token(last));
}

const add = faultLine('addBot');

export const AddBot: Story = {
  parameters: add.around(backend()),
  beforeEach: () => add.reset(),
  play: () =>
    exerciseControl({
      name: 'Select bot › add a bot',
      line: add,
      start: async () => {
        await screen.findByRole('heading', { name: 'Your bots' }, { timeout: 5000 });
        await typeToken(6789);
      },
      control: addButton,
      kept: () => form() !== null && tokenField().value === token(6789),
      failureShown: () => failureInDialog(form, 'Add'),
      done: async () => {
        await waitFor(() => expect(form()).toBeNull());
        // The new bot's dashboard opened; back to the list for what follows.
        await screen.findByRole('navigation', { name: 'Settings' }, { timeout: 5000 });
        await waitFor(() => expect(listed(6789)).toBe(true));
        goTo('/selectbot');
        await screen.findByRole('heading', { name: 'Your bots' }, { timeout: 5000 });
      },
      afterLeaving: {
        // The person gives up waiting, closes the form and opens a bot; the answer comes later.
        leave: async () => {
          await typeToken(6790);
          await tapRapidly(addButton, 1, 0);
          await add.held();
          await userEvent.click(
            within(form() as HTMLElement).getByRole('button', { name: 'Cancel' }),
          );
          await userEvent.click(screen.getByRole('button', { name: /Pixel Store/ }));
          await screen.findByRole('heading', { level: 1, name: 'Pixel Store' });
        },
        back: async () => {
          goTo('/selectbot');
          await waitFor(() => expect(listed(6790)).toBe(true));
        },
        newer: async () => {
          await typeToken(6791);
          await tapRapidly(addButton, 1, 0);
          // Its dashboard opens (the late answer of 6790 opened nothing); back to the list.
          await screen.findByRole('navigation', { name: 'Settings' }, { timeout: 5000 });
          await waitFor(() => expect(listed(6791)).toBe(true));
          goTo('/selectbot');
          await screen.findByRole('heading', { name: 'Your bots' }, { timeout: 5000 });
        },
        after: async () => {
          await expect(listed(6791)).toBe(true);
          await expect(listed(6790)).toBe(true);
        },
      },
    }),
};
