import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LockIcon, MessageIcon, SettingsIcon, StarIcon } from '../icons';
import { Tile, TileGrid } from './tile';

const meta = {
  title: 'UI/Tile/Features',
  component: Tile,
  tags: ['visual'],
  args: { icon: <MessageIcon />, label: 'Menus' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tile>;

export default meta;
// The props are a union (link or button), which StoryObj<typeof meta> cannot narrow.
type Story = StoryObj<typeof Tile>;

/** With `href` the tile is a link, so it opens like one (and works with `<Link asChild>`). */
export const AsLink: Story = {
  args: { href: '#/menu?bot=1', label: 'Menus', description: 'Buttons under messages' },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Menus/ });
    await expect(link).toHaveAttribute('href', '#/menu?bot=1');
  },
};

export const Disabled: Story = {
  args: { disabled: true, onClick: fn(), icon: <LockIcon /> },
  play: async ({ args, canvasElement }) => {
    const tile = within(canvasElement).getByRole('button', { name: 'Menus' });
    await expect(tile).toBeDisabled();
    await userEvent.click(tile);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

const TILES = [
  { label: 'Start message', icon: <MessageIcon /> },
  { label: 'Menus', icon: <MessageIcon /> },
  { label: 'Shop', icon: <StarIcon />, description: 'Sell digital items' },
  { label: 'Bot settings', icon: <SettingsIcon /> },
];

export const Grid: Story = {
  render: () => (
    <TileGrid>
      {TILES.map((tile) => (
        <Tile key={tile.label} href={`#${tile.label}`} {...tile} />
      ))}
    </TileGrid>
  ),
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    // Two to a row on a phone.
    await expect(links[0]!.getBoundingClientRect().top).toBe(links[1]!.getBoundingClientRect().top);
    await expect(links[2]!.getBoundingClientRect().top).toBeGreaterThan(
      links[0]!.getBoundingClientRect().top,
    );
  },
};

export const KeyboardPath: Story = {
  render: () => (
    <TileGrid>
      <Tile label="First" onClick={fn()} />
      <Tile label="Second" onClick={fn()} />
    </TileGrid>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'First' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Second' })).toHaveFocus();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <TileGrid>
      <Tile
        href="#start"
        icon={<MessageIcon />}
        label="رسالة البدء"
        description="أول ما يقوله البوت"
      />
      <Tile href="#shop" icon={<StarIcon />} label="المتجر" />
    </TileGrid>
  ),
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    // The first tile sits on the right in Arabic.
    await expect(links[0]!.getBoundingClientRect().left).toBeGreaterThan(
      links[1]!.getBoundingClientRect().left,
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Grid.render };

export const AllStates: Story = {
  render: () => (
    <TileGrid>
      <Tile label="Label only" />
      <Tile icon={<MessageIcon />} label="With icon" />
      <Tile icon={<StarIcon />} label="With description" description="A second line" />
      <Tile icon={<LockIcon />} label="Disabled" disabled />
      <Tile href="#link" icon={<SettingsIcon />} label="A link" />
    </TileGrid>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button')).toHaveLength(4);
    await expect(canvas.getAllByRole('link')).toHaveLength(1);
  },
};
