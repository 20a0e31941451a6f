import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MessageIcon } from '../icons';
import { Tile } from './tile';

const meta = {
  title: 'UI/Tile',
  component: Tile,
  tags: ['visual'],
  args: {
    icon: <MessageIcon />,
    label: 'Start message',
    description: 'What the bot says first',
    onClick: fn(),
  },
  argTypes: { icon: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, maxInlineSize: 200 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tile>;

export default meta;
// The props are a union (link or button), which StoryObj<typeof meta> cannot narrow.
type Story = StoryObj<typeof Tile>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const tile = within(canvasElement).getByRole('button', { name: /Start message/ });
    await userEvent.click(tile);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Playground: Story = { args: { label: 'Shop', description: 'Sell for Stars' } };
