import { PLAN_TIERS, PLANS, type PlanLimitName, YEARLY_DISCOUNT_LABEL } from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';
import { DocumentTexts } from './document-screen';
import { PlanTable } from './plan-table';

const { base } = screenStories({ route: '/document' });

const meta = {
  title: 'Screens/Document',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens a folded section by its element id, whatever the language of its title. */
async function openSection(id: string) {
  await screen.findByRole('heading', { level: 1 });
  const section = document.getElementById(`doc-${id}`);
  if (!section) throw new Error(`No section #${id}`);
  await userEvent.click(within(section).getByRole('button'));
  return within(section);
}

/**
 * Opening a section scrolls it into view and leaves its toggle focused; the screenshot of the
 * whole page is taken from the top, without a focus ring.
 */
function settle() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  window.scrollTo(0, 0);
}

const english = new Intl.NumberFormat('en');
const LIMIT_ROWS: [string, PlanLimitName][] = [
  ['Messages per item', 'messagesPerItem'],
  ['Menus', 'menus'],
  ['Commands', 'commands'],
  ['Q&A', 'questions'],
  ['Start payloads', 'startPayloads'],
  ['Join requirements', 'joinRequirements'],
  ['Characters per message', 'messageLength'],
  ['Characters per popup/alert', 'popupLength'],
];

export const Document: Story = {
  play: async () => {
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Botdeck documentation' }),
    ).toBeVisible();
    await expect(screen.getByText('Version 1.2.0')).toBeVisible();
    // Folded by default: the page opens as a list of topics.
    await expect(screen.getByRole('button', { name: 'Menus' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    const section = await openSection('plans');
    const table = section.getByRole('table', { name: 'Limits and prices of each plan' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Limit', 'Free', 'Standard', 'Pro', 'Pro Plus']);

    // Every number is the plan table's own; null is unlimited.
    for (const [label, limit] of LIMIT_ROWS) {
      const row = within(table).getByRole('rowheader', { name: label }).closest('tr');
      if (!row) throw new Error(`No row ${label}`);
      await expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(
        PLAN_TIERS.map((tier) => {
          const value = PLANS[tier][limit];
          return value === null ? 'Unlimited' : english.format(value);
        }),
      );
    }
    const menus = within(table).getByRole('rowheader', { name: 'Menus' }).closest('tr');
    await expect(within(menus as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(/^4$/);
    await expect(within(menus as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent(
      'Unlimited',
    );
    const yearly = within(table).getByRole('rowheader', { name: 'Price per year' }).closest('tr');
    await expect(within(yearly as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent(
      `${english.format(PLANS.proPlus.priceYearly)} ⭐${YEARLY_DISCOUNT_LABEL}`,
    );
    // Folded again: the screenshot shows the page as it opens (the table has its own stories).
    await userEvent.click(section.getByRole('button', { name: 'Plans' }));
    settle();
  },
};

export const ReferralMilestones: Story = {
  tags: ['!visual'],
  play: async () => {
    const section = await openSection('referral');
    await expect(section.getAllByRole('term').map((term) => term.textContent)).toEqual([
      '20 invited users',
      '60 invited users',
      '100 invited users',
      '300 invited users',
      '800 invited users',
      '1,100 invited users',
    ]);
    await expect(section.getAllByRole('definition')[5]).toHaveTextContent('3 months Pro Plus');
  },
};

export const ShopLinksToTheTerms: Story = {
  tags: ['!visual'],
  play: async () => {
    const section = await openSection('shop');
    await userEvent.click(section.getByRole('link', { name: 'Read the Terms of Service' }));
    await expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Service for shop purchases' }),
    ).toBeVisible();
  },
};

export const BackGoesToBotSelection: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await screen.findByRole('heading', { level: 1, name: 'Botdeck documentation' });
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const BackGoesToTheBotsDashboard: Story = {
  tags: ['!visual'],
  args: { route: '/document?bot=2' },
  play: async ({ loaded }) => {
    await screen.findByRole('heading', { level: 1, name: 'Botdeck documentation' });
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Pixel Store' })).toBeVisible();
  },
};

export const SectionOpen: Story = {
  play: async () => {
    const section = await openSection('getting-started');
    await expect(section.getByRole('button', { name: 'Adding a bot' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(section.getAllByRole('listitem')).toHaveLength(4);
    settle();
  },
};

export const DocumentArabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    // The Arabic heading, not just a heading: the previous story's may still be on the page.
    await expect(await screen.findByRole('heading', { level: 1, name: /توثيق/ })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
    const section = await openSection('getting-started');
    await expect(section.getAllByRole('listitem')).toHaveLength(4);
    settle();
  },
};

// The screenshot of a screen story shows only the phone's first screenful, and the table sits
// far below it; these show the table itself.
const tableOnly = () => (
  <DocumentTexts>
    <div style={{ padding: 'var(--bd-space-4)', background: 'var(--bd-section-bg)' }}>
      <PlanTable />
    </div>
  </DocumentTexts>
);

export const PlanTableAlone: Story = {
  name: 'Plan table',
  render: tableOnly,
  play: async () => {
    const table = await screen.findByRole('table', { name: 'Limits and prices of each plan' });
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
  },
};

export const PlanTableArabic: Story = {
  name: 'Plan table Arabic',
  globals: { locale: 'ar' },
  render: tableOnly,
  play: async () => {
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    const cells = (index: number) => within(rows[index] as HTMLElement).getAllByRole('cell');
    // Numbers are written the Arabic locale's way, whatever digits and grouping Intl gives it.
    await expect(cells(7)[0]).toHaveTextContent(
      new Intl.NumberFormat('ar').format(PLANS.free.messageLength),
    );
    // Menus on Pro Plus: unlimited.
    await expect(cells(2)[3]).toHaveTextContent('غير محدود');
  },
};
