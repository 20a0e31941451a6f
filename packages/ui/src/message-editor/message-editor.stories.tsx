import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MessageEditor, type MessageEditorProps } from './message-editor';
import { MENU_MESSAGE } from './story-data';

/** Holds the draft like a page would, so typing and choosing work in the canvas. */
function StatefulEditor(props: MessageEditorProps) {
  const [value, setValue] = useState(props.value);
  return (
    <MessageEditor
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        props.onValueChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/MessageEditor',
  component: MessageEditor,
  tags: ['visual'],
  args: {
    value: MENU_MESSAGE,
    initialValue: MENU_MESSAGE,
    tier: 'free',
    showEffect: false,
    buttonOptions: { menus: ['Prices', 'Contacts'], questions: ['Hours?'], startPayloads: [] },
    onValueChange: fn(),
    onDirtyChange: fn(),
    onSave: fn(),
    onDelete: fn(),
  },
  argTypes: {
    tier: { control: 'inline-radio', options: ['free', 'standard', 'pro', 'proPlus'] },
    value: { control: 'object' },
    initialValue: { control: false },
  },
  render: (args) => <StatefulEditor {...args} />,
} satisfies Meta<typeof MessageEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Text' })).toHaveValue(MENU_MESSAGE.text);
    await expect(canvas.getByRole('switch', { name: 'HTML format' })).toBeChecked();
    const preview = canvas.getByRole('figure', { name: 'Message preview' });
    await expect(within(preview).getByText('Welcome to Pizza Bot!').tagName).toBe('STRONG');
    // Nothing changed yet: nothing to save.
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(canvas.queryByRole('radiogroup', { name: 'Effect' })).toBeNull();
    await expect(args.onDirtyChange).not.toHaveBeenCalled();
  },
};

export const Playground: Story = {
  args: { showEffect: true, tier: 'pro' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByRole('textbox', { name: 'Text' });
    await userEvent.type(text, ' Enjoy!');
    const preview = canvas.getByRole('figure', { name: 'Message preview' });
    await expect(preview.querySelector('[data-slot="telegram-html"]')).toHaveTextContent(/Enjoy!$/);
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};
