import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './badge';

const meta = {
  title: 'UI/Badge/Features',
  component: Badge,
  tags: ['visual'],
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: 'var(--bd-bg)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

const VARIANTS = ['neutral', 'accent', 'success', 'warning', 'danger'] as const;

function Row() {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <Badge variant="neutral">Admin</Badge>
      <Badge variant="accent">Pro</Badge>
      <Badge variant="success">Active</Badge>
      <Badge variant="warning">7/10</Badge>
      <Badge variant="danger">Sold out</Badge>
    </div>
  );
}

export const Variants: Story = {
  render: () => <Row />,
  play: async ({ canvasElement }) => {
    const badges = canvasElement.querySelectorAll('[data-slot="badge"]');
    await expect([...badges].map((b) => b.getAttribute('data-variant'))).toEqual([...VARIANTS]);
  },
};

/** On the grey page background as well as on a card. */
export const OnPage: Story = {
  decorators: [
    (Story) => (
      <div style={{ padding: 16, background: 'var(--bd-secondary-bg)' }}>
        <Story />
      </div>
    ),
  ],
  render: () => <Row />,
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Badge variant="danger">نفدت الكمية</Badge>
      <Badge variant="warning">٣/١٠</Badge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('نفدت الكمية')).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: () => <Row /> };

export const DarkOnPage: Story = {
  ...OnPage,
  globals: { theme: 'dark' },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      <Row />
      <div style={{ display: 'flex', gap: 8 }}>
        <Badge>1</Badge>
        <Badge variant="accent">99+</Badge>
        <Badge variant="warning">Limited: 12/100</Badge>
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="badge"]')).toHaveLength(8);
  },
};
