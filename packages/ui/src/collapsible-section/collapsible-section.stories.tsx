import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from '../text-field';
import { CollapsibleSection } from './collapsible-section';

const meta = {
  title: 'UI/CollapsibleSection',
  component: CollapsibleSection,
  tags: ['visual'],
  args: {
    title: 'Anti-spam',
    description: 'Limit how fast one person can send messages.',
    onOpenChange: fn(),
    children: (
      <div style={{ display: 'grid', gap: 12 }}>
        <TextField label="Messages" defaultValue="5" inputMode="numeric" />
        <TextField label="Seconds" defaultValue="3" inputMode="numeric" />
      </div>
    ),
  },
  argTypes: { children: { control: false }, trailing: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CollapsibleSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /Anti-spam/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('textbox', { name: 'Messages' })).toBeNull();
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Messages' })).toBeVisible();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    // Enter and Space toggle it from the keyboard.
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard(' ');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  },
};

export const Playground: Story = { args: { defaultOpen: true, title: 'Captcha' } };
