import { DISCOUNT_FORMAT, YEARLY_DISCOUNT } from '@botdeck/core';
import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import { failing, networkError } from '@botdeck/server/msw';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

// In the seed, bot 1 (Dana Helper) is on Free, bot 2 (Pixel Store) on Pro, bot 5 (Team Desk,
// someone else's, Dana an admin) on Standard and bot 6 on Pro Plus. The development backend's
// invoice links read https://t.me/$botdeck-plan-<bot>-<standard|pro|plus>-<mo|yr>.
const { base, backend, loading, onBotApi, traffic } = screenStories({ route: '/upgrade?bot=1' });

const meta = {
  title: 'Screens/Upgrade',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };

/** The card of a plan, by the plan's name. */
const card = async (plan: string) => within(await screen.findByRole('group', { name: plan }, LOAD));
const buyButton = async (plan: string) =>
  (await card(plan)).getByRole('button', { name: `Upgrade to ${plan}` });
const period = (name: 'Monthly' | 'Yearly') =>
  within(screen.getByRole('radiogroup', { name: 'Billing period' })).getByRole('radio', { name });

/** The invoice the emulator has open, once the app has opened one. */
async function openInvoice(platform: EmulatorPlatform) {
  await waitFor(() => expect(platform.store.getSnapshot().invoice).not.toBeNull());
  return platform.store.getSnapshot().invoice?.url;
}

/** The invoice link the upgrade answer gave for `handle` (sta_mo, pro_yr, plus_yr…). */
function answered(handle: string) {
  const load = traffic.find((event) => event.name === 'upgrade');
  return load?.reply.body[handle];
}

const SCROLL_HINT = 'Swipe sideways to see every plan.';

/**
 * The comparison's plan columns are right-aligned numbers: each column's text must stay clear
 * of the next one's (they once touched, "2,048 3,072"), in every row, the headings' included.
 */
async function expectColumnsApart(table: HTMLElement) {
  const rtl = getComputedStyle(table).direction === 'rtl';
  const textBox = (cell: HTMLElement) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getBoundingClientRect();
  };
  for (const row of within(table).getAllByRole('row')) {
    const cells = within(row)
      .queryAllByRole('columnheader')
      .slice(1)
      .concat(within(row).queryAllByRole('cell'));
    for (let index = 1; index < cells.length; index += 1) {
      const before = textBox(cells[index - 1] as HTMLElement);
      const after = textBox(cells[index] as HTMLElement);
      const gap = rtl ? before.left - after.right : after.left - before.right;
      await expect(
        gap,
        `${cells[index - 1]?.textContent} | ${cells[index]?.textContent}`,
      ).toBeGreaterThanOrEqual(12);
    }
  }
}

const EXPLAINS_PRO = 'This bot is already upgraded to Pro or pro plus.';
const EXPLAINS_PRO_PLUS = 'This bot is already upgraded to Pro plus.';

export const Monthly: Story = {
  play: async () => {
    await card('Free');
    await expect(screen.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(period('Monthly')).toBeChecked();
    // The four plans in order, each with its monthly price in whole stars.
    const names = screen
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-labelledby'))
      .map((id) => document.getElementById(id ?? '')?.textContent);
    await expect(names).toEqual(['Free', 'Standard', 'Pro', 'Pro Plus']);
    // Free costs nothing in any period: said so, not "0 ⭐ / month".
    await expect((await card('Free')).getByText('No charge')).toBeVisible();
    await expect((await card('Free')).queryByText(/0 ⭐/)).toBeNull();
    await expect((await card('Standard')).getByText('167 ⭐ / month')).toBeVisible();
    await expect((await card('Pro')).getByText('335 ⭐ / month')).toBeVisible();
    await expect((await card('Pro Plus')).getByText('1,206 ⭐ / month')).toBeVisible();
    await expect(screen.queryByText('-7.4%')).toBeNull();
    // What each allows, from the plan table: Pro Plus has no limit on menus.
    const proPlus = await card('Pro Plus');
    await expect(proPlus.getByText('Menus').nextElementSibling).toHaveTextContent('Unlimited');
    await expect(proPlus.getByText('Messages per item').nextElementSibling).toHaveTextContent('50');
    await expect(
      (await card('Free')).getByText('Characters per popup/alert').nextElementSibling,
    ).toHaveTextContent('63');
    // Free is the bot's plan, and is never bought; the three paid plans are offered.
    const free = await card('Free');
    await expect(free.getByText('Current plan')).toBeVisible();
    await expect(free.getByText('Free comes with every bot.')).toBeVisible();
    await expect(free.queryByRole('button')).toBeNull();
    for (const plan of ['Standard', 'Pro', 'Pro Plus']) {
      await expect(await buyButton(plan)).toBeEnabled();
    }
    // The comparison below marks the bot's plan too.
    const table = screen.getByRole('table', { name: 'Compare plans' });
    await expect(
      within(table).getByRole('columnheader', { name: /^Free\s*Current plan$/ }),
    ).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(9);
    await expectColumnsApart(table);
  },
};

/**
 * The comparison on the narrowest phone Telegram runs on (the screen in a 320 px box): Pro
 * Plus does not fit beside the others, so the table scrolls, says so, and fades out at the side
 * that hides a column; scrolled to its end, the fade goes and the limit names cast a shadow.
 */
export const ComparisonOnA320PxPhone: Story = {
  decorators: [
    (Story) => (
      <div style={{ inlineSize: '320px' }}>
        <Story />
      </div>
    ),
  ],
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Compare plans' }, LOAD);
    const region = screen.getByRole('region', { name: 'Compare plans' });
    const viewport = region.parentElement as HTMLElement;
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(await screen.findByText(SCROLL_HINT)).toBeVisible();
    await expect(region).toHaveAccessibleDescription(SCROLL_HINT);
    await expect(viewport).toHaveAttribute('data-hidden-end');
    await expect(viewport).not.toHaveAttribute('data-hidden-start');
    await expectColumnsApart(table);

    region.scrollLeft = region.scrollWidth;
    await waitFor(() => expect(viewport).toHaveAttribute('data-hidden-start'));
    await expect(viewport).not.toHaveAttribute('data-hidden-end');
    // Back at the start for the picture, which shows the fade over the cut column.
    region.scrollLeft = 0;
    await waitFor(() => expect(viewport).toHaveAttribute('data-hidden-end'));
    await expect(viewport).not.toHaveAttribute('data-hidden-start');
  },
};

export const Yearly: Story = {
  play: async () => {
    await userEvent.click(await waitFor(() => period('Yearly'), LOAD));
    await expect(period('Yearly')).toBeChecked();
    await expect((await card('Free')).getByText('No charge')).toBeVisible();
    await expect(screen.queryByText('0 ⭐ / year')).toBeNull();
    await expect((await card('Standard')).getByText('2,010 ⭐ / year')).toBeVisible();
    await expect((await card('Pro')).getByText('4,020 ⭐ / year')).toBeVisible();
    const proPlus = await card('Pro Plus');
    await expect(proPlus.getByText('13,400 ⭐ / year')).toBeVisible();
    // The discount is on yearly Pro Plus alone.
    await expect(proPlus.getByText('-7.4%')).toBeVisible();
    await expect(screen.getAllByText('-7.4%')).toHaveLength(1);
  },
};

export const CurrentStandard: Story = {
  // Team Desk: someone else's bot, which Dana manages; any admin may pay for its plan.
  args: { route: '/upgrade?bot=5' },
  play: async () => {
    const standard = await card('Standard');
    await expect(standard.getByText('Current plan')).toBeVisible();
    await expect(standard.getByText('This bot is already upgraded to Standard.')).toBeVisible();
    await expect(standard.queryByRole('button')).toBeNull();
    await expect(await buyButton('Pro')).toBeEnabled();
    await expect(await buyButton('Pro Plus')).toBeEnabled();
  },
};

export const CurrentPro: Story = {
  args: { route: '/upgrade?bot=2' },
  play: async () => {
    const pro = await card('Pro');
    await expect(pro.getByText('Current plan')).toBeVisible();
    // Already upgraded: Standard and Pro are not offered, and say why in SPEC's words.
    for (const plan of ['Standard', 'Pro']) {
      const plain = await card(plan);
      await expect(plain.getByText(EXPLAINS_PRO)).toBeVisible();
      await expect(plain.queryByRole('button')).toBeNull();
    }
    await expect(await buyButton('Pro Plus')).toBeEnabled();
    await expect((await card('Free')).queryByText('Current plan')).toBeNull();
    const table = screen.getByRole('table', { name: 'Compare plans' });
    await expect(
      within(table).getByRole('columnheader', { name: /^Pro\s*Current plan$/ }),
    ).toBeVisible();
    await expect(within(table).getAllByText('Current plan')).toHaveLength(1);
  },
};

export const CurrentProPlus: Story = {
  args: { route: '/upgrade?bot=6' },
  play: async () => {
    await expect((await card('Pro Plus')).getByText('Current plan')).toBeVisible();
    for (const plan of ['Standard', 'Pro', 'Pro Plus']) {
      await expect((await card(plan)).getByText(EXPLAINS_PRO_PLUS)).toBeVisible();
    }
    // Nothing to buy on the best plan.
    await expect(screen.queryByRole('button', { name: /^Upgrade to/ })).toBeNull();
  },
};

export const Buying: Story = {
  // Telegram's chrome draws the invoice sheet over the page, as the app sees it.
  parameters: { telegramChrome: true },
  play: async ({ loaded }) => {
    const pro = await buyButton('Pro');
    await userEvent.click(pro);
    // Telegram's invoice opens with the answer's pro_mo handle.
    await expect(await openInvoice(loaded.platform)).toBe(answered('pro_mo'));
    await expect(pro).toHaveAttribute('aria-busy', 'true');
    await expect(pro).toBeDisabled();
    await expect(await buyButton('Standard')).toBeDisabled();
    await expect(await buyButton('Pro Plus')).toBeDisabled();
    await expect((await card('Pro')).getByRole('status')).toHaveTextContent(
      'Waiting for the payment…',
    );
    await expect(
      await screen.findByRole('dialog', { name: 'Pay with Telegram Stars' }),
    ).toBeVisible();
  },
};

export const NoSecondInvoiceWhileOneIsOpen: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const pro = await buyButton('Pro');
    // Two quick taps: the second finds the invoice open and opens nothing.
    await userEvent.dblClick(pro);
    await openInvoice(loaded.platform);
    await expect(pro).toBeDisabled();
    loaded.platform.resolveInvoice('cancelled');
    await waitFor(() => expect(pro).toBeEnabled());
    // An invoice the emulator had to refuse would have shown the cannot-pay line.
    await expect((await card('Pro')).getByRole('status')).toHaveTextContent('');
  },
};

export const PaidClosesTheApp: Story = {
  parameters: { telegramChrome: true },
  play: async ({ loaded }) => {
    await userEvent.click(await buyButton('Pro'));
    await openInvoice(loaded.platform);
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Paid' }));
    // The app closes; it grants nothing itself (the server does on Telegram's callback).
    await waitFor(() => expect(loaded.platform.store.getSnapshot().closed).toBe(true));
    await expect(await screen.findByText('The mini app was closed.')).toBeVisible();
    await expect(traffic.map((event) => event.name)).toEqual(['upgrade']);
  },
};

export const Cancelled: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const standard = await buyButton('Standard');
    await userEvent.click(standard);
    await openInvoice(loaded.platform);
    loaded.platform.resolveInvoice('cancelled');
    // Back as it was: the button takes a tap again, nothing is said, the app stays open.
    await waitFor(() => expect(standard).toBeEnabled());
    await expect(standard).not.toHaveAttribute('aria-busy');
    await expect((await card('Standard')).getByRole('status')).toHaveTextContent('');
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
    await userEvent.click(standard);
    await expect(await openInvoice(loaded.platform)).toBe(answered('sta_mo'));
  },
};

export const Failed: Story = {
  play: async ({ loaded }) => {
    const pro = await buyButton('Pro');
    await userEvent.click(pro);
    await openInvoice(loaded.platform);
    loaded.platform.resolveInvoice('failed');
    await expect(
      await (await card('Pro')).findByText('The payment did not go through. You can try again.'),
    ).toBeVisible();
    await expect(pro).toBeEnabled();
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
  },
};

export const Pending: Story = {
  play: async ({ loaded }) => {
    await userEvent.click(await waitFor(() => period('Yearly'), LOAD));
    const proPlus = await buyButton('Pro Plus');
    await userEvent.click(proPlus);
    // Yearly Pro Plus: the answer's plus_yr handle.
    await expect(await openInvoice(loaded.platform)).toBe(answered('plus_yr'));
    loaded.platform.resolveInvoice('pending');
    await expect(
      await (await card('Pro Plus')).findByText(
        'The payment is being processed. The plan starts once it is confirmed.',
      ),
    ).toBeVisible();
    await expect(proPlus).toBeEnabled();
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
  },
};

export const ClientWithoutInvoices: Story = {
  // Bot API 6.0: Telegram's openInvoice is missing, so opening one is refused.
  loaders: onBotApi('6.0'),
  play: async ({ loaded }) => {
    const pro = await buyButton('Pro');
    await userEvent.click(pro);
    await expect(
      await (await card('Pro')).findByText(
        "This version of Telegram can't open payments. Update Telegram, then try again.",
      ),
    ).toBeVisible();
    await expect(pro).toBeEnabled();
    await expect(loaded.platform.store.getSnapshot().invoice).toBeNull();
    await expect(loaded.platform.store.getSnapshot().closed).toBe(false);
  },
};

export const Loading: Story = {
  parameters: loading(),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await expect(screen.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  },
};

export const LoadFailure: Story = {
  parameters: backend(networkError('/api/upgrade')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', undefined, LOAD);
    await expect(dialog).toHaveTextContent('An error occurred, try again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('group')).toBeNull();
  },
};

/** Fails the first load only, so "Try again" meets a working server. */
function failingOnce(path: string) {
  let failed = false;
  return networkError(path, {
    when: () => {
      if (failed) return false;
      failed = true;
      return true;
    },
  });
}

export const RetryAfterLoadFailure: Story = {
  tags: ['!visual'],
  parameters: backend(failingOnce('/api/upgrade')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', undefined, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await expect(await buyButton('Pro')).toBeEnabled();
  },
};

export const LoadFailureBackToTheDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/upgrade?bot=2' },
  parameters: backend(networkError('/api/upgrade')),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', undefined, LOAD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' }, LOAD)).toBeVisible();
  },
};

export const NotYourBot: Story = {
  tags: ['!visual'],
  parameters: backend(
    failing('/api/upgrade', { msg: 'You are not an admin of this bot.', nav: true }),
  ),
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', undefined, LOAD);
    await expect(dialog).toHaveTextContent('You are not an admin of this bot.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' }, LOAD)).toBeVisible();
  },
};

export const WithoutABot: Story = {
  tags: ['!visual'],
  args: { route: '/upgrade' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Back' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(traffic).toHaveLength(0);
  },
};

export const BackGoesToTheDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/upgrade?bot=2' },
  play: async ({ loaded }) => {
    await card('Pro');
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' }, LOAD)).toBeVisible();
  },
};

export const WithTheKeyboard: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await card('Free');
    // Tab enters the period choice at the chosen segment; an arrow key picks Yearly.
    await userEvent.tab();
    await expect(period('Monthly')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight>}');
    await waitFor(() => expect(period('Yearly')).toBeChecked());
    await userEvent.keyboard('{/ArrowRight}');
    // On to the first plan on offer (Free has no button), and Enter opens its invoice.
    await userEvent.tab();
    const standard = await buyButton('Standard');
    await expect(standard).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await openInvoice(loaded.platform)).toBe(answered('sta_yr'));
    loaded.platform.resolveInvoice('cancelled');
    // Focus comes back to the button once it takes taps again.
    await waitFor(() => expect(standard).toHaveFocus());
    await userEvent.tab();
    await expect(await buyButton('Pro')).toHaveFocus();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: { route: '/upgrade?bot=2' },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'الباقات' }, LOAD),
    ).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const arabic = new Intl.NumberFormat('ar');
    const proPlus = within(await screen.findByRole('group', { name: 'برو بلس' }));
    // Values inside Arabic sentences are isolated (FSI … PDI), so they keep their own order.
    await expect(proPlus.getByText(`\u2068${arabic.format(1206)}\u2069 ⭐ / شهر`)).toBeVisible();
    await expect(
      proPlus.getByRole('button', { name: 'الترقية إلى باقة \u2068برو بلس\u2069' }),
    ).toBeVisible();
    const pro = within(screen.getByRole('group', { name: 'برو' }));
    await expect(pro.getByText('هذا البوت مُرقّى بالفعل إلى باقة برو أو برو بلس.')).toBeVisible();
    // Mirrored: the badge sits left of the plan's name.
    const name = pro.getByRole('heading', { name: 'برو' });
    await expect(pro.getByText('الباقة الحالية').getBoundingClientRect().left).toBeLessThan(
      name.getBoundingClientRect().left,
    );
    // Yearly, the discount is written the Arabic way (sign and per cent sign where Arabic
    // readers expect them).
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'فترة الفوترة' })).getByRole('radio', {
        name: 'سنوي',
      }),
    );
    await expect(
      proPlus.getByText(new Intl.NumberFormat('ar', DISCOUNT_FORMAT).format(YEARLY_DISCOUNT)),
    ).toBeVisible();
  },
};
