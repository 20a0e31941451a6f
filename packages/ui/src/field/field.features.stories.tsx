import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Field } from './field';

const meta = {
  title: 'UI/Field/Features',
  component: Field,
  tags: ['visual'],
  args: {
    label: 'Per-user limit',
    children: (control) => (
      <input {...control} type="number" defaultValue={0} style={{ minBlockSize: 44 }} />
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Invalid: Story = {
  args: { hint: 'From 1 to 1,000.', error: 'Enter a number from 1 to 1,000.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('spinbutton', { name: 'Per-user limit' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter a number from 1 to 1,000.');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter a number from 1 to 1,000.');
  },
};

export const CounterOver: Story = {
  args: { count: 12, limit: 10 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('12/10')).toHaveAttribute('data-state', 'over');
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: { label: 'الحد لكل مستخدم', hint: 'من ١ إلى ١٠٠٠.' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('spinbutton', { name: 'الحد لكل مستخدم' }),
    ).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { hint: 'From 1 to 1,000.', count: 4, limit: 10 },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <Field {...args} label="Plain" />
      <Field {...args} label="With hint" hint="A hint." />
      <Field {...args} label="Counter" count={3} limit={10} />
      <Field {...args} label="Invalid" error="An error." />
      <Field {...args} label="Hidden label" hideLabel />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('spinbutton')).toHaveLength(5);
  },
};
