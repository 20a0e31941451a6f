import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
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
  title: 'UI/QuantityPicker',
  component: QuantityPicker,
  tags: ['visual'],
  args: {
    kind: 'total',
    label: 'Quantity',
    value: null,
    onValueChange: fn(),
    onValidityChange: fn(),
  },
  argTypes: {
    kind: { control: 'inline-radio', options: ['total', 'perUser'] },
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

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('radiogroup', { name: 'Quantity' })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: 'Unlimited' })).toBeChecked();
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(true);
  },
};

export const Playground: Story = {
  args: { kind: 'perUser', label: 'Limit per user', value: 50 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '50' })).toBeChecked();
  },
};
