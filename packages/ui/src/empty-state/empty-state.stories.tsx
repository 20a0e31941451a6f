import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import { InboxIcon } from '../icons';
import { EmptyState } from './empty-state';

const onAdd = fn();

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  tags: ['visual'],
  args: {
    icon: <InboxIcon />,
    title: 'No bots yet',
    description: 'Create a bot with @BotFather and add it here with its token.',
    action: <Button onClick={onAdd}>Create bot</Button>,
  },
  argTypes: { icon: { control: false }, action: { control: false } },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No bots yet' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create bot' }));
    await expect(onAdd).toHaveBeenCalled();
  },
};

export const Playground: Story = {
  args: {
    title: 'No items',
    description: 'This shop has nothing for sale yet.',
    action: undefined,
  },
};
