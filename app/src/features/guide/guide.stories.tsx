import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { type ScreenStoryArgs, screenStories } from '../../dev/screen-story';

const { base } = screenStories({ route: '/guide?opt=user-pay' });

const meta = {
  title: 'Screens/Guide',
  tags: ['visual'],
  ...base,
} satisfies Meta<ScreenStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Terms: Story = {
  play: async () => {
    const terms = await screen.findByRole('article', {
      name: 'Terms of Service for shop purchases',
    });
    await expect(
      within(terms)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Who sells to you',
      'Paying with Telegram Stars',
      'Delivery',
      'Stock and limits',
      'Refunds',
      'Prohibited content',
      'Contacting the seller',
      "Botdeck's role",
      'Changes to these terms',
    ]);
    await expect(within(terms).getByRole('region', { name: 'Who sells to you' })).toHaveTextContent(
      'The owner is the seller',
    );
  },
};

export const UnknownGuide: Story = {
  args: { route: '/guide?opt=seller-pay' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Guide not found' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  },
};

export const MissingGuideGoesBack: Story = {
  tags: ['!visual'],
  args: { route: '/guide' },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const BackWithoutHistoryGoesToBotSelection: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await screen.findByRole('article');
    loaded.platform.clickBackButton();
    await expect(await screen.findByRole('heading', { name: 'Your bots' })).toBeVisible();
  },
};

export const GuideArabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    await expect(await screen.findByRole('article')).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
  },
};
