import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Switch } from './switch';

const meta = {
  title: 'UI/Switch/Features',
  component: Switch,
  tags: ['visual'],
  args: { label: 'Captcha', onCheckedChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: 'Captcha' });
    await expect(control).toBeChecked();
    await expect(control).toHaveAttribute('data-state', 'checked');
  },
};

export const Disabled: Story = {
  args: { disabled: true, description: 'Available on Pro.' },
  play: async ({ args, canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: 'Captcha' });
    await expect(control).toBeDisabled();
    await userEvent.click(within(canvasElement).getByText('Captcha'));
    await expect(control).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

/**
 * Unavailable but still answering (`aria-disabled`): it looks disabled and stays focusable, and a
 * tap still reaches `onCheckedChange`, so the caller can say why nothing changes.
 */
export const Unavailable: Story = {
  args: { 'aria-disabled': true, checked: false, description: 'Only admins may change this.' },
  play: async ({ args, canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: 'Captcha' });
    await expect(control).toBeEnabled();
    await userEvent.click(control);
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
    // Controlled: the caller refused, so it stays off, and focus stays on it.
    await expect(control).not.toBeChecked();
    await expect(control).toHaveFocus();
  },
};

function ControlledSwitch() {
  const [on, setOn] = useState(false);
  return (
    <div>
      <Switch label="Block links" checked={on} onCheckedChange={setOn} />
      <output aria-label="Pending">{on ? 'Changes pending' : 'Saved'}</output>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledSwitch />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Block links' }));
    await expect(canvas.getByLabelText('Pending')).toHaveTextContent('Changes pending');
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    label: 'الكابتشا',
    description: 'اطلب من المستخدمين الجدد حل الكابتشا.',
    defaultChecked: true,
  },
  play: async ({ canvasElement }) => {
    const control = within(canvasElement).getByRole('switch', { name: 'الكابتشا' });
    await expect(control).toBeChecked();
    // "On" sits at the inline end, which is the left in Arabic.
    const thumb = control.querySelector('[data-slot="switch-thumb"]')!;
    await expect(getComputedStyle(thumb).transform).toBe('matrix(1, 0, 0, 1, -20, 0)');
  },
};

function AllStatesRender() {
  return (
    <div>
      <Switch label="Off" description="With a description." />
      <Switch label="On" defaultChecked />
      <Switch label="Disabled off" disabled />
      <Switch label="Disabled on" disabled defaultChecked />
    </div>
  );
}

export const Dark: Story = { globals: { theme: 'dark' }, render: () => <AllStatesRender /> };

export const AllStates: Story = {
  render: () => <AllStatesRender />,
  play: async ({ canvasElement }) => {
    const switches = within(canvasElement).getAllByRole('switch');
    await expect(switches.map((s) => s.getAttribute('data-state'))).toEqual([
      'unchecked',
      'checked',
      'unchecked',
      'checked',
    ]);
  },
};
