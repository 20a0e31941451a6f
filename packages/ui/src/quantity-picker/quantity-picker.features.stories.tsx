import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { QuantityPicker, type QuantityPickerProps } from './quantity-picker';

/** The picker with its value kept in the story, as a form would keep it. */
function ControlledQuantityPicker(props: QuantityPickerProps) {
  const [value, setValue] = useState(props.value ?? null);
  return (
    <QuantityPicker
      {...props}
      value={value}
      onValueChange={(next) => {
        props.onValueChange?.(next);
        setValue(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/QuantityPicker/Features',
  component: QuantityPicker,
  tags: ['visual'],
  args: {
    kind: 'total',
    label: 'Quantity',
    value: null,
    onValueChange: fn(),
    onValidityChange: fn(),
  },
  render: (args) => <ControlledQuantityPicker {...args} />,
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof QuantityPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const TOTAL_ERROR = 'Enter a whole number from 1 to 100,000.';
const PER_USER_ERROR = 'Enter a whole number from 1 to 1,000.';

/** Replaces the custom input's text, as a person selecting it all and typing would. */
async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

export const TotalPresets: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const names = canvas.getAllByRole('radio').map((radio) => radio.textContent);
    await expect(names).toEqual(['Unlimited', '100', '1,000', '5,000', 'Custom']);
    await userEvent.click(canvas.getByRole('radio', { name: '100' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(100);
    await userEvent.click(canvas.getByRole('radio', { name: '1,000' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1000);
    await userEvent.click(canvas.getByRole('radio', { name: '5,000' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(5000);
    await expect(canvas.getByRole('radio', { name: '5,000' })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: 'Unlimited' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
  },
};

export const PerUserPresets: Story = {
  args: { kind: 'perUser', label: 'Limit per user' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const names = canvas.getAllByRole('radio').map((radio) => radio.textContent);
    await expect(names).toEqual(['Unlimited', '10', '50', '100', 'Custom']);
    await userEvent.click(canvas.getByRole('radio', { name: '10' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(canvas.getByRole('radio', { name: '50' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(50);
    await userEvent.click(canvas.getByRole('radio', { name: '100' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(100);
  },
};

export const CustomTotal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    const input = canvas.getByRole('textbox', { name: 'Custom quantity' });
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    // Custom from unlimited starts empty: not valid, but nothing shouts before typing.
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(false);
    await expect(canvas.queryByRole('alert')).toBeNull();

    await retype(input, '0');
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOTAL_ERROR);
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await retype(input, '1');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1);
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(true);

    await retype(input, '100000');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(100_000);

    await retype(input, '100001');
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOTAL_ERROR);
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(false);
    await expect(args.onValueChange).not.toHaveBeenCalledWith(100_001);
    // The typed text stays for the user to fix; the caller keeps the last valid number.
    await expect(input).toHaveValue('100001');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(10_000);

    await retype(input, '1.5');
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOTAL_ERROR);
    await retype(input, '-5');
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOTAL_ERROR);
    await retype(input, '');
    await expect(canvas.getByRole('alert')).toHaveTextContent(TOTAL_ERROR);
    await expect(input).toHaveAccessibleDescription(TOTAL_ERROR);
    await expect(args.onValueChange).not.toHaveBeenCalledWith(1.5);
    await expect(args.onValueChange).not.toHaveBeenCalledWith(0);
    await expect(args.onValueChange).not.toHaveBeenCalledWith(-5);
  },
};

export const CustomPerUser: Story = {
  args: { kind: 'perUser', label: 'Limit per user' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    const input = canvas.getByRole('textbox', { name: 'Custom limit per user' });
    await retype(input, '1000');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1000);
    await retype(input, '1001');
    await expect(canvas.getByRole('alert')).toHaveTextContent(PER_USER_ERROR);
    await expect(args.onValueChange).not.toHaveBeenCalledWith(1001);
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(false);
    await retype(input, '0');
    await expect(canvas.getByRole('alert')).toHaveTextContent(PER_USER_ERROR);
    // Leaving custom for a preset makes the picker valid again.
    await userEvent.click(canvas.getByRole('radio', { name: '10' }));
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(args.onValueChange).toHaveBeenLastCalledWith(10);
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(true);
  },
};

export const ExistingCustomValue: Story = {
  args: { value: 250 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // 250 is no preset, so it opens as custom with its number.
    await expect(canvas.getByRole('radio', { name: 'Custom' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Custom quantity' })).toHaveValue('250');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(true);
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const ExistingPresetValue: Story = {
  args: { value: 1000 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: '1,000' })).toBeChecked();
    // Custom starts from the current number, so choosing it alone changes nothing.
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    await expect(canvas.getByRole('textbox', { name: 'Custom quantity' })).toHaveValue('1000');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    dir: 'rtl',
    locale: 'ar',
    label: 'الكمية',
    value: 250,
    labels: { unlimited: 'غير محدود', custom: 'مخصص', customInput: 'الكمية المخصصة' },
    formatError: () => 'أدخل رقمًا صحيحًا من 1 إلى 100,000.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('radio', { name: 'غير محدود' });
    const last = canvas.getByRole('radio', { name: 'مخصص' });
    await expect(first.getBoundingClientRect().left).toBeGreaterThan(
      last.getBoundingClientRect().left,
    );
    await expect(last).toBeChecked();
    const input = canvas.getByRole('textbox', { name: 'الكمية المخصصة' });
    await retype(input, '0');
    await expect(canvas.getByRole('alert')).toHaveTextContent('أدخل رقمًا صحيحًا');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { kind: 'perUser', label: 'Limit per user', value: 7 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'Custom' })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Custom limit per user' })).toHaveValue('7');
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <QuantityPicker kind="total" label="Quantity" defaultValue={null} />
      <QuantityPicker kind="total" label="Quantity (preset)" defaultValue={5000} />
      <QuantityPicker kind="perUser" label="Limit per user (custom)" defaultValue={3} />
      <QuantityPicker kind="perUser" label="Limit per user (disabled)" defaultValue={10} disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('radiogroup')).toHaveLength(4);
  },
};
