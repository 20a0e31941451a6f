import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect, within } from 'storybook/test';
import type { IconProps } from './index';
import * as icons from './index';

/** Every icon of the set, by its export name. */
const ALL = Object.entries(icons).filter(([name]) => name.endsWith('Icon')) as Array<
  [string, ComponentType<IconProps>]
>;

function Gallery({ size = 24 }: { size?: number }) {
  return (
    <ul
      aria-label="Icons"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
        gap: 12,
        margin: 0,
        padding: 16,
        listStyle: 'none',
        color: 'var(--bd-text)',
      }}
    >
      {ALL.map(([name, Icon]) => (
        <li key={name} style={{ display: 'grid', justifyItems: 'center', gap: 4, fontSize: 12 }}>
          <Icon size={size} />
          <span>{name.replace(/Icon$/, '')}</span>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'UI/Icons',
  component: Gallery,
  tags: ['visual'],
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllIcons: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = within(canvas.getByRole('list', { name: 'Icons' })).getAllByRole('listitem');
    await expect(items).toHaveLength(ALL.length);
    // Every icon is decoration: hidden from screen readers, named for tests and styles.
    for (const svg of canvasElement.querySelectorAll('svg')) {
      await expect(svg).toHaveAttribute('aria-hidden', 'true');
      await expect(svg.getAttribute('data-icon')).toMatch(/^[a-z-]+$/);
    }
    // The media kinds of the moderation screen each have one.
    for (const name of ['Microphone', 'Sticker', 'Gif', 'Location', 'Contact', 'VideoNote', 'Poll'])
      await expect(canvas.getByText(name)).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    // Only pointing icons mirror in right-to-left text.
    const back = canvasElement.querySelector('[data-icon="arrow-back"]') as SVGElement;
    const poll = canvasElement.querySelector('[data-icon="poll"]') as SVGElement;
    await expect(getComputedStyle(back).transform).not.toBe('none');
    await expect(getComputedStyle(poll).transform).toBe('none');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Icons' })).toBeVisible();
  },
};
