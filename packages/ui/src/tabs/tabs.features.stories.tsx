import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'UI/Tabs/Features',
  component: Tabs,
  tags: ['visual'],
  args: { defaultValue: 'users' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="People">
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="admins">Admins</TabsTrigger>
        <TabsTrigger value="banned" disabled>
          Banned
        </TabsTrigger>
      </TabsList>
      <TabsContent value="users">Users panel</TabsContent>
      <TabsContent value="admins">Admins panel</TabsContent>
      <TabsContent value="banned">Banned panel</TabsContent>
    </Tabs>
  ),
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tab goes from the active tab into its panel; Home and End jump; disabled tabs are skipped. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Users' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('tab', { name: 'Admins' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    // Banned is disabled: the arrow wraps round to Users.
    await expect(canvas.getByRole('tab', { name: 'Users' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Users' })).toHaveFocus();
  },
};

export const Disabled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Banned' })).toBeDisabled();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <Tabs defaultValue="users" dir="rtl">
      <TabsList aria-label="الأشخاص">
        <TabsTrigger value="users">المستخدمون</TabsTrigger>
        <TabsTrigger value="admins">المشرفون</TabsTrigger>
        <TabsTrigger value="banned">المحظورون</TabsTrigger>
      </TabsList>
      <TabsContent value="users">١٬٢٠٤ مستخدم</TabsContent>
      <TabsContent value="admins">٣ مشرفين</TabsContent>
      <TabsContent value="banned">١٢ محظورًا</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const users = canvas.getByRole('tab', { name: 'المستخدمون' });
    const admins = canvas.getByRole('tab', { name: 'المشرفون' });
    await expect(users.getBoundingClientRect().left).toBeGreaterThan(
      admins.getBoundingClientRect().left,
    );
    await userEvent.click(users);
    // In Arabic, ArrowLeft goes to the next tab.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(admins).toHaveAttribute('aria-selected', 'true');
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultValue: 'admins' } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <Tabs defaultValue="a">
        <TabsList aria-label="Two tabs">
          <TabsTrigger value="a">Active</TabsTrigger>
          <TabsTrigger value="b">Inactive</TabsTrigger>
        </TabsList>
        <TabsContent value="a">First panel</TabsContent>
        <TabsContent value="b">Second panel</TabsContent>
      </Tabs>
      <Tabs defaultValue="b">
        <TabsList aria-label="With a disabled tab">
          <TabsTrigger value="a">Inactive</TabsTrigger>
          <TabsTrigger value="b">Active</TabsTrigger>
          <TabsTrigger value="c" disabled>
            Disabled
          </TabsTrigger>
        </TabsList>
        <TabsContent value="a">First panel</TabsContent>
        <TabsContent value="b">Second panel</TabsContent>
        <TabsContent value="c">Third panel</TabsContent>
      </Tabs>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('tablist')).toHaveLength(2);
  },
};
