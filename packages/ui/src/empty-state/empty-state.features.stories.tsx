import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button';
import { InboxIcon, SearchIcon } from '../icons';
import { EmptyState } from './empty-state';

const meta = {
  title: 'UI/EmptyState/Features',
  component: EmptyState,
  tags: ['visual'],
  args: { title: 'No results' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No results' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const SearchEmpty: Story = {
  args: {
    icon: <SearchIcon />,
    title: 'Nothing found',
    description: 'No user matches “zed”. Check the spelling or search by username.',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/No user matches/)).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    icon: <InboxIcon />,
    title: 'لا توجد بوتات بعد',
    description: 'أنشئ بوتًا وأضفه هنا برمزه.',
    action: <Button>إنشاء بوت</Button>,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'إنشاء بوت' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    icon: <InboxIcon />,
    title: 'No items',
    description: 'This shop has nothing for sale yet.',
    action: <Button variant="secondary">Add item</Button>,
  },
};

export const AllStates: Story = {
  render: () => (
    <div>
      <EmptyState title="Title only" />
      <EmptyState icon={<InboxIcon />} title="With icon and text" description="A description." />
      <EmptyState
        icon={<InboxIcon />}
        title="Every part"
        description="With an action too."
        action={<Button size="sm">Act</Button>}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading')).toHaveLength(3);
  },
};
