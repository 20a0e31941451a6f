import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PlusIcon } from '../icons';
import { Button, buttonLook } from './button';

const meta = {
  title: 'UI/Button/Features',
  component: Button,
  tags: ['visual'],
  args: { children: 'Save', onClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

const VARIANTS = ['primary', 'secondary', 'ghost', 'destructive', 'link'] as const;

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {VARIANTS.map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
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
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    // Every size keeps a 44px touch target.
    for (const button of within(canvasElement).getAllByRole('button')) {
      await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    }
  },
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <PlusIcon /> Add item
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add item' })).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    // The name stays "Save"; the button is busy and cannot be pressed a second time.
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('data-state', 'loading');
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A button that loads for as long as its call is on its way (the call's `finish` ends it). */
function CallingButton({ onCall }: { onCall: (finish: () => void) => void }) {
  const [loading, setLoading] = useState(false);
  return (
    <Button
      loading={loading}
      onClick={() => {
        setLoading(true);
        onCall(() => setLoading(false));
      }}
    >
      Save
    </Button>
  );
}

/** The call of FocusKeptThroughItsCall: the story ends it when it has seen the focus go. */
const call = fn<(finish: () => void) => void>();

/**
 * Pressed from the keyboard, the button keeps the focus through its call: disabled while it
 * loads, the browser takes the focus from it, and it takes it back when the call ends.
 */
export const FocusKeptThroughItsCall: Story = {
  tags: ['!visual'],
  render: () => <CallingButton onCall={call} />,
  play: async ({ canvasElement }) => {
    call.mockClear();
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toBeDisabled();
    // The browser moves the focus off a disabled button when it next draws.
    await waitFor(() => expect(button).not.toHaveFocus());
    const [finish] = call.mock.lastCall ?? [];
    finish?.();
    await waitFor(() => expect(button).toBeEnabled());
    await expect(button).toHaveFocus();
  },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Create bot' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Create bot' });
    // It fills its container's content box (the 16px padding on each side stays free).
    const parent = button.parentElement!;
    await expect(button.getBoundingClientRect().width).toBeCloseTo(parent.clientWidth - 32, 0);
  },
};

export const AsLink: Story = {
  render: () => (
    <a href="#plans" {...buttonLook({ variant: 'secondary' })}>
      See plans
    </a>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'See plans' });
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(link).toHaveAttribute('href', '#plans');
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    children: (
      <>
        <PlusIcon /> إضافة عنصر
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'إضافة عنصر' })).toBeVisible();
    await expect(document.documentElement.dir).toBe('rtl');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: Variants.render,
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, auto)', gap: 8 }}>
      {VARIANTS.map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <Button {...args} variant={variant} size="sm">
            {variant}
          </Button>
          <Button {...args} variant={variant} size="sm" disabled>
            Disabled
          </Button>
          <Button {...args} variant={variant} size="sm" loading>
            Busy
          </Button>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('button', { name: 'Disabled' })).toHaveLength(5);
    for (const busy of canvas.getAllByRole('button', { name: 'Busy' })) {
      await expect(busy).toHaveAttribute('aria-busy', 'true');
    }
  },
};

export const DarkAllStates: Story = { ...AllStates, globals: { theme: 'dark' } };
