import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { ErrorDialog, type ErrorDialogVariant } from './error-dialog';

const meta = {
  title: 'UI/ErrorDialog/Features',
  component: ErrorDialog,
  tags: ['visual'],
  args: { defaultOpen: true, message: 'An error occurred, try again', onOk: fn() },
} satisfies Meta<typeof ErrorDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Invalid: Story = {
  args: { variant: 'invalid', message: 'Name is required.' },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await expect(dialog).toHaveAttribute('data-variant', 'invalid');
  },
};

export const Failed: Story = {
  args: {
    variant: 'failed',
    message: 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.',
  },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Failed' })).toBeVisible();
  },
};

export const Restricted: Story = {
  args: { variant: 'restricted', message: "You don't have permission to do this" },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Restricted' });
    await expect(dialog).toHaveAccessibleDescription("You don't have permission to do this");
  },
};

export const Deleted: Story = {
  args: { variant: 'deleted', message: 'The item was deleted.' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Deleted' })).toBeVisible();
  },
};

export const Success: Story = {
  args: { variant: 'success', message: 'Item added to the shop.' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Done' })).toBeVisible();
  },
};

export const EscapeDismisses: Story = {
  tags: ['!visual'],
  args: { onOpenChange: fn() },
  play: async ({ args }) => {
    await screen.findByRole('alertdialog', { name: 'Error' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    // Escape is not OK: the OK callback does not run.
    await expect(args.onOk).not.toHaveBeenCalled();
  },
};

export const SecondWayOn: Story = {
  tags: ['!visual'],
  // A crashed bot's notice: a new token, or delete. Each button closes the dialog, then runs its
  // own action; the other does not run.
  args: {
    variant: 'error',
    title: "Old Weather can't be reached",
    message: 'Unable to fetch. Bot token revoked or deleted.',
    okLabel: 'Enter a new token',
    secondary: { label: 'Delete bot', onSelect: fn() },
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: "Old Weather can't be reached" });
    await expect(within(dialog).getByRole('button', { name: 'Enter a new token' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete bot' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(args.secondary?.onSelect).toHaveBeenCalledOnce());
    await expect(args.onOk).not.toHaveBeenCalled();
  },
};

function Trigger() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 16 }}>
      <Button onClick={() => setOpen(true)}>Delete item</Button>
      <ErrorDialog open={open} onOpenChange={setOpen} variant="deleted" message="Item deleted." />
    </div>
  );
}

/** Controlled by the page: opened after a call answers, closed by OK. */
export const Controlled: Story = {
  tags: ['!visual'],
  render: () => <Trigger />,
  args: { defaultOpen: false },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Delete item' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete item' })).toHaveFocus());
  },
};

/**
 * A form whose close re-renders slowly (a busy phone), whose OK action moves the focus (here to a
 * field; a dialog the action opens takes it the same way).
 */
function SlowCloseForm() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 16 }}>
      <label>
        Price <input aria-label="Price" />
      </label>
      <Button onClick={() => setOpen(true)}>Save</Button>
      <ErrorDialog
        open={open}
        onOpenChange={(next) => {
          // Holds the page for longer than CONFIRM_CLOSE_DELAY_MS, as a long form can.
          const until = performance.now() + 300;
          while (performance.now() < until) {}
          setOpen(next);
        }}
        variant="invalid"
        message="Price must be a whole number."
        onOk={() => screen.getByRole('textbox', { name: 'Price' }).focus()}
      />
    </div>
  );
}

/**
 * However slow the close, the focus OK's action gave the field stays there: the focus the dialog
 * gives back on closing came after the action and took it back to Save.
 */
export const ActionAfterSlowClose: Story = {
  tags: ['!visual'],
  render: () => <SlowCloseForm />,
  args: { defaultOpen: false },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const price = screen.getByRole('textbox', { name: 'Price' });
    await waitFor(() => expect(price).toHaveFocus());
    // And it stays there: nothing hands it back to Save afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(price).toHaveFocus();
  },
};

/** A form whose Invalid dialog sends the focus to the field it names as it closes. */
function FieldAtFaultForm() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ padding: 16 }}>
      <label>
        Name <input aria-label="Name" />
      </label>
      <Button onClick={() => setOpen(true)}>Save</Button>
      <ErrorDialog
        open={open}
        onOpenChange={setOpen}
        variant="invalid"
        message="Please enter the item's name."
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          screen.getByRole('textbox', { name: 'Name' }).focus();
        }}
      />
    </div>
  );
}

/**
 * `onCloseAutoFocus` places the focus as the dialog goes, whether by OK or by Escape: keys
 * pressed at once go into the field, none to Save (where a space would press it again).
 */
export const FocusOnCloseToTheField: Story = {
  tags: ['!visual'],
  render: () => <FieldAtFaultForm />,
  args: { defaultOpen: false },
  play: async () => {
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    await userEvent.keyboard('{Enter}Desk lamp');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(name).toHaveValue('Desk lamp');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    await userEvent.keyboard('{Escape} light');
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(name).toHaveValue('Desk lamp light');
  },
};

/** Titles come in as props, so the app passes the translated ones. */
export const TranslatedTitles: Story = {
  args: {
    variant: 'restricted',
    titles: { restricted: 'Kısıtlı' },
    message: 'Bunu yapma izniniz yok',
    okLabel: 'Tamam',
  },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Kısıtlı' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Tamam' })).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    variant: 'failed',
    title: 'فشل',
    message: 'حدث خطأ، حاول مرة أخرى',
    okLabel: 'حسنًا',
  },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'فشل' })).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { variant: 'invalid', message: 'Price must be a whole number.' },
  play: async () => {
    await expect(await screen.findByRole('alertdialog', { name: 'Invalid' })).toBeVisible();
  },
};

const VARIANTS: ErrorDialogVariant[] = [
  'invalid',
  'failed',
  'restricted',
  'error',
  'deleted',
  'success',
];
const TITLES = ['Invalid', 'Failed', 'Restricted', 'Error', 'Deleted', 'Done'];

function Cycle() {
  const [index, setIndex] = useState(0);
  const variant = VARIANTS[index] ?? 'success';
  return (
    <ErrorDialog
      open
      variant={variant}
      message={`A ${variant} notice.`}
      onOk={() => setIndex((i) => Math.min(i + 1, VARIANTS.length - 1))}
    />
  );
}

/** Only one alert dialog can be open, so this walks through every kind by pressing OK. */
export const AllStates: Story = {
  render: () => <Cycle />,
  play: async () => {
    for (const [i, title] of TITLES.entries()) {
      const dialog = await screen.findByRole('alertdialog', { name: title });
      await expect(dialog).toHaveAttribute('data-variant', VARIANTS[i]);
      if (i < TITLES.length - 1) await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    }
  },
};
