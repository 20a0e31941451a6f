import type { DevData } from '@botdeck/server';
import { failing, replying } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// The editor's sales on /shop (Sales, beside Add item). In the seed Dana edits bot 2's shop
// (Pixel Store), which has four sales, newest first: Night city to Rosa Haddad (refunded),
// Emoji starter set to Quinn Evans (not delivered: Telegram refused the file), Emoji starter
// set to Dana herself and Cat sticker pack to Priya Baker (both sent). She only shops in bot 7.
const { base, backend, backendWith, traffic } = screenStories({ route: '/shop?bot=2' });

const paths = () => traffic.map((event) => event.path);
const calls = (path: string) => paths().filter((called) => called === path).length;

const meta = {
  title: 'Screens/Shop/Sales',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sheet's code and the first page arrive on first use. */
const LOAD = { timeout: 5000 };

/** Opens the sales from the shop's footer and returns the sheet. */
async function openSales() {
  await userEvent.click(await screen.findByRole('button', { name: 'Sales' }, LOAD));
  return screen.findByRole('dialog', { name: 'Sales' }, LOAD);
}

/** The sales shown, as their item names, in order. */
const items = (sheet: HTMLElement) =>
  within(sheet)
    .queryAllByRole('article')
    .map((sale) => within(sale).getByRole('heading', { level: 3 }).textContent);

/** The sale of `item` bought by `buyer`. */
async function saleOf(sheet: HTMLElement, item: string, buyer: string) {
  const found = (await within(sheet).findAllByRole('article', { name: item }, LOAD)).find((sale) =>
    within(sale).queryByText(buyer),
  );
  if (!found) throw new Error(`No sale of ${item} to ${buyer}`);
  return within(found);
}

/** Waits for the page to stop moving before its picture: fonts and avatars. */
async function settled() {
  await document.fonts.ready;
  await waitFor(
    () => expect([...document.querySelectorAll('img')].every((image) => image.complete)).toBe(true),
    LOAD,
  );
}

/** A sale like the seed's first (Cat sticker pack to Priya Baker), with `changes`. */
function addSale(data: DevData, changes: Partial<NonNullable<DevData['sales']>[number]>) {
  const first = data.sales?.find((sale) => sale.charge_id === 'stxseedcats-101');
  if (!first || !data.sales) throw new Error('The seed has no sale of Cat sticker pack');
  data.sales.push({ ...first, ...changes });
}

/** Midday on 2026-01-20 (UTC): newer than every seed sale. */
const LATER = Date.UTC(2026, 0, 20, 12, 0);
const HOUR = 3_600_000;

export const EveryStatus: Story = {
  parameters: backendWith((data) => {
    addSale(data, {
      charge_id: 'stxstorysending',
      user_id: 100000110,
      paid_at: LATER + 2 * HOUR,
      status: 'delivering',
      attempts: 2,
      last_error: 'Too Many Requests: retry after 5',
    });
    addSale(data, {
      charge_id: 'stxstoryrefunding',
      user_id: 100000111,
      paid_at: LATER + HOUR,
      status: 'refunding',
      attempts: 1,
    });
    addSale(data, {
      charge_id: 'stxstoryvoid',
      user_id: 100000112,
      paid_at: LATER,
      status: 'void',
      counted: false,
    });
  }),
  play: async () => {
    await screen.findByRole('article', { name: 'Cat sticker pack' }, LOAD);
    // The shop loads with one request: the sales only once they are opened.
    await expect(paths()).toEqual(['/api/shop']);
    const sheet = await openSales();
    await waitFor(() => expect(items(sheet)).toHaveLength(7), LOAD);
    await expect(calls('/api/shop/sales')).toBe(1);
    const sending = within(within(sheet).getAllByRole('article')[0] as HTMLElement);
    await expect(sending.getByText('Sending')).toBeVisible();
    await expect(sending.getByText('Retrying: 2 attempts so far')).toBeVisible();
    await expect(sending.getByRole('button', { name: /^Refund / })).toBeEnabled();
    const refunding = within(within(sheet).getAllByRole('article')[1] as HTMLElement);
    await expect(refunding.getByText('Refund in progress')).toBeVisible();
    await expect(refunding.getByRole('button', { name: /^Refund / })).toBeEnabled();
    const unreal = within(within(sheet).getAllByRole('article')[2] as HTMLElement);
    await expect(unreal.getByText('Not a real payment')).toBeVisible();
    await expect(
      unreal.getByText('Telegram knows no such payment: no Stars were received.'),
    ).toBeVisible();
    await expect(unreal.queryByRole('button', { name: /^Refund / })).toBeNull();

    const refunded = await saleOf(sheet, 'Night city', 'Rosa Haddad');
    await expect(refunded.getByText('Refunded')).toBeVisible();
    await expect(refunded.getByText('@rosa_haddad_37')).toBeVisible();
    await expect(refunded.getByRole('img', { name: '15 stars' })).toHaveTextContent('15 ⭐');
    await expect(refunded.getByText('Jan 13, 2026, 9:30 AM')).toBeVisible();
    await expect(refunded.queryByRole('button', { name: /^Refund / })).toBeNull();

    const refused = await saleOf(sheet, 'Emoji starter set', 'Quinn Evans');
    await expect(refused.getByText('Not delivered')).toBeVisible();
    await expect(
      refused.getByText('The bot could not send the item. You may refund the buyer.'),
    ).toBeVisible();
    await expect(
      refused.getByText('Bad Request: wrong file identifier/HTTP URL specified'),
    ).toBeVisible();
    await expect(
      refused.getByRole('button', { name: 'Refund Emoji starter set bought by Quinn Evans' }),
    ).toHaveTextContent('Refund');

    const sent = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    await expect(sent.getByText('Sent')).toBeVisible();
    await expect(sent.getByRole('img', { name: '50 stars' })).toBeVisible();
    await expect(within(sheet).queryByRole('button', { name: 'Load more' })).toBeNull();
    await settled();
  },
};

export const NoSalesYet: Story = {
  parameters: backendWith((data) => {
    data.sales = (data.sales ?? []).filter((sale) => sale.bot_id !== 2);
  }),
  play: async () => {
    const sheet = await openSales();
    await expect(await within(sheet).findByText('No sales yet.', {}, LOAD)).toBeVisible();
    await expect(
      within(sheet).getByText('What shoppers buy with Telegram Stars shows here.'),
    ).toBeVisible();
    await expect(within(sheet).queryByRole('article')).toBeNull();
    await expect(within(sheet).queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const Loading: Story = {
  // A spinner: photographed mid-way it would only show the moment it was caught.
  tags: ['!visual'],
  parameters: backend(
    http.post('*/api/shop/sales', async () => {
      await delay('infinite');
      return undefined;
    }),
  ),
  play: async () => {
    const sheet = await openSales();
    await expect(await within(sheet).findByText('Loading sales…')).toBeInTheDocument();
    await expect(sheet).toHaveAttribute('aria-busy', 'true');
  },
};

/** How many sales loads LoadFailsThenTryAgain has seen: only its first fails. */
let salesLoads = 0;

export const LoadFailsThenTryAgain: Story = {
  parameters: backend(
    failing('/api/shop/sales', {
      msg: 'The sales are resting.',
      when: () => {
        salesLoads += 1;
        return salesLoads === 1;
      },
    }),
  ),
  beforeEach: () => {
    salesLoads = 0;
  },
  play: async () => {
    const sheet = await openSales();
    // Told as every failed call is, then the sheet offers Try again (its header the way back).
    const told = await screen.findByRole('alertdialog', {}, LOAD);
    await expect(told).toHaveTextContent('The sales are resting.');
    await userEvent.click(within(told).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(within(sheet).getByRole('alert')).toHaveTextContent(
      'The sales could not be loaded.',
    );
    await userEvent.click(within(sheet).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items(sheet)).toHaveLength(4), LOAD);
    await expect(salesLoads).toBe(2);
    await settled();
  },
};

export const LoadFailsAndBack: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/shop/sales', { msg: 'The sales are resting.' })),
  play: async () => {
    const sheet = await openSales();
    const told = await screen.findByRole('alertdialog', {}, LOAD);
    await userEvent.click(within(told).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // One way back, the sheet's own (a second Back beside Try again only repeated it): it
    // closes the sheet, and the shop is usable as it was.
    await expect(within(sheet).getByRole('button', { name: 'Try again' })).toBeVisible();
    const backs = within(sheet).getAllByRole('button', { name: 'Back' });
    await expect(backs).toHaveLength(1);
    await userEvent.click(backs[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales' })).toBeNull());
    await expect(screen.getByRole('button', { name: 'Add item' })).toBeEnabled();
    await expect(screen.getByRole('button', { name: 'Sales' })).toBeEnabled();
  },
};

export const LoadMore: Story = {
  parameters: backendWith((data) => {
    // 25 older sales: the first page holds the 4 seed sales and 16 of them.
    for (let i = 0; i < 25; i += 1) {
      addSale(data, {
        charge_id: `stxstoryold${String(i).padStart(2, '0')}`,
        paid_at: Date.UTC(2026, 0, 9, 23, 0) - i * HOUR,
      });
    }
  }),
  play: async () => {
    const sheet = await openSales();
    await waitFor(() => expect(items(sheet)).toHaveLength(20), LOAD);
    const more = within(sheet).getByRole('button', { name: 'Load more' });
    await userEvent.click(more);
    await waitFor(() => expect(items(sheet)).toHaveLength(29), LOAD);
    // The next page starts after the last sale shown.
    const pages = traffic.filter((event) => event.path === '/api/shop/sales');
    await expect(pages).toHaveLength(2);
    await expect((pages[1]?.request.body as { before?: unknown } | undefined)?.before).toEqual({
      paid_at: Date.UTC(2026, 0, 9, 23, 0) - 15 * HOUR,
      charge_id: 'stxstoryold15',
    });
    // No older sales: no Load more.
    await expect(within(sheet).queryByRole('button', { name: 'Load more' })).toBeNull();
    // Reading goes on at the first sale added, and the last is the oldest.
    const shown = within(sheet).getAllByRole('article');
    await waitFor(() => expect(shown[20]).toHaveFocus());
    await expect(shown[20]).toHaveTextContent('Jan 9, 2026, 7:00 AM');
    await expect(shown[28]).toHaveTextContent('Jan 8, 2026, 11:00 PM');
    await settled();
  },
};

export const RefundAsksFirst: Story = {
  play: async () => {
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    const refund = cats.getByRole('button', {
      name: 'Refund Cat sticker pack bought by Priya Baker',
    });
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await expect(dialog).toHaveAccessibleDescription(
      'Priya Baker gets back the 50 Stars paid for Cat sticker pack, and the item is for sale again.',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible(),
    );
    await expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeVisible();
    await settled();
  },
};

export const RefundCancelled: Story = {
  tags: ['!visual'],
  play: async () => {
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    const refund = cats.getByRole('button', {
      name: 'Refund Cat sticker pack bought by Priya Baker',
    });
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund 50 ⭐?' })).toBeNull());
    // Nothing was sent; the sale is as it was, and focus is back on its Refund.
    await expect(calls('/api/shop/refund')).toBe(0);
    await expect(cats.getByText('Sent')).toBeVisible();
    await waitFor(() => expect(refund).toHaveFocus());
  },
};

export const RefundDone: Story = {
  play: async () => {
    await expect(
      within(await screen.findByRole('article', { name: 'Cat sticker pack' }, LOAD)).getByText(
        '37/100',
      ),
    ).toBeVisible();
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    await userEvent.click(
      cats.getByRole('button', { name: 'Refund Cat sticker pack bought by Priya Baker' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    // The app's own words, not the server's English message.
    await expect(
      await within(sheet).findByText('Refunded: 50 ⭐ went back to Priya Baker.', {}, LOAD),
    ).toHaveAttribute('role', 'status');
    await expect(sheet).not.toHaveTextContent('The Stars went back to the buyer');
    // The row changed in place: refunded, no Refund any more; the list was not loaded again.
    await waitFor(() => expect(cats.getByText('Refunded')).toBeVisible());
    await expect(cats.queryByRole('button', { name: /^Refund / })).toBeNull();
    await expect(calls('/api/shop/refund')).toBe(1);
    await expect(calls('/api/shop/sales')).toBe(1);
    await expect(items(sheet)).toHaveLength(4);
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await settled();
  },
};

export const RefundFreesTheUnit: Story = {
  tags: ['!visual'],
  play: async () => {
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    await userEvent.click(
      cats.getByRole('button', { name: 'Refund Cat sticker pack bought by Priya Baker' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await within(sheet).findByText('Refunded: 50 ⭐ went back to Priya Baker.', {}, LOAD);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales' })).toBeNull());
    // The shop's categories are the answer's: the unit is for sale again, with no new load.
    const card = within(screen.getByRole('article', { name: 'Cat sticker pack' }));
    await expect(card.getByLabelText('36 of 100 sold')).toHaveTextContent('36/100');
    await expect(calls('/api/shop')).toBe(1);
  },
};

export const RefundRefused: Story = {
  parameters: backend(
    failing('/api/shop/refund', {
      msg: "Telegram couldn't be reached. The refund will be tried again in a few minutes.",
    }),
  ),
  play: async () => {
    const sheet = await openSales();
    const refused = await saleOf(sheet, 'Emoji starter set', 'Quinn Evans');
    const refund = refused.getByRole('button', {
      name: 'Refund Emoji starter set bought by Quinn Evans',
    });
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund 25 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    // The error dialog, as for every failed call; the sheet stays as it was, and usable.
    const told = await screen.findByRole('alertdialog', { name: 'Failed' }, LOAD);
    await expect(told).toHaveTextContent(
      "Telegram couldn't be reached. The refund will be tried again in a few minutes.",
    );
    await expect(within(sheet).queryByText(/^Refunded:/)).toBeNull();
    await expect(refused.getByText('Not delivered')).toBeVisible();
    await userEvent.click(within(told).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(refund).toBeEnabled();
    await expect(items(sheet)).toHaveLength(4);
    await settled();
  },
};

export const RefundFindsNoPayment: Story = {
  tags: ['!visual'],
  // Telegram knew no such charge: the server answers success with the sale void (its msg is
  // English, and not what the app shows).
  parameters: backend(
    replying('/api/shop/refund', {
      success: true,
      msg: "This sale doesn't exist.",
      sale: {
        charge_id: 'stxseedcats-101',
        item: 'Cat sticker pack',
        buyer: { id: 100000101, name: 'Priya Baker', username: null, photo: null },
        amount: 50,
        paid_at: Date.UTC(2026, 0, 10, 9, 30),
        status: 'void',
        attempts: 1,
        error: null,
      },
      categories: [{ name: 'Stickers', items: [] }],
    }),
  ),
  play: async () => {
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    await userEvent.click(
      cats.getByRole('button', { name: 'Refund Cat sticker pack bought by Priya Baker' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await expect(
      await within(sheet).findByText(
        'Telegram knows no such payment, so there was nothing to give back.',
        {},
        LOAD,
      ),
    ).toHaveAttribute('role', 'status');
    await expect(sheet).not.toHaveTextContent("This sale doesn't exist.");
    await waitFor(() => expect(cats.getByText('Not a real payment')).toBeVisible());
    await expect(cats.queryByRole('button', { name: /^Refund / })).toBeNull();
  },
};

/** Refunds held for good by RefundBusyIgnoresTaps, so its busy button stays on screen. */
let heldRefunds = 0;

export const RefundBusyIgnoresTaps: Story = {
  // A spinner on the button: photographed mid-way it would only show the moment it was caught.
  tags: ['!visual'],
  parameters: backend(
    http.post('*/api/shop/refund', async () => {
      heldRefunds += 1;
      await delay('infinite');
      return undefined;
    }),
  ),
  beforeEach: () => {
    heldRefunds = 0;
  },
  play: async () => {
    const sheet = await openSales();
    const cats = await saleOf(sheet, 'Cat sticker pack', 'Priya Baker');
    const refund = cats.getByRole('button', {
      name: 'Refund Cat sticker pack bought by Priya Baker',
    });
    await userEvent.click(refund);
    const dialog = await screen.findByRole('dialog', { name: 'Refund 50 ⭐?' }, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refund).toHaveAttribute('aria-busy', 'true'), LOAD);
    await expect(refund).toHaveTextContent('Refunding…');
    await expect(refund).toBeDisabled();
    // The refund has reached the backend (the mock's worker answers a moment after the button
    // turns busy: counted right away, it read 0 once under a full run's load).
    await waitFor(() => expect(heldRefunds).toBe(1), LOAD);
    await userEvent.click(refund, { pointerEventsCheck: 0 });
    await userEvent.click(refund, { pointerEventsCheck: 0 });
    // A tap that got through would be a second request as quickly as the first came.
    await new Promise((done) => setTimeout(done, 300));
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(heldRefunds).toBe(1);
  },
};

export const ByKeyboard: Story = {
  tags: ['!visual'],
  play: async () => {
    const open = await screen.findByRole('button', { name: 'Sales' }, LOAD);
    open.focus();
    await userEvent.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'Sales' }, LOAD);
    // Focus moves into the sheet and stays there.
    await waitFor(() => expect(sheet.contains(document.activeElement)).toBe(true));
    await waitFor(() => expect(items(sheet)).toHaveLength(4), LOAD);
    await userEvent.tab();
    await expect(sheet.contains(document.activeElement)).toBe(true);
    // Tab reaches a Refund, whose name says which sale it refunds; Enter asks, Escape cancels.
    let guard = 0;
    while (
      !document.activeElement?.getAttribute('aria-label')?.startsWith('Refund ') &&
      guard < 10
    ) {
      await userEvent.tab();
      guard += 1;
    }
    const refund = document.activeElement as HTMLElement;
    await expect(refund).toHaveAccessibleName('Refund Emoji starter set bought by Quinn Evans');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Refund 25 ⭐?' }, LOAD);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund 25 ⭐?' })).toBeNull());
    await waitFor(() => expect(refund).toHaveFocus());
    // Escape closes the sheet, and focus returns to Sales.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales' })).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sales' })).toHaveFocus());
  },
};

export const TelegramBackCloses: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const sheet = await openSales();
    await waitFor(() => expect(items(sheet)).toHaveLength(4), LOAD);
    await waitFor(() => expect(loaded.platform.store.getSnapshot().backButton.visible).toBe(true));
    loaded.platform.clickBackButton();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sales' })).toBeNull());
    // Still the shop: the BackButton closed the sheet, not the screen.
    await expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  },
};

export const ShopperSeesNoSales: Story = {
  args: { route: '/shop?bot=7' },
  tags: ['!visual'],
  play: async () => {
    await screen.findByRole('article', { name: 'Teddy bear' }, LOAD);
    await expect(screen.queryByRole('button', { name: 'Sales' })).toBeNull();
    await expect(paths()).toEqual(['/api/shop']);
  },
};

export const Arabic: Story = {
  tags: ['!visual'],
  globals: { locale: 'ar' },
  play: async () => {
    const sheet = await openSalesIn('المبيعات');
    await waitFor(() => expect(items(sheet)).toHaveLength(4), LOAD);
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await expect(within(sheet).getByText('لم يُسلَّم')).toBeVisible();
    await expect(
      within(sheet).getByRole('button', {
        name: /^استرداد .*Emoji starter set.* الذي اشتراه .*Quinn Evans/,
      }),
    ).toBeVisible();
  },
};

/** Opens the sales by the button's name in the story's language. */
async function openSalesIn(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }, LOAD));
  return screen.findByRole('dialog', { name }, LOAD);
}
