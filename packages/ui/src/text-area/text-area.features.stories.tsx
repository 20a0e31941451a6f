import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './text-area';

const meta = {
  title: 'UI/TextArea/Features',
  component: TextArea,
  tags: ['visual'],
  args: { label: 'Description', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Invalid: Story = {
  args: { error: 'Description is required.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(textarea).toBeInvalid();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Description is required.');
    await expect(textarea).toHaveAccessibleDescription('Description is required.');
  },
};

export const Counter: Story = {
  args: { limit: 20, defaultValue: 'A sticker pack' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'Description' });
    await expect(canvas.getByText('14/20')).toHaveAttribute('data-state', 'within');
    await userEvent.type(textarea, ' with cats');
    // Not cut at the limit: the counter warns and validation decides.
    await expect(textarea).toHaveValue('A sticker pack with cats');
    await expect(canvas.getByText('24/20')).toHaveAttribute('data-state', 'over');
  },
};

function ControlledArea() {
  const [value, setValue] = useState('');
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <TextArea label="Reward message" value={value} onValueChange={setValue} limit={50} />
      <output aria-label="Characters typed">{value.length}</output>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledArea />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reward message' }), 'Thanks!');
    await expect(canvas.getByLabelText('Characters typed')).toHaveTextContent('7');
    await expect(canvas.getByText('7/50')).toBeVisible();
  },
};

export const Grows: Story = {
  args: { rows: 2 },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Description' });
    const before = textarea.getBoundingClientRect().height;
    await userEvent.type(textarea, 'One{Enter}Two{Enter}Three{Enter}Four');
    await expect(textarea.getBoundingClientRect().height).toBeGreaterThan(before);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Fixed text' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('textbox', { name: 'Description' }),
    ).toBeDisabled();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    label: 'نص الرسالة',
    hint: 'يمكنك كتابة النص بالعربية أو الإنجليزية.',
    defaultValue: 'مرحبا بك في البوت! Welcome',
    limit: 200,
  },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'نص الرسالة' });
    await expect(textarea).toHaveAttribute('dir', 'auto');
    await expect(within(canvasElement).getByText('26/200')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { hint: 'Up to 500 characters.', limit: 500, defaultValue: 'Digital art pack.' },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <TextArea {...args} label="Empty" rows={2} placeholder="Write something…" />
      <TextArea {...args} label="With counter" rows={2} defaultValue="Hello" limit={10} />
      <TextArea {...args} label="Over the limit" rows={2} defaultValue="Hello there!" limit={10} />
      <TextArea {...args} label="Invalid" rows={2} error="Text is required." />
      <TextArea {...args} label="Disabled" rows={2} defaultValue="Read only" disabled />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('textbox')).toHaveLength(5);
    await expect(canvas.getByText('12/10')).toHaveAttribute('data-state', 'over');
  },
};
