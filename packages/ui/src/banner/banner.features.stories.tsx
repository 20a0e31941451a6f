import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button';
import { ShareIcon, StarIcon } from '../icons';
import { Banner } from './banner';

const meta = {
  title: 'UI/Banner/Features',
  component: Banner,
  tags: ['visual'],
  args: { title: 'Get Pro for free' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('region', { name: 'Get Pro for free' }),
    ).toBeVisible();
  },
};

export const WithoutIcon: Story = {
  args: {
    text: 'Invite three friends and get a month of Pro.',
    actions: <Button size="sm">Share</Button>,
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="banner-icon"]')).toBeNull();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    icon: <StarIcon />,
    title: 'احصل على Pro مجانًا',
    text: 'ادعُ أصدقاءك لتحصل على وقت Pro مجاني، أو قم بالترقية.',
    actions: (
      <>
        <Button size="sm" variant="secondary">
          مشاركة
        </Button>
        <Button size="sm">ترقية</Button>
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const share = canvas.getByRole('button', { name: 'مشاركة' });
    const upgrade = canvas.getByRole('button', { name: 'ترقية' });
    // Actions run right to left.
    await expect(share.getBoundingClientRect().left).toBeGreaterThan(
      upgrade.getBoundingClientRect().left,
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    icon: <ShareIcon />,
    title: 'Invite friends',
    text: 'Each friend who joins brings you closer to free Pro Plus.',
    actions: <Button size="sm">Share</Button>,
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Banner title="Title only" />
      <Banner title="With text" text="Some text under the title." />
      <Banner
        icon={<StarIcon />}
        title="Every part"
        text="Icon, title, text and actions."
        actions={
          <>
            <Button size="sm" variant="secondary">
              Share
            </Button>
            <Button size="sm">Upgrade</Button>
          </>
        }
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('region')).toHaveLength(3);
  },
};
