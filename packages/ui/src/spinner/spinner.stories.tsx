import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay, Spinner } from './spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  tags: ['visual'],
  args: { label: 'Loading…', size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    // The ring is decorative; the label is what a screen reader announces.
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const Playground: Story = { args: { label: 'Loading your bots…', size: 'lg' } };

export const Overlay: Story = {
  render: (args) => (
    <div
      style={{ position: 'relative', inlineSize: 320, blockSize: 200, background: 'var(--bd-bg)' }}
    >
      <p style={{ margin: 0, padding: 16 }}>Content under the overlay</p>
      <LoadingOverlay label={args.label} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};
