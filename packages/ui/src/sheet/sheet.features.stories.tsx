import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button';
import { IconButton } from '../icon-button';
import { CheckIcon, CloseIcon } from '../icons';
import { TextField } from '../text-field';
import { Sheet, SheetContent } from './sheet';

const onOpenChange = fn();

const meta = {
  title: 'UI/Sheet/Features',
  component: SheetContent,
  tags: ['visual'],
  args: {
    title: 'Add item',
    actions: (
      <IconButton label="Save">
        <CheckIcon />
      </IconButton>
    ),
  },
  render: (args) => (
    <Sheet defaultOpen onOpenChange={onOpenChange}>
      <SheetContent {...args}>
        <div style={{ display: 'grid', gap: 16 }}>
          <TextField label="Name" defaultValue="Sticker pack" limit={50} />
          <TextField label="Price" defaultValue="100" inputMode="numeric" />
        </div>
      </SheetContent>
    </Sheet>
  ),
} satisfies Meta<typeof SheetContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    await expect(sheet).toHaveAttribute('data-state', 'open');
    // It covers the whole phone screen.
    await expect(sheet.getBoundingClientRect().width).toBe(window.innerWidth);
  },
};

export const EscapeCloses: Story = {
  tags: ['!visual'],
  play: async () => {
    await screen.findByRole('dialog', { name: 'Add item' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** The save action spins while the call runs and cannot be pressed twice. */
export const Saving: Story = {
  args: {
    actions: (
      <IconButton label="Save" loading>
        <CheckIcon />
      </IconButton>
    ),
  },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    const save = within(sheet).getByRole('button', { name: 'Save' });
    await expect(save).toHaveAttribute('aria-busy', 'true');
    await expect(save).toBeDisabled();
  },
};

export const WithFooter: Story = {
  args: { actions: undefined, footer: <Button fullWidth>Save item</Button> },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    await expect(within(sheet).getByRole('button', { name: 'Save item' })).toBeVisible();
  },
};

/** Inside Telegram the native back button can stand in for the header's. */
export const WithoutBack: Story = {
  args: { back: null },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    await expect(within(sheet).queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

export const CustomBack: Story = {
  args: {
    back: (
      <IconButton label="Cancel">
        <CloseIcon />
      </IconButton>
    ),
  },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Add item' });
    await expect(within(sheet).getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

export const Rtl: Story = {
  globals: { locale: 'ar' },
  args: {
    title: 'إضافة عنصر',
    backLabel: 'رجوع',
    actions: (
      <IconButton label="حفظ">
        <CheckIcon />
      </IconButton>
    ),
  },
  render: (args) => (
    <Sheet defaultOpen>
      <SheetContent {...args}>
        <TextField label="الاسم" defaultValue="حزمة ملصقات" />
      </SheetContent>
    </Sheet>
  ),
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'إضافة عنصر' });
    // Back sits at the right and its arrow points right.
    const back = within(sheet).getByRole('button', { name: 'رجوع' });
    const save = within(sheet).getByRole('button', { name: 'حفظ' });
    await expect(back.getBoundingClientRect().left).toBeGreaterThan(
      save.getBoundingClientRect().left,
    );
    await expect(getComputedStyle(back.querySelector('svg')!).transform).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { footer: <Button fullWidth>Save item</Button> },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Add item' })).toBeVisible();
  },
};

/** Every slot filled, and a title too long for one line of the header (it wraps). */
export const AllStates: Story = {
  args: {
    title: 'Edit the reward message of a very long item name',
    description: 'Change what the buyer receives.',
    footer: <Button fullWidth>Save item</Button>,
  },
  play: async () => {
    const sheet = await screen.findByRole('dialog', {
      name: 'Edit the reward message of a very long item name',
    });
    await expect(sheet).toHaveAccessibleDescription('Change what the buyer receives.');
    // A long title wraps: none of it is cut off.
    const title = within(sheet).getByRole('heading');
    await expect(title.scrollWidth).toBeLessThanOrEqual(title.clientWidth);
    await expect(title.getClientRects()[0]?.height ?? 0).toBeGreaterThan(30);
  },
};
