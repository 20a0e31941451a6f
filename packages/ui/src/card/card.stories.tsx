import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'UI/Card',
  component: Card,
  tags: ['visual'],
  args: { children: undefined },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Danger zone</CardTitle>
        <CardDescription>
          Stopping the bot pauses every reply until you start it again.
        </CardDescription>
      </CardHeader>
      <CardContent>Users: 1,204 · Admins: 3 · Banned: 12</CardContent>
      <CardFooter>
        <Button variant="secondary">Stop bot</Button>
        <Button variant="destructive">Delete bot</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Delete bot' })).toBeVisible();
  },
};

export const Playground: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Pro</CardTitle>
        <CardDescription>Seven messages per item, fifteen menus.</CardDescription>
      </CardHeader>
    </Card>
  ),
};
