import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { TextField } from '../text-field';
import { Dialog, DialogClose, DialogContent, DialogFooter } from './dialog';

const meta = {
  title: 'UI/Dialog/Features',
  component: DialogContent,
  tags: ['visual'],
  args: {
    title: 'Add a bot',
    description: 'Open @BotFather, create a bot and paste its token here. Never share the token.',
  },
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent {...args}>
        <TextField label="Bot token" autoComplete="off" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button>Add bot</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add a bot' });
    await expect(dialog).toHaveAttribute('data-state', 'open');
    // Tab cycles through the four controls (×, token, Cancel, Add bot) and never leaves.
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  },
};

function TokenModal({ onAdd }: { onAdd: (token: string) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Dialog defaultOpen>
      <DialogContent
        title="Add a bot"
        description="Open @BotFather, create a bot and paste its token here. Never share the token."
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (token.trim() === '') setError('Invalid. Please enter a token.');
            else onAdd(token);
          }}
          style={{ display: 'grid', gap: 12 }}
        >
          <TextField label="Bot token" value={token} onValueChange={setToken} error={error} />
          <DialogFooter>
            <Button type="submit">Add bot</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const onAdd = fn();

export const Invalid: Story = {
  render: () => <TokenModal onAdd={onAdd} />,
  play: async () => {
    await screen.findByRole('dialog', { name: 'Add a bot' });
    await userEvent.click(screen.getByRole('button', { name: 'Add bot' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid. Please enter a token.',
    );
    await expect(screen.getByRole('textbox', { name: 'Bot token' })).toBeInvalid();
    await expect(onAdd).not.toHaveBeenCalled();
  },
};

export const OverlayCloses: Story = {
  tags: ['!visual'],
  play: async () => {
    await screen.findByRole('dialog', { name: 'Add a bot' });
    const overlay = document.querySelector('[data-slot="dialog-overlay"]')!;
    await userEvent.click(overlay, { pointerEventsCheck: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const CloseButton: Story = {
  tags: ['!visual'],
  args: { closeLabel: 'Close dialog' },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const WithoutClose: Story = {
  args: { showClose: false, hideDescription: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Add a bot' });
    await expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    // A hidden description is still read out.
    await expect(dialog).toHaveAccessibleDescription(
      'Open @BotFather, create a bot and paste its token here. Never share the token.',
    );
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    title: 'إضافة بوت',
    description: (
      <>
        افتح <bdi>@BotFather</bdi> وأنشئ بوتًا والصق رمزه هنا. لا تشارك الرمز أبدًا.
      </>
    ),
    closeLabel: 'إغلاق',
  },
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent {...args}>
        <TextField label="رمز البوت" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">إلغاء</Button>
          </DialogClose>
          <Button>إضافة</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'إضافة بوت' });
    await expect(getComputedStyle(dialog).direction).toBe('rtl');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Add a bot' })).toBeVisible();
  },
};

/** Every part at once: the ×, a description, a field in error and a busy main action. */
export const AllStates: Story = {
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent {...args}>
        <TextField label="Bot token" defaultValue="12345" error="The token looks incomplete." />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button loading>Add bot</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    await screen.findByRole('dialog', { name: 'Add a bot' });
    await expect(screen.getByRole('button', { name: 'Add bot' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
