import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Avatar } from '../avatar';
import { Badge } from '../badge';
import { List, ListItem } from './list';

const meta = {
  title: 'UI/List/Features',
  component: ListItem,
  tags: ['visual'],
  args: { name: 'main_menu' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <List aria-label="Items">
      <ListItem {...args} />
    </List>
  ),
} satisfies Meta<typeof ListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A locked item reads as unavailable (aria-disabled, a lock) but still answers the tap, so the
 * app can show the upgrade error instead of opening it.
 */
export const Locked: Story = {
  args: { name: 'vip_menu', locked: true, lockedLabel: 'Locked', onClick: fn(), onDelete: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The hidden "Locked" is read with the name.
    const row = canvas.getByRole('button', { name: 'vip_menu Locked' });
    await expect(row).toHaveAttribute('aria-disabled', 'true');
    await expect(row.closest('li')).toHaveAttribute('data-state', 'locked');
    await userEvent.click(row);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    // Still reachable by keyboard too.
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const Links: Story = {
  render: () => (
    <List aria-label="Menus">
      <ListItem name="main_menu" href="#/menu-messages?bot=1&ind=0" />
      <ListItem name="support" href="#/menu-messages?bot=1&ind=1" />
    </List>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'main_menu' });
    await expect(link).toHaveAttribute('href', '#/menu-messages?bot=1&ind=0');
  },
};

/** Rows of people: avatar before the name, a role badge after it, no navigation. */
export const Users: Story = {
  render: () => (
    <List aria-label="Admins">
      <ListItem
        leading={<Avatar id={1} name="Alice" />}
        name="Alice"
        description="@alice"
        trailing={<Badge variant="accent">Owner</Badge>}
      />
      <ListItem
        leading={<Avatar id={2} name="Борис" />}
        name="Борис"
        description="@boris"
        trailing={<Badge>Admin</Badge>}
      />
      <ListItem leading={<Avatar id={3} name="You" />} name="You" trailing={<Badge>You</Badge>} />
    </List>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    // Static rows are not buttons.
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const LongNames: Story = {
  args: {
    name: 'a_very_long_start_payload_name_that_does_not_fit',
    description: 'A description long enough to be cut at the end of the row as well',
    onClick: fn(),
    onDelete: fn(),
  },
  play: async ({ canvasElement }) => {
    const name = canvasElement.querySelector('[data-slot="list-item-name"]')!;
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <List aria-label="القوائم">
      <ListItem
        name="القائمة_الرئيسية"
        description="٣ رسائل"
        onClick={fn()}
        onDelete={fn()}
        deleteLabel="حذف"
      />
      <ListItem
        name="vip"
        locked
        lockedLabel="مقفل"
        onClick={fn()}
        onDelete={fn()}
        deleteLabel="حذف"
      />
    </List>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('button', { name: /^القائمة_الرئيسية/ });
    const del = canvas.getAllByRole('button', { name: 'حذف' })[0]!;
    // Delete sits at the inline end: the left in Arabic.
    await expect(del.getBoundingClientRect().left).toBeLessThan(row.getBoundingClientRect().left);
    const chevron = row.querySelector('[data-icon="chevron-forward"]')!;
    await expect(getComputedStyle(chevron).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  },
};

function AllRows() {
  return (
    <List aria-label="Every row">
      <ListItem name="Static row" />
      <ListItem name="Button row" description="With a description" onClick={fn()} />
      <ListItem name="Link row" href="#row" />
      <ListItem name="Deletable" onClick={fn()} onDelete={fn()} />
      <ListItem name="Locked" locked onClick={fn()} onDelete={fn()} />
      <ListItem name="Trailing" trailing={<Badge variant="success">Active</Badge>} onClick={fn()} />
    </List>
  );
}

export const Dark: Story = { globals: { theme: 'dark' }, render: () => <AllRows /> };

export const AllStates: Story = {
  render: () => <AllRows />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
    await expect(canvas.getByRole('button', { name: 'Locked Locked' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};
