import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArrowBackIcon, CheckIcon, MoreIcon, TrashIcon } from '../icons';
import { IconButton } from './icon-button';

const meta = {
  title: 'UI/IconButton/Features',
  component: IconButton,
  tags: ['visual'],
  args: { label: 'Delete', children: <TrashIcon />, onClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const VARIANTS = ['ghost', 'secondary', 'primary', 'destructive'] as const;

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12 }}>
      {VARIANTS.map((variant) => (
        <IconButton key={variant} {...args} variant={variant} label={`Delete (${variant})`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    await expect(buttons.map((b) => b.getAttribute('data-variant'))).toEqual([...VARIANTS]);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <IconButton {...args} size="sm" label="More (small)">
        <MoreIcon />
      </IconButton>
      <IconButton {...args} size="md" label="More (medium)">
        <MoreIcon />
      </IconButton>
      <IconButton {...args} size="lg" label="More (large)">
        <MoreIcon />
      </IconButton>
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const button of within(canvasElement).getAllByRole('button')) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
      await expect(button.getBoundingClientRect().width).toBeGreaterThanOrEqual(44);
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, label: 'Save', children: <CheckIcon />, variant: 'primary' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: { label: 'رجوع', children: <ArrowBackIcon /> },
  play: async ({ canvasElement }) => {
    // The back arrow mirrors: it points right in Arabic.
    const button = within(canvasElement).getByRole('button', { name: 'رجوع' });
    const icon = button.querySelector('svg')!;
    await expect(getComputedStyle(icon).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Variants.render };

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, auto)', gap: 8 }}>
      {VARIANTS.map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <IconButton {...args} variant={variant} label={`${variant} idle`} />
          <IconButton {...args} variant={variant} label={`${variant} disabled`} disabled />
          <IconButton {...args} variant={variant} label={`${variant} busy`} loading />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: /disabled/ })).toHaveLength(4);
    await expect(canvas.getAllByRole('button', { name: /busy/ })).toHaveLength(4);
  },
};
