import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Spinner } from './spinner';

const meta = {
  title: 'UI/Spinner/Features',
  component: Spinner,
  tags: ['visual'],
  // The ring turns; screenshots freeze it by asking for reduced motion in the CSS, so these
  // still images are stable.
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24 }}>
      <Spinner size="sm" label="Small" />
      <Spinner size="md" label="Medium" />
      <Spinner size="lg" label="Large" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const statuses = within(canvasElement).getAllByRole('status');
    await expect(statuses.map((s) => s.getAttribute('data-size'))).toEqual(['sm', 'md', 'lg']);
  },
};

export const Rtl: Story = { globals: { locale: 'ar' }, args: { label: 'جارٍ التحميل…' } };

export const Dark: Story = { globals: { theme: 'dark' } };
