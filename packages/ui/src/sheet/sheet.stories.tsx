import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { IconButton } from '../icon-button';
import { CheckIcon } from '../icons';
import { TextArea } from '../text-area';
import { TextField } from '../text-field';
import { Sheet, SheetContent, SheetTrigger } from './sheet';

const onSave = fn();

const meta = {
  title: 'UI/Sheet',
  component: SheetContent,
  tags: ['visual'],
  args: {
    title: 'Add item',
    description: 'A new item for your shop.',
    backLabel: 'Back',
    actions: (
      <IconButton label="Save" onClick={onSave}>
        <CheckIcon />
      </IconButton>
    ),
  },
  argTypes: { actions: { control: false }, back: { control: false }, footer: { control: false } },
  render: (args) => (
    <Sheet>
      <SheetTrigger asChild>
        <Button>Add item</Button>
      </SheetTrigger>
      <SheetContent {...args}>
        <div style={{ display: 'grid', gap: 16 }}>
          <TextField label="Name" limit={50} />
          <TextArea label="Description" limit={500} rows={3} />
          <TextField label="Price" inputMode="numeric" endAdornment="⭐" />
        </div>
      </SheetContent>
    </Sheet>
  ),
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SheetContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Add item' });
    await userEvent.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    await expect(sheet).toHaveAccessibleDescription('A new item for your shop.');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await expect(onSave).toHaveBeenCalled();
    // Back closes the sheet and focus returns to what opened it.
    await userEvent.click(within(sheet).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Add item' });
  },
};

export const Playground: Story = {
  args: { title: 'Edit item', footer: <Button fullWidth>Save changes</Button> },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add item' }));
    await expect(await screen.findByRole('dialog', { name: 'Edit item' })).toBeVisible();
  },
};
