import { BUTTON_TYPES } from '@botdeck/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ButtonTypeIcon } from './button-type-icon';

const meta = {
  title: 'UI/ButtonGridEditor/ButtonTypeIcon',
  component: ButtonTypeIcon,
  tags: ['visual'],
  args: { type: 'Url' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ButtonTypeIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One picture per type, each beside the type's name. */
export const AllTypes: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8, margin: 0, padding: 0, listStyle: 'none' }}>
      {BUTTON_TYPES.map((type) => (
        <li key={type} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <ButtonTypeIcon type={type} />
          {type}
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('svg')).toHaveLength(BUTTON_TYPES.length);
  },
};
