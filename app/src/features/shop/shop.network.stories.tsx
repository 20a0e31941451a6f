import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { exerciseControl, faultLine, tapRapidly } from '../../dev/network-faults';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// Dropped networks on /shop (issue 17): Buy (the invoice request), an editor's Delete, the
// item form's Save and a sale's Refund each meet no network, a hung call, a 500 and a malformed
// answer, then succeed. A failed buy leaves the item buyable, a failed delete leaves it listed,
// a failed save leaves the form open as it was typed, and a failed refund leaves the sale as it
// was with its Refund usable; a double tap sends one request, and a delete answered after the
// person left never hides a newer one.

// Dana shops in bot 7 (Gift Corner) and edits bot 2's shop (Pixel Store).
const { base, backend, goTo } = screenStories({ route: '/shop?bot=7' });

const meta = {
  title: 'Screens/Shop/Network',
  ...base,
  tags: ['!visual'],
  // Axe checks these screens in their own stories; here it would only slow every stress run.
  parameters: { ...base.parameters, a11y: { test: 'off' } },
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };
const card = (name: string) => screen.queryByRole('article', { name });
const inCard = (name: string, label: RegExp | string) => {
  const found = card(name);
  return found ? within(found).queryByRole('button', { name: label }) : null;
};
/** Closes the popup a finished change shows (Deleted, or the server's message). */
async function closeNotice() {
  const notice = await screen.findByRole('alertdialog', {}, LOAD);
  await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

const invoice = faultLine('invoice');
const remove = faultLine('deleteShopItem');
const upload = faultLine('uploadShopItem');
const refundLine = faultLine('refundSale');

export const Buy: Story = {
  parameters: invoice.around(backend()),
  beforeEach: () => invoice.reset(),
  play: () =>
    exerciseControl({
      name: 'Shop › buy',
      line: invoice,
      start: () =>
        waitFor(() => expect(inCard('Virtual rose', /^Buy Virtual rose/)).toBeEnabled(), LOAD),
      control: () => inCard('Virtual rose', /^Buy Virtual rose/),
      // Still buyable: the card is free again.
      kept: async () => {
        await waitFor(() => expect(card('Virtual rose')).not.toHaveAttribute('aria-busy'));
        return inCard('Virtual rose', /^Buy Virtual rose/)?.hasAttribute('disabled') === false;
      },
      done: async () => {
        const dialog = await screen.findByRole('dialog', { name: 'Buy Virtual rose?' }, LOAD);
        await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(card('Virtual rose')).not.toHaveAttribute('aria-busy'));
      },
    }),
};

export const Delete: Story = {
  args: { route: '/shop?bot=2' },
  parameters: remove.around(backend()),
  beforeEach: () => remove.reset(),
  play: ({ loaded: { platform } }) => {
    const confirmButton = (name: string) => {
      const dialog = screen.queryByRole('dialog', { name: `Delete ${name}?` });
      return dialog ? within(dialog).getByRole('button', { name: 'Delete' }) : null;
    };
    const ask = async (name: string) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await userEvent.click(
        await within(await screen.findByRole('article', { name }, LOAD)).findByRole('button', {
          name: `Actions for ${name}`,
        }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      await screen.findByRole('dialog', { name: `Delete ${name}?` });
    };
    return exerciseControl({
      name: 'Shop › delete an item',
      line: remove,
      start: () => ask('Mountain dawn'),
      again: () => ask('Mountain dawn'),
      control: () => confirmButton('Mountain dawn'),
      busy: () =>
        waitFor(() =>
          expect(screen.getByRole('region', { name: 'Shop' })).toHaveAttribute('aria-busy', 'true'),
        ),
      kept: () => card('Mountain dawn') !== null,
      done: async () => {
        await closeNotice();
        await expect(card('Mountain dawn')).toBeNull();
      },
      afterLeaving: {
        leave: async () => {
          await ask('Night city');
          await tapRapidly(() => confirmButton('Night city'), 1, 0);
          await remove.held();
          platform.clickBackButton();
          await screen.findByRole('heading', { level: 1, name: 'Pixel Store' });
        },
        back: async () => {
          goTo('/shop?bot=2');
          await screen.findByRole('article', { name: 'Cat sticker pack' }, LOAD);
          await waitFor(() => expect(card('Night city')).toBeNull());
        },
        newer: async () => {
          await ask('Cat sticker pack');
          await tapRapidly(() => confirmButton('Cat sticker pack'), 1, 0);
          await closeNotice();
        },
        after: async () => {
          await expect(card('Cat sticker pack')).toBeNull();
          await expect(card('Night city')).toBeNull();
        },
      },
    });
  },
};

export const SaveAnItem: Story = {
  args: { route: '/shop?bot=2' },
  parameters: upload.around(backend()),
  beforeEach: () => upload.reset(),
  play: () => {
    const form = () => screen.queryByRole('dialog', { name: 'Edit item' });
    const price = () =>
      form()
        ? within(form() as HTMLElement).getByRole<HTMLInputElement>('textbox', { name: 'Price' })
        : null;
    return exerciseControl({
      name: 'Shop › save an item (item form)',
      line: upload,
      start: async () => {
        const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
        await userEvent.type(search, 'night');
        const night = within(await screen.findByRole('article', { name: 'Night city' }, LOAD));
        await userEvent.click(await night.findByRole('button', { name: 'Actions for Night city' }));
        await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
        await waitFor(() => expect(form()).not.toBeNull(), LOAD);
        await userEvent.clear(price() as HTMLInputElement);
        await userEvent.paste('20');
      },
      control: () =>
        form() ? within(form() as HTMLElement).getByRole('button', { name: 'Save' }) : null,
      // The form is still open with the price typed.
      kept: () => price()?.value === '20',
      done: async () => {
        await closeNotice();
        await waitFor(() =>
          expect(inCard('Night city', 'Buy Night city for 20 stars')).not.toBeNull(),
        );
      },
    });
  },
};

export const Refund: Story = {
  args: { route: '/shop?bot=2' },
  parameters: refundLine.around(backend()),
  beforeEach: () => refundLine.reset(),
  play: () => {
    const sheet = () => screen.queryByRole('dialog', { name: 'Sales' });
    const rowRefund = () =>
      sheet()
        ? within(sheet() as HTMLElement).queryByRole('button', {
            name: 'Refund Cat sticker pack bought by Priya Baker',
          })
        : null;
    const ask = async () => {
      await waitFor(() => expect(rowRefund()).toBeEnabled(), LOAD);
      await userEvent.click(rowRefund() as HTMLElement);
      await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    };
    return exerciseControl({
      name: 'Shop › refund a sale (sales sheet)',
      line: refundLine,
      start: async () => {
        await userEvent.click(await screen.findByRole('button', { name: 'Sales' }, LOAD));
        await ask();
      },
      again: ask,
      control: () => {
        const dialog = screen.queryByRole('dialog', { name: 'Refund 50 ⭐?' });
        return dialog ? within(dialog).getByRole('button', { name: 'Refund' }) : null;
      },
      // The row's own Refund shows the call running.
      busy: () => waitFor(() => expect(rowRefund()).toHaveAttribute('aria-busy', 'true')),
      // The sale is still there as it was (sent, its Refund usable).
      kept: async () => {
        await waitFor(() => expect(rowRefund()).not.toHaveAttribute('aria-busy'));
        return rowRefund()?.closest('article')?.textContent?.includes('Sent') === true;
      },
      done: async () => {
        const status = await within(sheet() as HTMLElement).findByText(
          'Refunded: 50 ⭐ went back to Priya Baker.',
          {},
          LOAD,
        );
        await expect(status).toBeVisible();
        await expect(rowRefund()).toBeNull();
      },
    });
  },
};
