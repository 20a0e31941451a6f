import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextArea } from './text-area';

const meta = {
  title: 'UI/TextArea',
  component: TextArea,
  tags: ['visual'],
  args: {
    label: 'Message text',
    hint: 'HTML tags are allowed when HTML format is on.',
    placeholder: 'Welcome to the bot!',
    onValueChange: fn(),
  },
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

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox', { name: 'Message text' });
    await expect(textarea).toHaveAccessibleDescription(
      'HTML tags are allowed when HTML format is on.',
    );
    await userEvent.type(textarea, 'Hi{Enter}there');
    await expect(textarea).toHaveValue('Hi\nthere');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('Hi\nthere');
  },
};

export const Playground: Story = {
  args: { limit: 500, defaultValue: 'Welcome! Choose a menu below.', rows: 3 },
};
