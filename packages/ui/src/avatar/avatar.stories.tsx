import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './avatar';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  tags: ['visual'],
  args: { id: 5, name: 'Botdeck Support', size: 'lg', alt: 'Botdeck Support' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] } },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Botdeck Support' });
    await expect(avatar).toHaveTextContent('B');
    // Telegram's order: id 5 % 7 is blue.
    await expect(avatar).toHaveAttribute('data-color', 'blue');
    await expect(avatar).toHaveAttribute('data-state', 'initial');
  },
};

export const Playground: Story = { args: { id: 'shop_bot', name: 'shop bot', size: 'xl' } };
