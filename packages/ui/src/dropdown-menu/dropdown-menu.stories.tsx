import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../icon-button';
import { InfoIcon, SettingsIcon, ShareIcon, StarIcon } from '../icons';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLinkItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

const onUpgrade = fn();
const onLanguage = fn();

const meta = {
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  tags: ['visual'],
  args: { modal: false },
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <IconButton label="Settings">
            <SettingsIcon />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLinkItem href="#/document" icon={<InfoIcon />}>
            Info
          </DropdownMenuLinkItem>
          <DropdownMenuItem icon={<StarIcon />} onSelect={onUpgrade}>
            Upgrade
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onLanguage}>Language</DropdownMenuItem>
          <DropdownMenuLinkItem href="#/share" icon={<ShareIcon />}>
            Invite friends
          </DropdownMenuLinkItem>
          <DropdownMenuSeparator />
          <DropdownMenuLinkItem href="https://t.me/botdeck_news" external>
            News channel
          </DropdownMenuLinkItem>
          <DropdownMenuLinkItem href="https://t.me/botdeck_support" external>
            Support
          </DropdownMenuLinkItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Settings' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Upgrade' }));
    await expect(onUpgrade).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Open again for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('menu');
  },
};

export const Playground: Story = {
  args: { defaultOpen: true },
  play: async () => {
    await expect(await screen.findByRole('menu')).toBeVisible();
  },
};
