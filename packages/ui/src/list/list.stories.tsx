import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { List, ListItem } from './list';

const meta = {
  title: 'UI/List',
  component: ListItem,
  tags: ['visual'],
  args: {
    name: 'main_menu',
    description: '3 messages',
    deleteLabel: 'Delete',
    locked: false,
    lockedLabel: 'Locked',
    onClick: fn(),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <List aria-label="Menus">
      <ListItem {...args} />
      <ListItem name="support" description="1 message" onClick={fn()} onDelete={fn()} />
      <ListItem name="prices" description="2 messages" onClick={fn()} onDelete={fn()} />
    </List>
  ),
} satisfies Meta<typeof ListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Menus' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    const row = canvas.getByRole('button', { name: 'main_menu 3 messages' });
    await userEvent.click(row);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    // Tab goes from the row to its delete button, which says which row it deletes.
    await userEvent.tab();
    const deleteButton = canvas.getAllByRole('button', { name: 'Delete' })[0]!;
    await expect(deleteButton).toHaveFocus();
    await expect(deleteButton).toHaveAccessibleDescription('main_menu');
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Playground: Story = {
  args: { name: 'a_longer_command_name', description: 'Locked on Free', locked: true },
};
