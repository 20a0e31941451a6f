import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './checkbox';

const meta = {
  title: 'UI/Checkbox/Features',
  component: Checkbox,
  tags: ['visual'],
  args: { label: 'Stop the bot', onCheckedChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Stop the bot' });
    await expect(checkbox).toBeChecked();
    await expect(checkbox).toHaveAttribute('data-state', 'checked');
  },
};

export const Indeterminate: Story = {
  args: { label: 'All permissions', checked: 'indeterminate' },
  play: async ({ canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'All permissions' });
    await expect(checkbox).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const Disabled: Story = {
  args: {
    disabled: true,
    description: 'Needs "Manage advanced settings and media".',
  },
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole('checkbox', { name: 'Stop the bot' });
    await expect(checkbox).toBeDisabled();
    await userEvent.click(within(canvasElement).getByText('Stop the bot'));
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  args: { label: 'I accept the Terms of Service', error: 'You must accept to continue.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const checkbox = canvas.getByRole('checkbox', { name: 'I accept the Terms of Service' });
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent('You must accept to continue.');
    await expect(checkbox).toHaveAccessibleDescription('You must accept to continue.');
  },
};

function Dependent() {
  const [adv, setAdv] = useState(false);
  const [stop, setStop] = useState(false);
  return (
    <div>
      <Checkbox
        label="Manage advanced settings and media"
        checked={adv}
        onCheckedChange={(checked) => {
          setAdv(checked === true);
          if (checked !== true) setStop(false);
        }}
      />
      <Checkbox
        label="Stop the bot"
        disabled={!adv}
        checked={stop}
        onCheckedChange={(checked) => setStop(checked === true)}
      />
    </div>
  );
}

/** The app disables and clears one box from another (stop_bot needs adv_and_media). */
export const Controlled: Story = {
  render: () => <Dependent />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const adv = canvas.getByRole('checkbox', { name: 'Manage advanced settings and media' });
    const stop = canvas.getByRole('checkbox', { name: 'Stop the bot' });
    await expect(stop).toBeDisabled();
    await userEvent.click(adv);
    await userEvent.click(stop);
    await expect(stop).toBeChecked();
    await userEvent.click(adv);
    await expect(stop).not.toBeChecked();
    await expect(stop).toBeDisabled();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    label: 'حظر المستخدمين',
    description: 'إزالة الأشخاص من البوت وحظرهم.',
    defaultChecked: true,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('checkbox', { name: 'حظر المستخدمين' }),
    ).toBeChecked();
  },
};

function AllStatesRender() {
  return (
    <div>
      <Checkbox label="Unchecked" description="With a description." />
      <Checkbox label="Checked" defaultChecked />
      <Checkbox label="Indeterminate" checked="indeterminate" />
      <Checkbox label="Disabled" disabled />
      <Checkbox label="Disabled and checked" disabled defaultChecked />
      <Checkbox label="Invalid" error="This box is required." />
    </div>
  );
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => <AllStatesRender />,
};

export const AllStates: Story = {
  render: () => <AllStatesRender />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(6);
    await expect(canvas.getByRole('checkbox', { name: 'Invalid' })).toBeInvalid();
  },
};
