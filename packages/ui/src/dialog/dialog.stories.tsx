import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

const meta = {
  title: 'UI/Dialog',
  component: DialogContent,
  tags: ['visual'],
  args: {
    title: 'Add a bot',
    description: 'Open @BotFather, create a bot and paste its token here. Never share the token.',
    hideDescription: false,
    showClose: true,
    closeLabel: 'Close',
  },
  render: (args) => (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Create bot</Button>
      </DialogTrigger>
      <DialogContent {...args}>
        <TextField label="Bot token" placeholder="123456:ABC-DEF…" autoComplete="off" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button>Add bot</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  decorators: [
    (Story) => (
      <div style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Create bot' });
    await userEvent.click(trigger);
    // Portals render on document.body.
    const dialog = await screen.findByRole('dialog', { name: 'Add a bot' });
    await expect(dialog).toHaveAccessibleDescription(
      'Open @BotFather, create a bot and paste its token here. Never share the token.',
    );
    // Focus moves into the dialog; Escape closes it and returns focus to the trigger.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
    // Open again for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('dialog', { name: 'Add a bot' });
  },
};

export const Playground: Story = {
  args: { title: 'Rename menu', description: 'Letters, digits and underscore only.' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create bot' }));
    await expect(await screen.findByRole('dialog', { name: 'Rename menu' })).toBeVisible();
  },
};
