import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import { StarIcon } from '../icons';
import { Banner } from './banner';

const onUpgrade = fn();

const meta = {
  title: 'UI/Banner',
  component: Banner,
  tags: ['visual'],
  args: {
    icon: <StarIcon />,
    title: 'Get Pro for free',
    text: 'Invite friends to earn free Pro time, or upgrade for more menus and messages.',
    actions: (
      <>
        <Button size="sm" variant="secondary">
          Share
        </Button>
        <Button size="sm" onClick={onUpgrade}>
          Upgrade
        </Button>
      </>
    ),
  },
  argTypes: { icon: { control: false }, actions: { control: false } },
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

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The banner is a region named by its title.
    await expect(canvas.getByRole('region', { name: 'Get Pro for free' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Upgrade' }));
    await expect(onUpgrade).toHaveBeenCalled();
  },
};

export const Playground: Story = { args: { title: 'Try Pro Plus', text: 'Unlimited menus.' } };
