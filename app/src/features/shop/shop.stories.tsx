import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import { failing, networkError, replying } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

/** The preview's code loads on first use: its first opening waits for the chunk to arrive. */
const FIRST_USE = { timeout: 5000 };

// In the seed, Dana edits bot 2's shop (Pixel Store: a limited item 37/100 with 3 per person,
// a sold-out one, an empty category); she shops in bot 7's (Gift Corner) and never started
// bot 8 (Book Nook). Her balance is 1,250 stars.
const { base, backend, backendWith, loading, onBotApi, traffic } = screenStories({
  route: '/shop?bot=7',
});

const paths = () => traffic.map((event) => event.path);
const shopLoads = () => paths().filter((path) => path === '/api/shop').length;
const invoiceCalls = () => paths().filter((path) => path === '/api/shop/getInvoice').length;

const meta = {
  title: 'Screens/Shop',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };

/**
 * Waits for the page to stop moving before its picture: the fonts (Arabic comes in later than
 * Latin) and the item images, so the sticky footer is measured where it will stay.
 */
async function settled() {
  await document.fonts.ready;
  await waitFor(
    () => expect([...document.querySelectorAll('img')].every((image) => image.complete)).toBe(true),
    LOAD,
  );
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
}

const card = async (name: string) => within(await screen.findByRole('article', { name }, LOAD));
const snapshot = (platform: EmulatorPlatform) => platform.store.getSnapshot();

/** Buys `name` up to the confirm dialog and returns it. */
async function askToBuy(name: string) {
  const item = await card(name);
  await userEvent.click(item.getByRole('button', { name: new RegExp(`^Buy ${name}`) }));
  return screen.findByRole('dialog', { name: `Buy ${name}?` });
}

export const Shopper: Story = {
  play: async ({ loaded }) => {
    await expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(
      await screen.findByRole('img', { name: 'Your balance: 1,250 stars' }),
    ).toBeVisible();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(headings).toEqual(['Gifts']);
    const teddy = await card('Teddy bear');
    await expect(teddy.getByLabelText('7 of 10 sold')).toHaveTextContent('7/10');
    await expect(teddy.getByText('Up to 1 per person')).toBeVisible();
    await expect(
      teddy.getByRole('button', { name: 'Buy Teddy bear for 99 stars' }),
    ).toHaveTextContent('99 ⭐');
    // A shopper edits nothing, has no Back (no dashboard of theirs), and Telegram asks before
    // closing.
    await expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Sales' })).toBeNull();
    await expect(snapshot(loaded.platform).backButton.visible).toBe(false);
    await expect(snapshot(loaded.platform).closingConfirmation).toBe(true);
    await expect(snapshot(loaded.platform).mainButton.visible).toBe(false);
    await expect(shopLoads()).toBe(1);
    await settled();
  },
};

export const Editor: Story = {
  args: { route: '/shop?bot=2' },
  play: async ({ loaded }) => {
    const headings = (await screen.findAllByRole('heading', { level: 2 }, LOAD)).map(
      (h) => h.textContent,
    );
    // The empty "Gift cards" category has no heading.
    await expect(headings).toEqual(['Stickers', 'Wallpapers', 'Courses']);
    const golden = await card('Golden frame');
    await expect(golden.getByText('Sold out')).toBeVisible();
    await expect(golden.getByRole('button', { name: /^Buy Golden frame/ })).toBeDisabled();
    const cats = await card('Cat sticker pack');
    await expect(cats.getByText('37/100')).toBeVisible();
    await expect(cats.getByText('Up to 3 per person')).toBeVisible();
    await expect(
      await cats.findByRole('button', { name: 'Actions for Cat sticker pack' }),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Add item' })).toBeVisible();
    // The editor's sales open from beside it; they are asked for only then.
    await expect(screen.getByRole('button', { name: 'Sales' })).toBeVisible();
    await expect(shopLoads()).toBe(1);
    await expect(paths()).not.toContain('/api/shop/sales');
    await expect(snapshot(loaded.platform).backButton.visible).toBe(true);
    await expect(snapshot(loaded.platform).closingConfirmation).toBe(false);
    await settled();
  },
};

export const NotStartedYet: Story = {
  args: { route: '/shop?bot=8' },
  play: async ({ loaded }) => {
    const banner = await screen.findByRole('region', { name: /^Start @.*book.* first$/i }, LOAD);
    await expect(banner).toHaveTextContent(
      'Open the bot and press Start, then come back here to buy.',
    );
    const buy = (await card('Short stories')).getByRole('button', { name: /^Buy Short stories/ });
    await expect(buy).toBeDisabled();
    await userEvent.click(within(banner).getByRole('button', { name: /^Open @/ }));
    await expect(snapshot(loaded.platform).notice).toMatchObject({ kind: 'link' });
    await expect((snapshot(loaded.platform).notice as { url: string }).url).toMatch(
      /^https:\/\/t\.me\/\w+\?start$/,
    );
    await expect(snapshot(loaded.platform).backButton.visible).toBe(true);
  },
};

export const EmptyShop: Story = {
  args: { route: '/shop?bot=2' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((b) => b.id === 2);
    if (bot) bot.shop = [{ name: 'Stickers', items: [] }];
  }),
  play: async () => {
    await expect(
      await screen.findByText('There are no items in this shop yet.', {}, LOAD),
    ).toBeVisible();
    await expect(
      screen.getByText('Add your first item: shoppers buy it with Telegram Stars.'),
    ).toBeVisible();
    await expect(screen.queryByRole('searchbox')).toBeNull();
    await expect(screen.getByRole('button', { name: 'Add item' })).toBeVisible();
  },
};

export const AddItemStaysAtTheFoot: Story = {
  tags: ['!visual'],
  // Short results: the editor's Add item footer stays at the foot of the screen, not right
  // under the one result, mid-screen.
  args: { route: '/shop?bot=2' },
  play: async () => {
    const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
    await userEvent.type(search, 'STICK');
    const results = await screen.findByRole('region', { name: 'Results' });
    await expect(within(results).getByRole('status')).toHaveTextContent('1 item found');
    const add = screen.getByRole('button', { name: 'Add item' });
    const footer = add.parentElement as HTMLElement;
    await waitFor(() =>
      expect(
        Math.abs(footer.getBoundingClientRect().bottom - document.documentElement.clientHeight),
      ).toBeLessThanOrEqual(1),
    );
  },
};

export const ItemFormCoversTheScreen: Story = {
  tags: ['!visual'],
  // In the emulator's chrome (npm start) Telegram's viewport is the frame under the emulator's
  // top bar, shorter than the window, and the app is told its height (as Telegram does). The
  // full-screen item form still covers the whole window: the shop and its footer never show
  // below it, where a tap would close the form.
  parameters: { telegramChrome: true },
  args: { route: '/shop?bot=2' },
  play: async () => {
    const frame = document.querySelector('[data-slot="emulator-viewport"]') as HTMLElement;
    const root = document.documentElement.style;
    root.setProperty('--tg-viewport-stable-height', `${frame.clientHeight}px`);
    try {
      await expect(frame.clientHeight).toBeLessThan(document.documentElement.clientHeight);
      await userEvent.click(await screen.findByRole('button', { name: 'Add item' }, LOAD));
      const form = await screen.findByRole('dialog', { name: 'Add item' });
      await waitFor(() => {
        const box = form.getBoundingClientRect();
        expect(box.top).toBeLessThanOrEqual(0);
        expect(Math.abs(box.bottom - document.documentElement.clientHeight)).toBeLessThanOrEqual(1);
      });
    } finally {
      root.removeProperty('--tg-viewport-stable-height');
    }
  },
};

export const SearchWithResults: Story = {
  args: { route: '/shop?bot=2' },
  play: async () => {
    const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
    await userEvent.type(search, 'STICK');
    const results = await screen.findByRole('region', { name: 'Results' });
    await expect(within(results).getByRole('status')).toHaveTextContent('1 item found');
    await expect(within(results).getByRole('article', { name: 'Cat sticker pack' })).toBeVisible();
    await expect(screen.queryByRole('heading', { level: 2, name: 'Wallpapers' })).toBeNull();
    // The catalogue stays mounted meanwhile, out of the tab order: from the box's clear button,
    // Tab goes to the result, not to the cards it hides.
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(
      within(results).getByRole('button', { name: 'Preview of Cat sticker pack' }),
    ).toHaveFocus();
    // Across categories: "o" is in Golden frame, Mountain dawn, Bot building basics…
    await userEvent.clear(search);
    await userEvent.type(search, 'n');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Results' })).getByRole('status'),
      ).toHaveTextContent('4 items found'),
    );
    // An empty query leaves search mode.
    await userEvent.clear(search);
    await expect(
      await screen.findByRole('heading', { level: 2, name: 'Wallpapers' }),
    ).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'Results' })).toBeNull();
  },
};

export const SearchWithoutResults: Story = {
  args: { route: '/shop?bot=2' },
  play: async () => {
    const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
    await userEvent.type(search, 'hoodie');
    await expect(await screen.findByText('No item matches “hoodie”.')).toBeVisible();
    await expect(screen.queryByRole('article')).toBeNull();
  },
};

export const Preview: Story = {
  play: async ({ loaded }) => {
    const rose = await card('Virtual rose');
    await userEvent.click(rose.getByRole('button', { name: 'Preview of Virtual rose' }));
    const dialog = await screen.findByRole('dialog', { name: 'Virtual rose' }, FIRST_USE);
    await expect(
      within(dialog).getByRole('img', { name: 'Preview of Virtual rose' }),
    ).toBeVisible();
    // Telegram's BackButton closes it, and goes away with it for a shopper.
    await waitFor(() => expect(snapshot(loaded.platform).backButton.visible).toBe(true));
    loaded.platform.clickBackButton();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(snapshot(loaded.platform).backButton.visible).toBe(false));
    // Escape closes it too.
    await userEvent.click(rose.getByRole('button', { name: 'Preview of Virtual rose' }));
    await screen.findByRole('dialog', { name: 'Virtual rose' }, FIRST_USE);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const BuyAsksFirst: Story = {
  play: async () => {
    const dialog = await askToBuy('Teddy bear');
    await expect(dialog).toHaveTextContent(
      'You pay 99 ⭐ with Telegram Stars, and the bot sends you the item.',
    );
    await expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/guide?opt=user-pay&bot=7',
    );
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toBeVisible());
    // The item is busy meanwhile (behind the dialog, hidden from the accessibility tree).
    await expect(
      await screen.findByRole('article', { name: 'Teddy bear', hidden: true }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const BuyCancelledInTheDialog: Story = {
  tags: ['!visual'],
  play: async () => {
    const dialog = await askToBuy('Teddy bear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const teddy = await screen.findByRole('article', { name: 'Teddy bear' });
    await waitFor(() => expect(teddy).not.toHaveAttribute('aria-busy'));
    await expect(within(teddy).getByRole('button', { name: /^Buy Teddy bear/ })).toBeEnabled();
  },
};

/** Invoice requests held for good by BusyIgnoresTaps, so its busy card stays on screen. */
let heldInvoices = 0;

export const BusyIgnoresTaps: Story = {
  parameters: backend(
    http.post('*/api/shop/getInvoice', async () => {
      heldInvoices += 1;
      await delay('infinite');
      return undefined;
    }),
  ),
  beforeEach: () => {
    heldInvoices = 0;
  },
  play: async () => {
    const rose = await card('Virtual rose');
    const buy = rose.getByRole('button', { name: /^Buy Virtual rose/ });
    await userEvent.click(buy);
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'true'));
    // Its one request reached the server (the client may first fetch the contract's schemas).
    await waitFor(() => expect(heldInvoices).toBe(1));
    await userEvent.click(buy);
    await userEvent.click(buy);
    await expect(heldInvoices).toBe(1);
    // Other items can still be bought.
    await expect(
      (await card('Teddy bear')).getByRole('button', { name: /^Buy Teddy bear/ }),
    ).toBeEnabled();
  },
};

export const Paid: Story = {
  play: async ({ loaded }) => {
    const dialog = await askToBuy('Teddy bear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(snapshot(loaded.platform).invoice).not.toBeNull());
    // Telegram's payment callback reaches the server, not the app; the dev backend stands in.
    const link = snapshot(loaded.platform).invoice?.url as string;
    await fetch('/dev/pay-invoice', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ link }),
    });
    loaded.platform.resolveInvoice('paid');
    await expect(await screen.findByText('Paid. The bot is sending you Teddy bear.')).toBeVisible();
    // The shop is read again: the server counts the sale, the app grants nothing.
    await waitFor(() => expect(shopLoads()).toBe(2));
    await expect(await screen.findByText('8/10')).toBeVisible();
  },
};

export const InvoiceCancelled: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const dialog = await askToBuy('Virtual rose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(snapshot(loaded.platform).invoice).not.toBeNull());
    // Still busy while Telegram's invoice is open (the dialog's closing does not free it).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(await screen.findByRole('article', { name: 'Virtual rose' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    loaded.platform.resolveInvoice('cancelled');
    const mug = await screen.findByRole('article', { name: 'Virtual rose' });
    await waitFor(() => expect(mug).not.toHaveAttribute('aria-busy'));
    await expect(within(mug).getByRole('button', { name: /^Buy Virtual rose/ })).toBeEnabled();
    await expect(shopLoads()).toBe(1);
  },
};

export const InvoiceFailed: Story = {
  play: async ({ loaded }) => {
    const dialog = await askToBuy('Virtual rose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(snapshot(loaded.platform).invoice).not.toBeNull());
    loaded.platform.resolveInvoice('failed');
    await expect(
      await screen.findByText('The payment did not go through, and nothing was charged.'),
    ).toBeVisible();
    await expect(
      (await card('Virtual rose')).getByRole('button', { name: /^Buy Virtual rose/ }),
    ).toBeEnabled();
  },
};

export const InvoicePending: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const dialog = await askToBuy('Virtual rose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(snapshot(loaded.platform).invoice).not.toBeNull());
    loaded.platform.resolveInvoice('pending');
    await expect(
      await screen.findByText(
        'The payment is being processed. The bot sends your item once it is confirmed.',
      ),
    ).toBeVisible();
  },
};

export const InvoiceRefused: Story = {
  parameters: backend(
    failing('/api/shop/getInvoice', { msg: 'You already bought the most you can.' }),
  ),
  play: async () => {
    const teddy = await card('Teddy bear');
    await userEvent.click(teddy.getByRole('button', { name: /^Buy Teddy bear/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('You already bought the most you can.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(teddy.getByRole('button', { name: /^Buy Teddy bear/ })).toBeEnabled();
  },
};

export const InvoiceNetworkError: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/shop/getInvoice')),
  play: async () => {
    const teddy = await card('Teddy bear');
    await userEvent.click(teddy.getByRole('button', { name: /^Buy Teddy bear/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(teddy.getByRole('button', { name: /^Buy Teddy bear/ })).toBeEnabled(),
    );
    await expect(invoiceCalls()).toBe(0);
  },
};

export const NoPaymentsOnAnOldClient: Story = {
  tags: ['!visual'],
  loaders: onBotApi('6.0'),
  play: async () => {
    const dialog = await askToBuy('Virtual rose');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await expect(
      await screen.findByText(
        "This version of Telegram can't open payments. Update Telegram to buy.",
      ),
    ).toBeVisible();
    await expect(
      (await card('Virtual rose')).getByRole('button', { name: /^Buy Virtual rose/ }),
    ).toBeEnabled();
  },
};

export const LoadFails: Story = {
  parameters: backend(failing('/api/shop', { msg: 'The shop is resting.' })),
  play: async () => {
    // Only logged (SPEC 4): no popup, the page says so and offers Try again.
    await expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      'The shop could not be loaded.',
    );
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const LoadFailsWithNav: Story = {
  tags: ['!visual'],
  parameters: backend(failing('/api/shop', { msg: 'This bot is gone.', nav: true })),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', {}, LOAD);
    await expect(dialog).toHaveTextContent('This bot is gone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Your bots' }, LOAD),
    ).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const EditorDeletes: Story = {
  args: { route: '/shop?bot=2' },
  play: async () => {
    const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
    await userEvent.type(search, 'dawn');
    const dawn = await card('Mountain dawn');
    await userEvent.click(await dawn.findByRole('button', { name: 'Actions for Mountain dawn' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Mountain dawn?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const done = await screen.findByRole('alertdialog', { name: 'Deleted' });
    await expect(done).toHaveTextContent('Item deleted.');
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    // The server's list replaces the shop's, and the search is cleared.
    await expect(search).toHaveValue('');
    await expect(screen.queryByRole('article', { name: 'Mountain dawn' })).toBeNull();
    await expect(await screen.findByRole('article', { name: 'Night city' })).toBeVisible();
  },
};

export const EditorViews: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  play: async () => {
    const cats = await card('Cat sticker pack');
    await userEvent.click(
      await cats.findByRole('button', { name: 'Actions for Cat sticker pack' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'View' }));
    await expect(
      await screen.findByRole('dialog', { name: 'Cat sticker pack' }, FIRST_USE),
    ).toBeVisible();
  },
};

/**
 * The card's menu button mounts its menu on first use; by the keyboard it must still behave as a
 * menu button: Tab reaches it, Enter opens the menu on its first item, Escape closes it and
 * gives the focus back.
 */
export const EditorMenuByKeyboard: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  play: async () => {
    const cats = await card('Cat sticker pack');
    const button = await cats.findByRole('button', { name: 'Actions for Cat sticker pack' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Tab from the image's preview button to the menu button.
    cats.getByRole('button', { name: 'Preview of Cat sticker pack' }).focus();
    await userEvent.tab();
    const menuButton = () => cats.getByRole('button', { name: 'Actions for Cat sticker pack' });
    await waitFor(() => expect(menuButton()).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'View' })).toHaveFocus());
    await expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(menuButton()).toHaveFocus());
  },
};

export const DeleteFails: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  parameters: backend(failing('/api/shop/delete', { msg: 'Try again later.' })),
  play: async () => {
    const dawn = await card('Mountain dawn');
    await userEvent.click(await dawn.findByRole('button', { name: 'Actions for Mountain dawn' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Mountain dawn?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(failed).toHaveTextContent('Try again later.');
    await userEvent.click(within(failed).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('article', { name: 'Mountain dawn' })).toBeVisible();
  },
};

/**
 * A shop of 2,000 items: each category shows its first 12 and "Show all"; search shows the
 * first 12 matches, and more on request.
 */
export const BigShop: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  parameters: backendWith((data) => {
    const bot = data.bots.find((b) => b.id === 2);
    if (!bot) return;
    const template = bot.shop[0]?.items[2];
    if (!template) return;
    bot.shop = Array.from({ length: 20 }, (_, c) => ({
      name: `Category ${c + 1}`,
      items: Array.from({ length: 100 }, (_, i) => ({
        ...template,
        name: `Item ${c * 100 + i + 1}${i % 2 === 0 ? ' sticker' : ''}`,
      })),
    }));
  }),
  play: async () => {
    const search = await screen.findByRole(
      'searchbox',
      { name: 'Search items' },
      { timeout: 15000 },
    );
    await userEvent.type(search, 'sticker');
    const results = await screen.findByRole('region', { name: 'Results' });
    await waitFor(() =>
      expect(within(results).getByRole('status')).toHaveTextContent('1,000 items found'),
    );
    // The first screenful comes with the keystroke, the rest of the page just after.
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(12));
    await userEvent.click(within(results).getByRole('button', { name: 'Show more results' }));
    await waitFor(() => expect(within(results).getAllByRole('article')).toHaveLength(24));
  },
};

export const WithTheKeyboard: Story = {
  tags: ['!visual'],
  play: async () => {
    const rose = await card('Virtual rose');
    rose.getByRole('button', { name: 'Preview of Virtual rose' }).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Virtual rose' }, FIRST_USE);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(rose.getByRole('button', { name: 'Preview of Virtual rose' })).toHaveFocus();
    await userEvent.tab();
    await expect(rose.getByRole('button', { name: /^Buy Virtual rose/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Buy Virtual rose?' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: { route: '/shop?bot=2' },
  play: async () => {
    // The Arabic heading, not just a heading: the previous story's may still be on the page.
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'المتجر' }, LOAD),
    ).toBeVisible();
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await screen.findAllByRole('article');
    await settled();
  },
};

export const AServerThatSendsNoBalance: Story = {
  tags: ['!visual'],
  parameters: backend(
    replying('/api/shop', {
      success: true,
      categories: [],
      can_edit: false,
      fee: 5,
      username: 'gift_corner_bot',
      user: { id: 100000001 },
    }),
  ),
  play: async () => {
    await expect(
      await screen.findByText('There are no items in this shop yet.', {}, LOAD),
    ).toBeVisible();
    await expect(screen.queryByRole('img', { name: /^Your balance/ })).toBeNull();
  },
};

/** A small PNG drawn on a canvas. */
async function pngFile(name: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#2a73b8';
  context.fillRect(0, 0, 64, 64);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas gave no PNG');
  return new File([blob], name, { type: 'image/png' });
}

export const EditorAddsAnItem: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  play: async ({ loaded }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add item' }, LOAD));
    const form = within(await screen.findByRole('dialog', { name: 'Add item' }, LOAD));
    // The sheet has Telegram's BackButton while it is open.
    await waitFor(() => expect(snapshot(loaded.platform).backButton.visible).toBe(true));
    await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Wallpapers' }));
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'Comet sticker');
    await userEvent.type(form.getByRole('textbox', { name: 'Description' }), 'A comet.');
    await userEvent.type(form.getByRole('textbox', { name: 'Price' }), '120');
    await userEvent.upload(form.getByLabelText(/^Item image/), await pngFile('comet.png'));
    await userEvent.type(form.getByRole('textbox', { name: 'Text or caption' }), 'Thanks!');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    // The server's message, then the shop with the new item; the editor sees the net amount.
    const done = await screen.findByRole('alertdialog', {}, LOAD);
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    const comet = await card('Comet sticker');
    await expect(comet.getByText('You receive 114 ⭐')).toBeVisible();
    await expect(screen.queryByRole('dialog', { name: 'Add item' })).toBeNull();
    await waitFor(() => expect(snapshot(loaded.platform).backButton.visible).toBe(true));
  },
};

export const EditorEditsAnItem: Story = {
  tags: ['!visual'],
  args: { route: '/shop?bot=2' },
  play: async () => {
    const search = await screen.findByRole('searchbox', { name: 'Search items' }, LOAD);
    await userEvent.type(search, 'night');
    const night = await card('Night city');
    await userEvent.click(await night.findByRole('button', { name: 'Actions for Night city' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit item' }, LOAD));
    // Editing clears the search; the form is prefilled and has no category choice.
    await expect(search).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Night city');
    await expect(form.queryByRole('combobox', { name: 'Category' })).toBeNull();
    const price = form.getByRole('textbox', { name: 'Price' });
    await userEvent.clear(price);
    await userEvent.type(price, '20');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const done = await screen.findByRole('alertdialog', {}, LOAD);
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await expect(
      (await card('Night city')).getByRole('button', { name: 'Buy Night city for 20 stars' }),
    ).toBeVisible();
  },
};
