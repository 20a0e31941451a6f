import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Field } from './field';

const meta = {
  title: 'UI/Field',
  component: Field,
  tags: ['visual'],
  args: {
    label: 'Quantity limit',
    hint: 'From 1 to 100,000.',
    children: (control) => (
      <input {...control} type="number" defaultValue={10} style={{ minBlockSize: 44 }} />
    ),
  },
  argTypes: { children: { control: false } },
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

/** A custom control gets the id and descriptions through the render function. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Quantity limit' });
    await expect(input).toHaveAccessibleDescription('From 1 to 100,000.');
  },
};

export const Playground: Story = { args: { error: '', count: 3, limit: 10 } };
