import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../icon-button';
import { InfoIcon, MoreIcon, SettingsIcon, StarIcon, TrashIcon } from '../icons';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuLinkItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

const onEdit = fn();
const onDelete = fn();
const onView = fn();

/** The shop card's menu for editors: Edit, View and a destructive Delete. */
function ItemMenu({
  dir,
  labels = ['Edit', 'View', 'Delete'],
  label = 'Item actions',
  defaultOpen,
}: {
  dir?: 'ltr' | 'rtl';
  labels?: [string, string, string] | string[];
  label?: string;
  defaultOpen?: boolean;
}) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <DropdownMenu dir={dir} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <IconButton label={label}>
            <MoreIcon />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onEdit}>{labels[0]}</DropdownMenuItem>
          <DropdownMenuItem onSelect={onView}>{labels[1]}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" icon={<TrashIcon />} onSelect={onDelete}>
            {labels[2]}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const meta = {
  title: 'UI/DropdownMenu/Features',
  component: DropdownMenu,
  tags: ['visual'],
  render: (args) => <ItemMenu dir={args.dir} defaultOpen={args.defaultOpen} />,
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter opens it on the first item; arrows move, Enter runs, focus goes back to the trigger. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Item actions' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    // The arrows loop round to the last item.
    await expect(items[2]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
  tags: ['!visual'],
};

export const EscapeCloses: Story = {
  tags: ['!visual'],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Item actions' });
    await userEvent.click(trigger);
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(onEdit).not.toHaveBeenCalled();
  },
};

export const Destructive: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const item = await screen.findByRole('menuitem', { name: 'Delete' });
    await expect(item).toHaveAttribute('data-variant', 'destructive');
  },
};

export const DisabledItem: Story = {
  render: () => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <IconButton label="Settings">
            <SettingsIcon />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Info</DropdownMenuItem>
          <DropdownMenuItem disabled>Language</DropdownMenuItem>
          <DropdownMenuItem>Upgrade</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
  play: async () => {
    const menu = await screen.findByRole('menu');
    const [info, language, upgrade] = within(menu).getAllByRole('menuitem');
    await expect(language).toHaveAttribute('aria-disabled', 'true');
    // The arrow keys skip the disabled item.
    info!.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(upgrade).toHaveFocus();
  },
};

/** With `dir="rtl"` the menu opens towards the right edge's inside and the arrows still work. */
export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => <ItemMenu dir="rtl" label="إجراءات العنصر" labels={['تعديل', 'عرض', 'حذف']} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'إجراءات العنصر' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(menu).toHaveAttribute('dir', 'rtl');
    // Aligned with the trigger's inline end, which in Arabic is its left edge.
    await waitFor(() =>
      expect(Math.round(menu.getBoundingClientRect().left)).toBe(
        Math.round(trigger.getBoundingClientRect().left),
      ),
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'تعديل' })).toHaveFocus();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { defaultOpen: true } };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <IconButton label="Settings">
            <SettingsIcon />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Bot</DropdownMenuLabel>
          <DropdownMenuItem icon={<InfoIcon />}>With icon</DropdownMenuItem>
          <DropdownMenuItem>Plain</DropdownMenuItem>
          <DropdownMenuItem disabled icon={<StarIcon />}>
            Disabled
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLinkItem href="#page">Link</DropdownMenuLinkItem>
          <DropdownMenuLinkItem href="https://t.me/botdeck_news" external>
            External link
          </DropdownMenuLinkItem>
          <DropdownMenuItem variant="destructive" icon={<TrashIcon />}>
            Destructive
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
  play: async () => {
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(6);
    await expect(within(menu).getByRole('menuitem', { name: 'External link' })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};
