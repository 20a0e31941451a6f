import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'UI/Card/Features',
  component: Card,
  tags: ['visual'],
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ContentOnly: Story = {
  args: { children: 'A card with nothing but a body.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('A card with nothing but a body.')).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <Card>
      <CardHeader>
        <CardTitle>منطقة الخطر</CardTitle>
        <CardDescription>إيقاف البوت يوقف كل الردود حتى تشغله مجددًا.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="destructive">حذف البوت</Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const title = within(canvasElement).getByRole('heading', { name: 'منطقة الخطر' });
    await expect(getComputedStyle(title).direction).toBe('rtl');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <Card>
      <CardHeader>
        <CardTitle>Bot info</CardTitle>
        <CardDescription>@botdeck_bot</CardDescription>
      </CardHeader>
      <CardContent>Active</CardContent>
    </Card>
  ),
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Card>Body only</Card>
      <Card>
        <CardHeader>
          <CardTitle>Title only</CardTitle>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Every part</CardTitle>
          <CardDescription>Header, content and footer.</CardDescription>
        </CardHeader>
        <CardContent>Content</CardContent>
        <CardFooter>
          <Button size="sm">Action</Button>
        </CardFooter>
      </Card>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('heading')).toHaveLength(2);
  },
};
