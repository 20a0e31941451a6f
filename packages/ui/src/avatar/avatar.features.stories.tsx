import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { AVATAR_COLORS, Avatar, avatarColor } from './avatar';

// A photo that needs no network: a small gradient drawn as SVG, served by Storybook
// (.storybook/public). A data: URL would be refused, as any photo not from http(s) or a path is.
const PHOTO = '/story-images/avatar.svg';
const BROKEN = '/story-images/missing.png';
const PHOTO_AS_DATA_URL = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E';

const meta = {
  title: 'UI/Avatar/Features',
  component: Avatar,
  tags: ['visual'],
  args: { id: 1, name: 'Shop Bot', size: 'lg' },
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

export const Photo: Story = {
  args: { src: PHOTO, alt: 'Shop Bot' },
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Shop Bot' });
    await expect(avatar).toHaveAttribute('data-state', 'image');
    const image = avatar.querySelector('img')!;
    await waitFor(() => expect(image.complete && image.naturalWidth > 0).toBe(true));
  },
};

/** A photo that fails to load gives way to the coloured initial. */
export const BrokenPhoto: Story = {
  args: { src: BROKEN, alt: 'Shop Bot', onError: fn() },
  play: async ({ args, canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Shop Bot' });
    await waitFor(() => expect(avatar).toHaveAttribute('data-state', 'initial'));
    await expect(avatar.querySelector('img')).toBeNull();
    await expect(avatar).toHaveTextContent('S');
    await expect(args.onError).toHaveBeenCalledTimes(1);
  },
};

/**
 * A photo URL that is not http(s) nor a path of this origin (a `javascript:` or `data:` URL from
 * a server) is never put in the page: the initial shows, and nothing is loaded.
 */
export const RefusedPhoto: Story = {
  tags: ['!visual'],
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Avatar id={1} name="Script" src="javascript:alert(1)" alt="Script" />
      <Avatar id={2} name="Data" src={PHOTO_AS_DATA_URL} alt="Data" />
      <Avatar id={3} name="Elsewhere" src="//evil.example/a.png" alt="Elsewhere" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const name of ['Script', 'Data', 'Elsewhere']) {
      const avatar = within(canvasElement).getByRole('img', { name });
      await expect(avatar).toHaveAttribute('data-state', 'initial');
      await expect(avatar).toHaveTextContent(name.charAt(0));
    }
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** Every one of the seven colours, from ids 0 to 6. */
export const Palette: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {AVATAR_COLORS.map((color, id) => (
        <Avatar key={color} id={id} name={color} alt={color} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const avatars = within(canvasElement).getAllByRole('img');
    await expect(avatars.map((a) => a.getAttribute('data-color'))).toEqual([...AVATAR_COLORS]);
  },
};

/** The same id always gets the same colour, whether a number or a string. */
export const Deterministic: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Avatar id={7123456789} name="Alpha" alt="Alpha" />
      <Avatar id={7123456789} name="Alpha again" alt="Alpha again" />
      <Avatar id="@channel_name" name="Channel" alt="Channel" />
      <Avatar id="@channel_name" name="Channel again" alt="Channel again" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const color = (name: string) => canvas.getByRole('img', { name }).getAttribute('data-color');
    await expect(color('Alpha')).toBe(avatarColor(7123456789));
    await expect(color('Alpha again')).toBe(color('Alpha'));
    await expect(color('Channel again')).toBe(color('Channel'));
  },
};

/** First characters from every script the app meets: Arabic, Cyrillic, Turkish, emoji. */
export const Scripts: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Avatar id={1} name="بوت المتجر" alt="Arabic" />
      <Avatar id={2} name="алиса" alt="Cyrillic" />
      <Avatar id={3} name="ılık" alt="Turkish" />
      <Avatar id={4} name="👨‍👩‍👧 Family" alt="Emoji" />
      <Avatar id={5} name="🇹🇷 Türkiye" alt="Flag" />
      <Avatar id={6} name="   " alt="Blank" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = (name: string) => canvas.getByRole('img', { name }).textContent;
    await expect(text('Arabic')).toBe('ب');
    await expect(text('Cyrillic')).toBe('А');
    await expect(text('Emoji')).toBe('👨‍👩‍👧');
    await expect(text('Flag')).toBe('🇹🇷');
    await expect(text('Blank')).toBe('?');
  },
};

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Avatar id={3} name="Small" size="sm" alt="Small" />
      <Avatar id={3} name="Medium" size="md" alt="Medium" />
      <Avatar id={3} name="Large" size="lg" alt="Large" />
      <Avatar id={3} name="Extra large" size="xl" alt="Extra large" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const widths = within(canvasElement)
      .getAllByRole('img')
      .map((a) => a.getBoundingClientRect().width);
    await expect(widths).toEqual([32, 40, 56, 80]);
  },
};

/** Without `alt` it is decorative: hidden from screen readers, since a name sits beside it. */
export const Decorative: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Avatar id={2} name="Alice" />
      <span>Alice</span>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img')).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: { id: 4, name: 'أحمد', alt: 'أحمد' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'أحمد' })).toHaveTextContent('أ');
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Palette.render };

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, auto)', gap: 8 }}>
      <Avatar id={0} name="Initial" alt="Initial" />
      <Avatar id={1} name="Photo" src={PHOTO} alt="Photo" />
      <Avatar id={2} name="Broken" src={BROKEN} alt="Broken" />
      <Avatar id={3} name="😀 Emoji" alt="Emoji" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const broken = within(canvasElement).getByRole('img', { name: 'Broken' });
    await waitFor(() => expect(broken).toHaveAttribute('data-state', 'initial'));
  },
};
