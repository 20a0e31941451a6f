import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  tags: ['visual'],
  args: { defaultValue: 'users', onValueChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="People">
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="admins">Admins</TabsTrigger>
        <TabsTrigger value="banned">Banned</TabsTrigger>
      </TabsList>
      <TabsContent value="users">1,204 users</TabsContent>
      <TabsContent value="admins">3 admins</TabsContent>
      <TabsContent value="banned">12 banned</TabsContent>
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

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tablist', { name: 'People' })).toBeVisible();
    await expect(canvas.getByRole('tabpanel', { name: 'Users' })).toHaveTextContent('1,204 users');
    await userEvent.click(canvas.getByRole('tab', { name: 'Admins' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Admins' })).toHaveTextContent('3 admins');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('admins');
    // Arrows move between tabs and show each panel.
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Banned' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Banned' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Playground: Story = { args: { defaultValue: 'banned' } };
