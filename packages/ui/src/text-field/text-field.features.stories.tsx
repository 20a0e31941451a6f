import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'UI/TextField/Features',
  component: TextField,
  tags: ['visual'],
  args: { label: 'Menu name', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Invalid: Story = {
  args: {
    defaultValue: 'main menu!',
    hint: 'Letters, digits and underscore only.',
    error: 'Only letters, digits and underscore.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Menu name' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // The error is announced and describes the input; it replaces the hint.
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Only letters, digits and underscore.',
    );
    await expect(input).toHaveAccessibleDescription('Only letters, digits and underscore.');
    await expect(canvas.queryByText('Letters, digits and underscore only.')).toBeNull();
  },
};

export const Counter: Story = {
  args: { limit: 15, defaultValue: 'main_menu' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Menu name' });
    await expect(canvas.getByText('9/15')).toHaveAttribute('data-state', 'within');
    await userEvent.type(input, '_for_shop');
    // Past the limit: the counter turns red, but nothing typed is cut off.
    await expect(input).toHaveValue('main_menu_for_shop');
    const counter = canvas.getByText('18/15');
    await expect(counter).toHaveAttribute('data-state', 'over');
    await expect(input).toHaveAccessibleDescription('18/15');
    await expect(input).not.toHaveAttribute('maxlength');
  },
};

function ControlledField() {
  const [value, setValue] = useState('Hello');
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <TextField label="Greeting" value={value} onValueChange={setValue} limit={10} />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
      <output aria-label="Current value">{value}</output>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledField />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Greeting' });
    await userEvent.type(input, '!');
    await expect(canvas.getByLabelText('Current value')).toHaveTextContent('Hello!');
    await expect(canvas.getByText('6/10')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset' }));
    await expect(input).toHaveValue('');
    await expect(canvas.getByText('0/10')).toBeVisible();
  },
};

export const StartAdornment: Story = {
  args: { label: 'Channel', startAdornment: 't.me/', defaultValue: 'botdeck' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Channel' });
    await expect(input).toHaveValue('botdeck');
    await expect(within(canvasElement).getByText('t.me/')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'main_menu' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Menu name' })).toBeDisabled();
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true, label: 'Price', placeholder: '100', inputMode: 'numeric' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Price' })).toBeVisible();
    // Still in the page for screen readers, but clipped to nothing on screen.
    await expect(within(canvasElement).getByText('Price').getBoundingClientRect().width).toBe(1);
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    label: 'اسم القائمة',
    hint: 'أحرف وأرقام وشرطة سفلية فقط.',
    limit: 15,
    startAdornment: '@',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'اسم القائمة' });
    // Arabic input reads right to left; the dir="auto" input picks it up from the text.
    await userEvent.type(input, 'القائمة');
    await expect(input).toHaveValue('القائمة');
    await expect(canvas.getByText('7/15')).toBeVisible();
    await expect(getComputedStyle(canvas.getByText('اسم القائمة')).direction).toBe('rtl');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TextField {...args} hint="Letters, digits and underscore only." limit={15} />
      <TextField {...args} label="Command" defaultValue="start now" error="No spaces allowed." />
    </div>
  ),
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TextField {...args} label="Empty" placeholder="main_menu" />
      <TextField {...args} label="With hint" hint="Shown under the field." />
      <TextField {...args} label="Filled" defaultValue="main_menu" limit={15} />
      <TextField {...args} label="Over the limit" defaultValue="a_very_long_menu_name" limit={15} />
      <TextField {...args} label="Invalid" defaultValue="main menu" error="No spaces allowed." />
      <TextField {...args} label="Disabled" defaultValue="main_menu" disabled />
      <TextField {...args} label="Username" startAdornment="@" defaultValue="botdeck_bot" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('textbox')).toHaveLength(7);
    await expect(canvas.getByRole('textbox', { name: 'Invalid' })).toBeInvalid();
    await expect(canvas.getByText('21/15')).toHaveAttribute('data-state', 'over');
  },
};
