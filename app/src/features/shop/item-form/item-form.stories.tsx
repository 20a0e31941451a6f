import { useShop } from '@botdeck/api';
import { UPLOAD_MAX_BYTES } from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import type { EmulatorPlatform } from '@botdeck/platform/emulator';
import { failing, networkError } from '@botdeck/server/msw';
import { Button, Spinner } from '@botdeck/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { lazy, Suspense, useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { PartHarness, screenStories } from '../../../dev/screen-story';
import { tapWhenReady } from '../../../dev/tap';
import { createDraftStore } from '../../../shell/drafts';
import {
  type ItemDraft,
  type ItemFormField,
  type ItemFormTarget,
  itemDraftKey,
} from './item-form-model';

// The sheet loads as the shop screen loads it: a chunk of its own.
const ItemFormSheet = lazy(() => import('./item-form-sheet'));

// Bot 2 is Pixel Store (pixel_store_bot, fee 5%), whose shop Dana owns. Its categories:
// Stickers (Cat sticker pack: 100 in stock, 3 per user; Golden frame; Emoji starter set, its
// reward a file id), Wallpapers (Night city: its reward a stored photo and no text; Mountain
// dawn), Courses and the empty Gift cards.
const BOT = 2;

/** What the form told the screen when it closed, oldest first (reset before each story). */
const closes: Array<{ saved: boolean; msg?: string }> = [];

/**
 * What a story does to the stand-in screen that a person cannot while the sheet covers it:
 * the app going away without asking (swiped closed), so the form unmounts unconfirmed.
 */
const host: { closeApp: () => void } = { closeApp: () => undefined };

const { base, backend, withPlatform, traffic } = screenStories({
  route: '/shop?bot=2',
  beforeEach: () => {
    closes.length = 0;
  },
});

interface ItemFormStoryArgs {
  /** The item the form opens on. */
  target: ItemFormTarget;
}

/**
 * A stand-in for the shop screen: it loads the shop, opens the form as the screen does (its own
 * BackButton hidden meanwhile), and can open it again after it closed.
 */
function SheetHost({ target }: ItemFormStoryArgs) {
  const { shop, upload } = useShop(BOT);
  const [open, setOpen] = useState(true);
  const [backs, setBacks] = useState(0);
  useBackButton(open ? null : () => setBacks((count) => count + 1));
  host.closeApp = () => setOpen(false);
  if (!shop) return <Spinner label="Loading the shop…" />;
  const last = closes.at(-1);
  return (
    <section aria-label="Shop" style={{ display: 'grid', gap: 12, padding: 16 }}>
      <p>
        Categories: {shop.categories.map((category) => category.name).join(', ')}.{' '}
        {last ? `The form closed: ${last.saved ? `saved (${last.msg})` : 'cancelled'}.` : null}{' '}
        {backs ? `Back pressed ${backs}×.` : null}
      </p>
      <Button onClick={() => setOpen(true)}>Open the form</Button>
      {open ? (
        <Suspense fallback={null}>
          <ItemFormSheet
            botId={BOT}
            target={target}
            categories={shop.categories}
            username={shop.username}
            fee={shop.fee}
            upload={upload}
            onClose={(result) => {
              closes.push(result);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

const meta = {
  title: 'Screens/Shop/Item form',
  tags: ['visual'],
  ...base,
  args: { target: { mode: 'add' } },
  render: (args, { loaded, parameters }) => (
    <PartHarness platform={loaded.platform} chrome={parameters.telegramChrome === true}>
      <SheetHost {...args} />
    </PartHarness>
  ),
} satisfies Meta<ItemFormStoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 5000 };
const EDIT_CAT_STICKERS: ItemFormTarget = { mode: 'edit', ind: 0, ind2: 0 };
const EDIT_EMOJI_SET: ItemFormTarget = { mode: 'edit', ind: 0, ind2: 2 };
const EDIT_NIGHT_CITY: ItemFormTarget = { mode: 'edit', ind: 1, ind2: 0 };

/** The open form, once the shop and the form's chunk have loaded. */
async function sheet(title = 'Add item') {
  return within(await screen.findByRole('dialog', { name: title }, LOAD));
}

/** A text field of the form; `hidden` finds it behind a dialog, which hides the rest. */
const textbox = (form: ReturnType<typeof within>, name: string, hidden = false) =>
  form.getByRole('textbox', { name, hidden });

async function pressSave(form: ReturnType<typeof within>) {
  await userEvent.click(form.getByRole('button', { name: 'Save' }));
}

/** The error dialog titled `title`, its message, and its OK pressed. */
async function dismissDialog(title: string, message: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  await expect(dialog).toHaveAccessibleDescription(message);
  await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

/**
 * Save, refused: the Invalid dialog names the first rule broken, and as it closes the focus goes
 * to the field at fault. (It used to go there 200 ms after OK, the delay of a dialog's action:
 * a reward typed in between was lost, which a story typing at once on a loaded machine found.)
 */
async function expectInvalid(
  form: ReturnType<typeof within>,
  message: string,
  field: ItemFormField,
) {
  await pressSave(form);
  await dismissDialog('Invalid', message);
  await waitFor(() =>
    expect(document.activeElement?.closest(`[data-field="${field}"]`)).toBeTruthy(),
  );
}

/** Taps a button of a dialog opened over the sheet, once it takes the pointer (dev/tap.ts). */
async function tapInDialog(dialog: HTMLElement, name: string) {
  await tapWhenReady(within(dialog).getByRole('button', { name }));
}

async function chooseCategory(form: ReturnType<typeof within>, name: string) {
  await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

/** A small PNG drawn on a canvas, in `colour`. */
async function pngFile(name: string, colour: string): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 96;
  canvas.height = 96;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = colour;
  context.fillRect(0, 0, 96, 96);
  context.fillStyle = '#ffffff';
  context.beginPath();
  context.arc(48, 48, 22, 0, Math.PI * 2);
  context.fill();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The canvas gave no PNG');
  return new File([blob], name, { type: 'image/png' });
}

const imageInput = (form: ReturnType<typeof within>, hidden = false) =>
  hidden
    ? (form.getByText('Item image').parentElement?.querySelector('input') as HTMLElement)
    : form.getByLabelText(/^Item image/);

/** Every field of a new item filled in, so that Save sends it. */
/** Pastes `text` into an empty field, as a person with the text at hand would. */
async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

/**
 * A complete new item, the way most stories need one before what they show. The longer texts
 * are pasted (typing them key by key re-checks the whole form at each key, and is what the
 * typing stories show).
 */
async function fillNewItem(form: ReturnType<typeof within>) {
  await chooseCategory(form, 'Stickers');
  await paste(textbox(form, 'Name'), 'Comet sticker');
  await paste(textbox(form, 'Description'), 'A comet with a glowing tail.');
  await userEvent.type(textbox(form, 'Price'), '120');
  await userEvent.upload(imageInput(form), await pngFile('comet.png', '#2a73b8'));
  await paste(textbox(form, 'Text or caption'), 'Thanks! Here is your comet.');
}

const uploads = () => traffic.filter((event) => event.name === 'uploadShopItem');
const sentFields = (index = 0) => uploads()[index]?.request.form?.fields ?? {};
const sentFiles = (index = 0) => uploads()[index]?.request.form?.files ?? {};
const snapshot = (platform: EmulatorPlatform) => platform.store.getSnapshot();

/**
 * Ends a story for its picture: `part` scrolled into the middle of the sheet and nothing
 * focused, so no focus ring depends on which story ran before. (The sheet scrolls inside
 * itself: a picture shows only what is in view.)
 */
function forThePicture(part?: HTMLElement) {
  part?.scrollIntoView({ block: 'center' });
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

/** The part of the form around the field named `name` (its card). */
const cardOf = (element: HTMLElement) =>
  (element.closest('[data-field]')?.parentElement ?? element) as HTMLElement;

const TOO_LARGE = 'Your file exceeds 5 MB. Upload via Telegram or upload a file smaller than 5 MB.';

// ---------------------------------------------------------------------------------------------
// Add and edit

export const AddEmpty: Story = {
  play: async ({ loaded }) => {
    const form = await sheet();
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent(
      'Choose a category',
    );
    for (const name of ['Name', 'Description', 'Price', 'Text or caption']) {
      await expect(textbox(form, name)).toHaveValue('');
    }
    await expect(form.getByText('Whole stars from 1 to 9,999.')).toBeVisible();
    await expect(
      within(form.getByRole('radiogroup', { name: 'Quantity' })).getByRole('radio', {
        name: 'Unlimited',
      }),
    ).toBeChecked();
    await expect(
      within(form.getByRole('radiogroup', { name: 'Limit per user' })).getByRole('radio', {
        name: 'Unlimited',
      }),
    ).toBeChecked();
    await expect(form.getByText('No image yet.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    // Telegram's BackButton is the form's now; nothing typed, so nothing to confirm on close.
    await expect(snapshot(loaded.platform).backButton.visible).toBe(true);
    await expect(snapshot(loaded.platform).closingConfirmation).toBe(false);
    forThePicture();
  },
};

export const EditPrefilled: Story = {
  args: { target: EDIT_CAT_STICKERS },
  play: async () => {
    const form = await sheet('Edit item');
    // The item stays in its category: no selector.
    await expect(form.queryByRole('combobox', { name: 'Category' })).toBeNull();
    await expect(textbox(form, 'Name')).toHaveValue('Cat sticker pack');
    await expect(textbox(form, 'Description')).toHaveValue(
      'Twenty hand-drawn cats for every mood.',
    );
    await expect(textbox(form, 'Price')).toHaveValue('50');
    await expect(form.getByText('You receive 47 ⭐')).toBeVisible();
    await expect(
      within(form.getByRole('radiogroup', { name: 'Quantity' })).getByRole('radio', {
        name: '100',
      }),
    ).toBeChecked();
    // 3 per user is none of the presets: custom, with its number.
    await expect(textbox(form, 'Custom limit per user')).toHaveValue('3');
    const image = form.getByRole('img', { name: "The item's image" });
    await expect(image.getAttribute('src')).toMatch(/\/shop\/images\/seed\/cat-stickers\.svg$/);
    await expect(form.getByText('Change image')).toBeVisible();
    forThePicture();
  },
};

export const EditWithFileId: Story = {
  tags: ['!visual'],
  args: { target: EDIT_EMOJI_SET },
  play: async () => {
    const form = await sheet('Edit item');
    await expect(textbox(form, 'Text or caption')).toHaveValue('Here is your emoji set. Enjoy!');
    await expect(form.getByRole('radio', { name: 'File' })).toBeChecked();
    await expect(form.getByText('document-emoji-set-0001')).toBeVisible();
  },
};

// ---------------------------------------------------------------------------------------------
// Save's rules, in SPEC's order, each in a dialog titled Invalid

export const InvalidDialog: Story = {
  play: async () => {
    const form = await sheet();
    await pressSave(form);
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await expect(dialog).toHaveAccessibleDescription("Please enter the item's name.");
    // Every field at fault is marked too, with its reason.
    await expect(textbox(form, 'Name', true)).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox(form, 'Price', true)).toHaveAccessibleDescription('Please enter a price.');
    await expect(uploads()).toHaveLength(0);
  },
};

/**
 * A person on a keyboard reads the dialog, presses Enter and types at once: every key goes into
 * the field the dialog named. Escape takes them there as well.
 */
export const TypingRightAfterTheDialog: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await pressSave(form);
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus());
    await userEvent.keyboard('{Enter}Desk lamp');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(textbox(form, 'Name')).toHaveValue('Desk lamp');

    await pressSave(form);
    const next = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await expect(next).toHaveAccessibleDescription('Please enter a description.');
    await waitFor(() => expect(within(next).getByRole('button', { name: 'OK' })).toHaveFocus());
    await userEvent.keyboard('{Escape}Warm light');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(textbox(form, 'Description')).toHaveValue('Warm light');
  },
};

export const ErrorsInSpecOrder: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await expectInvalid(form, "Please enter the item's name.", 'name');
    await expect(textbox(form, 'Name')).toHaveFocus();
    await userEvent.click(textbox(form, 'Name'));
    await userEvent.paste('a'.repeat(51));
    await expectInvalid(form, "The name can't be longer than 50 characters.", 'name');
    await userEvent.clear(textbox(form, 'Name'));
    await userEvent.type(textbox(form, 'Name'), 'Comet sticker');

    await expectInvalid(form, 'Please enter a description.', 'description');
    await userEvent.click(textbox(form, 'Description'));
    await userEvent.paste('a'.repeat(501));
    await expectInvalid(
      form,
      "The description can't be longer than 500 characters.",
      'description',
    );
    await userEvent.clear(textbox(form, 'Description'));
    await userEvent.type(textbox(form, 'Description'), 'A comet.');

    await expectInvalid(form, 'Please enter a price.', 'price');
    for (const price of ['0', '10000', 'ten']) {
      await userEvent.clear(textbox(form, 'Price'));
      await userEvent.type(textbox(form, 'Price'), price);
      await expectInvalid(form, 'Price must be a whole number from 1 to 9,999.', 'price');
    }
    await userEvent.clear(textbox(form, 'Price'));
    await userEvent.type(textbox(form, 'Price'), '9999');

    await expectInvalid(form, 'Please add an item image.', 'image');
    await userEvent.upload(imageInput(form), await pngFile('comet.png', '#2a73b8'));

    await expectInvalid(form, 'Please add a reward text or reward media.', 'reward');
    await userEvent.type(textbox(form, 'Text or caption'), 'Thanks!');
    await expect(textbox(form, 'Text or caption')).toHaveValue('Thanks!');

    await expectInvalid(form, 'Please select a category.', 'category');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveFocus();
    // Nothing was sent, and nothing typed was lost.
    await expect(uploads()).toHaveLength(0);
    await expect(textbox(form, 'Name')).toHaveValue('Comet sticker');
    await expect(textbox(form, 'Price')).toHaveValue('9999');
  },
};

export const PriceWithDot: Story = {
  play: async () => {
    const form = await sheet();
    const price = textbox(form, 'Price');
    await userEvent.type(price, '15');
    await expect(price).not.toHaveAttribute('aria-invalid');
    await userEvent.type(price, '.5');
    // Red at once, before any save, with the reason.
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(
      'Price must be a whole number from 1 to 9,999.',
    );
    await userEvent.type(price, '{Backspace}{Backspace}');
    await expect(price).not.toHaveAttribute('aria-invalid');
    await userEvent.type(price, ',5');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
  },
};

export const PriceWithComma: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    const price = textbox(form, 'Price');
    // A Russian or Turkish keyboard's decimal mark is refused the same way.
    await userEvent.type(price, '2,5');
    await expect(price).toHaveAttribute('aria-invalid', 'true');
  },
};

export const NetOfFee: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    const price = textbox(form, 'Price');
    await userEvent.type(price, '100');
    // The fee is 5%: what is left, in whole stars.
    await expect(price).toHaveAccessibleDescription('You receive 95 ⭐');
    await userEvent.clear(price);
    await userEvent.type(price, '9999');
    await expect(price).toHaveAccessibleDescription('You receive 9,499 ⭐');
    await userEvent.clear(price);
    await userEvent.type(price, '1');
    await expect(price).toHaveAccessibleDescription('You receive 0 ⭐');
  },
};

// ---------------------------------------------------------------------------------------------
// Categories

export const AddCategory: Story = {
  play: async () => {
    const form = await sheet();
    await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    await expect(options).toEqual([
      'Stickers',
      'Wallpapers',
      'Courses',
      'Gift cards',
      '+ Add category',
    ]);
    await userEvent.click(screen.getByRole('option', { name: '+ Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    const input = within(dialog).getByRole('textbox', { name: 'Category name' });
    const add = within(dialog).getByRole('button', { name: 'Add' });

    await userEvent.click(add);
    await expect(input).toHaveAccessibleDescription('Please enter a category name.');
    await userEvent.type(input, '  ab  ');
    await userEvent.click(add);
    await expect(input).toHaveAccessibleDescription(
      "Category name can't be less than 3 characters",
    );
    await userEvent.clear(input);
    await userEvent.type(input, 'stickers');
    await userEvent.click(add);
    await expect(input).toHaveAccessibleDescription('Category name already exists');
    await userEvent.clear(input);
    await userEvent.type(input, 'Art prints');
    await userEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add category' })).toBeNull());

    // Appended, marked as new and chosen.
    const select = form.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toHaveTextContent('Art prints (new)'));
    await expect(select).toHaveAccessibleDescription(
      'A new category: it is created when you save this item.',
    );
    await userEvent.click(select);
    await expect(await screen.findByRole('option', { name: 'Art prints (new)' })).toBeVisible();
    // A second one with the same name is refused.
    await userEvent.click(screen.getByRole('option', { name: '+ Add category' }));
    const again = await screen.findByRole('dialog', { name: 'Add category' });
    await userEvent.type(
      within(again).getByRole('textbox', { name: 'Category name' }),
      'ART PRINTS',
    );
    await userEvent.click(within(again).getByRole('button', { name: 'Add' }));
    await expect(
      within(again).getByRole('textbox', { name: 'Category name' }),
    ).toHaveAccessibleDescription('Category name already exists');
  },
};

export const NewCategorySaved: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: '+ Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Category name' }), 'Space');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Space (new)'),
    );
    await pressSave(form);
    await waitFor(() => expect(closes).toEqual([{ saved: true, msg: 'Item added.' }]), LOAD);
    await expect(sentFields()).toMatchObject({ cat: 'Space', edit: 'false' });
    // The server made the category, and the shop shows it.
    await expect(await screen.findByText(/Gift cards, Space\./)).toBeVisible();
  },
};

export const CancelRemovesAddedCategory: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    let form = await sheet();
    await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: '+ Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Category name' }), 'Space');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Space (new)'),
    );
    // Cancelled: Back asks, since the form changed, and Discard closes it.
    loaded.platform.clickBackButton();
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await tapInDialog(ask, 'Discard');
    await waitFor(() => expect(closes).toEqual([{ saved: false }]));
    await expect(uploads()).toHaveLength(0);

    await userEvent.click(await screen.findByRole('button', { name: 'Open the form' }));
    form = await sheet();
    await userEvent.click(form.getByRole('combobox', { name: 'Category' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    await expect(options).not.toContain('Space (new)');
    await expect(options).toHaveLength(5);
    // Discarded on purpose: no draft is offered either.
    await userEvent.keyboard('{Escape}');
    await expect(
      form.queryByRole('region', { name: 'You have unsaved changes from before' }),
    ).toBeNull();
  },
};

// ---------------------------------------------------------------------------------------------
// Quantities

export const QuantityPresets: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    const total = within(form.getByRole('radiogroup', { name: 'Quantity' }));
    const perUser = within(form.getByRole('radiogroup', { name: 'Limit per user' }));
    await expect(total.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Unlimited',
      '100',
      '1,000',
      '5,000',
      'Custom',
    ]);
    await expect(perUser.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Unlimited',
      '10',
      '50',
      '100',
      'Custom',
    ]);
    await userEvent.click(total.getByRole('radio', { name: '1,000' }));
    await userEvent.click(perUser.getByRole('radio', { name: '10' }));
    await pressSave(form);
    await waitFor(() => expect(closes).toHaveLength(1), LOAD);
    await expect(sentFields()).toMatchObject({ all_limit: '1000', limit: '10' });
  },
};

export const UnlimitedOnTheWire: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await pressSave(form);
    await waitFor(() => expect(closes).toHaveLength(1), LOAD);
    // SPEC's null, as a multipart form carries it.
    await expect(sentFields()).toMatchObject({ all_limit: 'null', limit: 'null' });
  },
};

export const CustomQuantityErrors: Story = {
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await userEvent.click(
      within(form.getByRole('radiogroup', { name: 'Quantity' })).getByRole('radio', {
        name: 'Custom',
      }),
    );
    const total = textbox(form, 'Custom quantity');
    await userEvent.type(total, '100001');
    await expect(total).toHaveAccessibleDescription('Enter a whole number from 1 to 100,000.');
    await userEvent.click(
      within(form.getByRole('radiogroup', { name: 'Limit per user' })).getByRole('radio', {
        name: 'Custom',
      }),
    );
    const perUser = textbox(form, 'Custom limit per user');
    await userEvent.type(perUser, '1.5');
    await expect(perUser).toHaveAccessibleDescription('Enter a whole number from 1 to 1,000.');

    await pressSave(form);
    await dismissDialog('Invalid', 'Enter a whole number from 1 to 100,000.');
    await waitFor(() => expect(total).toHaveFocus());
    await userEvent.clear(total);
    await userEvent.type(total, '250');
    await pressSave(form);
    await dismissDialog('Invalid', 'Enter a whole number from 1 to 1,000.');
    await waitFor(() => expect(perUser).toHaveFocus());
    await expect(uploads()).toHaveLength(0);
    // What was typed stays, with its reason, for the person to fix.
    await expect(perUser).toHaveValue('1.5');
    forThePicture(cardOf(total));
  },
};

// ---------------------------------------------------------------------------------------------
// Picture and reward media

export const ImagePicked: Story = {
  play: async () => {
    const form = await sheet();
    await userEvent.upload(imageInput(form), await pngFile('comet.png', '#2a73b8'));
    const image = await form.findByRole('img', { name: "The item's image" });
    await expect(image.getAttribute('src')).toMatch(/^blob:/);
    await expect(form.getByText('Change image')).toBeVisible();
    await expect(form.queryByText('No image yet.')).toBeNull();
    forThePicture(image);
  },
};

export const ImageOver5MbRefused: Story = {
  play: async () => {
    const form = await sheet();
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'poster.png', {
      type: 'image/png',
    });
    await userEvent.upload(imageInput(form), big);
    const dialog = await screen.findByRole('alertdialog', { name: 'Failed' });
    await expect(dialog).toHaveAccessibleDescription(TOO_LARGE);
    // Refused before anything is sent; the field says why and still has no picture.
    await expect(form.getByText('No image yet.')).toBeInTheDocument();
    await expect(imageInput(form, true)).toHaveAttribute('aria-invalid', 'true');
    await expect(uploads()).toHaveLength(0);
    imageInput(form, true).scrollIntoView({ block: 'center' });
  },
};

export const ImageExactly5MbAccepted: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    const max = new File([new Uint8Array(UPLOAD_MAX_BYTES)], 'poster.png', { type: 'image/png' });
    await userEvent.upload(imageInput(form), max);
    await expect(await form.findByText('Change image')).toBeVisible();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

export const RewardOver5MbRefused: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await userEvent.click(form.getByRole('radio', { name: 'Video' }));
    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'lesson.mp4', {
      type: 'video/mp4',
    });
    await userEvent.upload(form.getByLabelText('Upload video'), big);
    await dismissDialog('Failed', TOO_LARGE);
    await expect(form.getByText('No media yet.')).toBeVisible();
  },
};

export const RewardMediaClearsFileId: Story = {
  play: async () => {
    const form = await sheet();
    await userEvent.click(form.getByRole('radio', { name: 'File' }));
    // A file id first…
    await userEvent.click(form.getByRole('button', { name: 'Use a file ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a file from Telegram' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'File ID' }), 'document-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await expect(await form.findByText('document-42')).toBeVisible();
    // …then a file from the device replaces it.
    await userEvent.upload(
      form.getByLabelText('Upload file'),
      new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' }),
    );
    await expect(await form.findByText('guide.pdf')).toBeVisible();
    await expect(form.queryByText('document-42')).toBeNull();
    forThePicture(form.getByRole('region', { name: 'Reward' }));
  },
};

export const FileIdClearsRewardMedia: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await userEvent.click(form.getByRole('radio', { name: 'File' }));
    await userEvent.upload(
      form.getByLabelText('Upload file'),
      new File(['%PDF-1.4'], 'guide.pdf', { type: 'application/pdf' }),
    );
    await expect(await form.findByText('guide.pdf')).toBeVisible();
    await userEvent.click(form.getByRole('button', { name: 'Use a file ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a file from Telegram' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'File ID' }), 'document-42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await expect(await form.findByText('document-42')).toBeVisible();
    await expect(form.queryByText('guide.pdf')).toBeNull();
    await pressSave(form);
    await waitFor(() => expect(closes).toHaveLength(1), LOAD);
    // The id is sent, no file, under the file type's code.
    await expect(sentFields()).toMatchObject({ ufile: 'document-42', media_type: '3' });
    await expect(sentFiles().file2).toBeUndefined();
  },
};

export const FileIdDialog: Story = {
  play: async ({ loaded }) => {
    const form = await sheet();
    await userEvent.click(form.getByRole('radio', { name: 'File' }));
    await userEvent.click(form.getByRole('button', { name: 'Use a file ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a file from Telegram' });
    const input = within(dialog).getByRole('textbox', { name: 'File ID' });
    await userEvent.type(input, 'cat.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this file' }));
    await expect(input).toHaveAccessibleDescription(
      'The file ID is invalid. It must start with photo-, video-, video_note-, audio-, voice-, animation-, sticker- or document-.',
    );
    // The bot's upload start link, through Telegram.
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Get a file ID from the bot' }),
    );
    await expect(snapshot(loaded.platform).notice).toEqual({
      kind: 'link',
      url: 'https://t.me/pixel_store_bot?start=fileid',
    });
  },
};

export const RemoveMedia: Story = {
  args: { target: EDIT_NIGHT_CITY },
  play: async () => {
    const form = await sheet('Edit item');
    const reward = form.getByRole('region', { name: 'Reward' });
    await expect(within(reward).getByRole('img', { name: 'The current photo' })).toBeVisible();
    await userEvent.click(within(reward).getByRole('button', { name: 'Remove' }));
    await expect(within(reward).queryByRole('img', { name: 'The current photo' })).toBeNull();
    await expect(within(reward).getByText('No media yet.')).toBeVisible();
    forThePicture(reward);
  },
};

export const RemoveMediaSaved: Story = {
  tags: ['!visual'],
  args: { target: EDIT_NIGHT_CITY },
  play: async () => {
    const form = await sheet('Edit item');
    await userEvent.click(
      within(form.getByRole('region', { name: 'Reward' })).getByRole('button', { name: 'Remove' }),
    );
    // Night city's reward was the photo alone: now it needs a text.
    await expectInvalid(form, 'Please add a reward text or reward media.', 'reward');
    await expect(textbox(form, 'Text or caption')).toHaveFocus();
    await userEvent.type(textbox(form, 'Text or caption'), 'Your wallpaper is on its way.');
    await pressSave(form);
    await waitFor(() => expect(closes).toEqual([{ saved: true, msg: 'Item updated.' }]), LOAD);
    await expect(sentFields()).toMatchObject({
      edit: 'true',
      ind: '1',
      ind2: '0',
      rem_media: 'true',
      ufile: '',
      reward_text: 'Your wallpaper is on its way.',
    });
    await expect(sentFiles()).toEqual({});
  },
};

// ---------------------------------------------------------------------------------------------
// Saving

export const Saving: Story = {
  parameters: backend(
    http.post('*/api/shop/upload', async () => {
      await delay('infinite');
      return undefined;
    }),
  ),
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await pressSave(form);
    const save = form.getByRole('button', { name: 'Save' });
    // The check spins and cannot be pressed again; the fields wait too.
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    await expect(save).toBeDisabled();
    await expect(textbox(form, 'Name')).toHaveAttribute('readonly');
    await expect(form.getByRole('combobox', { name: 'Category' })).toBeDisabled();
    await expect(closes).toEqual([]);
  },
};

export const Saved: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const form = await sheet();
    await fillNewItem(form);
    await pressSave(form);
    await waitFor(() => expect(closes).toEqual([{ saved: true, msg: 'Item added.' }]), LOAD);
    await expect(uploads()).toHaveLength(1);
    await expect(sentFields()).toEqual({
      id: '100000001',
      bot_id: '2',
      name: 'Comet sticker',
      des: 'A comet with a glowing tail.',
      price: '120',
      reward_text: 'Thanks! Here is your comet.',
      cat: 'Stickers',
      edit: 'false',
      media_type: '0',
      all_limit: 'null',
      limit: 'null',
      ufile: '',
      rem_media: 'false',
      ind: '',
      ind2: '',
    });
    await expect(sentFiles().file1?.name).toBe('comet.png');
    // The form is gone; the screen has its BackButton back, and nothing asks before closing.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(snapshot(loaded.platform).closingConfirmation).toBe(false);
    await expect(snapshot(loaded.platform).backButton.visible).toBe(true);
    loaded.platform.clickBackButton();
    await expect(await screen.findByText(/Back pressed 1×/)).toBeVisible();
  },
};

export const EditSaved: Story = {
  tags: ['!visual'],
  args: { target: EDIT_CAT_STICKERS },
  play: async () => {
    const form = await sheet('Edit item');
    await userEvent.clear(textbox(form, 'Price'));
    await userEvent.type(textbox(form, 'Price'), '60');
    await pressSave(form);
    await waitFor(() => expect(closes).toEqual([{ saved: true, msg: 'Item updated.' }]), LOAD);
    await expect(sentFields()).toMatchObject({
      edit: 'true',
      ind: '0',
      ind2: '0',
      cat: 'Stickers',
      price: '60',
      all_limit: '100',
      limit: '3',
      rem_media: 'false',
    });
    // The picture was kept, so none was sent.
    await expect(sentFiles()).toEqual({});
  },
};

export const DoubleSaveSendsOnce: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    const save = form.getByRole('button', { name: 'Save' });
    await userEvent.dblClick(save);
    await waitFor(() => expect(closes).toHaveLength(1), LOAD);
    await expect(uploads()).toHaveLength(1);
  },
};

export const UploadFails: Story = {
  parameters: backend(failing('/api/shop/upload', { msg: 'The shop is busy. Try again later.' })),
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await pressSave(form);
    await dismissDialog('Failed', 'The shop is busy. Try again later.');
    // The form stays with everything typed, ready to try again.
    await expect(textbox(form, 'Name')).toHaveValue('Comet sticker');
    await expect(textbox(form, 'Price')).toHaveValue('120');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Stickers');
    await expect(form.getByRole('img', { name: "The item's image" })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(closes).toEqual([]);
    forThePicture();
  },
};

export const NetworkFails: Story = {
  tags: ['!visual'],
  parameters: backend(networkError('/api/shop/upload')),
  play: async () => {
    const form = await sheet();
    await fillNewItem(form);
    await pressSave(form);
    await dismissDialog('Failed', 'An error occurred, try again');
    await expect(textbox(form, 'Text or caption')).toHaveValue('Thanks! Here is your comet.');
    await expect(closes).toEqual([]);
  },
};

// ---------------------------------------------------------------------------------------------
// Drafts, closing and Back

const DRAFT: ItemDraft = {
  v: 1,
  item: null,
  category: 'Wallpapers',
  addedCategories: [],
  name: 'Aurora',
  description: 'Northern lights over a frozen lake.',
  price: '40',
  allLimit: 500,
  limit: null,
  imageFile: 'aurora.png',
  rewardText: 'Enjoy the lights.',
  reward: { type: 'photo', fileId: null, remove: false, pickedFile: 'aurora-4k.png' },
};

const withDraft = () =>
  withPlatform((platform) =>
    createDraftStore(platform.cloudStorage).write(itemDraftKey(BOT, { mode: 'add' }), DRAFT),
  );

export const DraftOfferedBack: Story = {
  loaders: withDraft(),
  play: async () => {
    const form = await sheet();
    const banner = await form.findByRole('region', {
      name: 'You have unsaved changes from before',
    });
    await expect(banner).toHaveTextContent(
      'After restoring, pick “aurora.png” and “aurora-4k.png” again',
    );
    // Offered, not applied.
    await expect(textbox(form, 'Name')).toHaveValue('');
    forThePicture();
  },
};

export const DraftRestored: Story = {
  loaders: withDraft(),
  play: async ({ loaded }) => {
    const form = await sheet();
    const banner = await form.findByRole('region', {
      name: 'You have unsaved changes from before',
    });
    await userEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    await expect(
      form.queryByRole('region', { name: 'You have unsaved changes from before' }),
    ).toBeNull();
    await expect(textbox(form, 'Name')).toHaveValue('Aurora');
    await expect(textbox(form, 'Price')).toHaveValue('40');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Wallpapers');
    await expect(textbox(form, 'Custom quantity')).toHaveValue('500');
    // The files are asked for again, where they go.
    await expect(
      form.getByText("Pick “aurora.png” again: files from your device aren't kept in drafts."),
    ).toBeVisible();
    await expect(
      form.getByText("Pick “aurora-4k.png” again: files from your device aren't kept in drafts."),
    ).toBeVisible();
    await waitFor(() => expect(snapshot(loaded.platform).closingConfirmation).toBe(true));
  },
};

export const DraftAfterAccidentalClose: Story = {
  tags: ['!visual'],
  play: async () => {
    let form = await sheet();
    await chooseCategory(form, 'Courses');
    await userEvent.type(textbox(form, 'Name'), 'Bot basics 2');
    // The app goes away without asking (swiped closed): the draft is written at once.
    host.closeApp();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Open the form' }));
    form = await sheet();
    const banner = await form.findByRole('region', {
      name: 'You have unsaved changes from before',
    });
    await userEvent.click(within(banner).getByRole('button', { name: 'Restore' }));
    await expect(textbox(form, 'Name')).toHaveValue('Bot basics 2');
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Courses');
  },
};

export const DraftDismissed: Story = {
  tags: ['!visual'],
  loaders: withDraft(),
  play: async ({ loaded }) => {
    const form = await sheet();
    const banner = await form.findByRole('region', {
      name: 'You have unsaved changes from before',
    });
    await userEvent.click(within(banner).getByRole('button', { name: 'Discard' }));
    await expect(textbox(form, 'Name')).toHaveValue('');
    await waitFor(async () =>
      expect(
        await createDraftStore(loaded.platform.cloudStorage).read(
          itemDraftKey(BOT, { mode: 'add' }),
        ),
      ).toBeNull(),
    );
  },
};

export const ClosingConfirmationWhileDirty: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const form = await sheet();
    await expect(snapshot(loaded.platform).closingConfirmation).toBe(false);
    await userEvent.type(textbox(form, 'Name'), 'C');
    await waitFor(() => expect(snapshot(loaded.platform).closingConfirmation).toBe(true));
    await expect(snapshot(loaded.platform).verticalSwipes).toBe(false);
    // Undone by hand: clean again.
    await userEvent.clear(textbox(form, 'Name'));
    await waitFor(() => expect(snapshot(loaded.platform).closingConfirmation).toBe(false));
  },
};

export const BackButtonClosesCleanForm: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    await sheet();
    await waitFor(() => expect(snapshot(loaded.platform).backButton.visible).toBe(true));
    loaded.platform.clickBackButton();
    await waitFor(() => expect(closes).toEqual([{ saved: false }]));
    // Only the form's way back ran; the screen's own is back for the next press.
    await expect(screen.queryByText(/Back pressed/)).toBeNull();
    await expect(snapshot(loaded.platform).backButton.visible).toBe(true);
  },
};

export const BackAsksWhileDirty: Story = {
  tags: ['!visual'],
  play: async ({ loaded }) => {
    const form = await sheet();
    await userEvent.type(textbox(form, 'Description'), 'Half a thought');
    loaded.platform.clickBackButton();
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await expect(ask).toHaveAccessibleDescription('What you entered in this form is not saved.');
    await tapInDialog(ask, 'Keep editing');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull(),
    );
    await expect(textbox(form, 'Description')).toHaveValue('Half a thought');
    await expect(closes).toEqual([]);
    // The header's arrow asks the same.
    await userEvent.click(form.getByRole('button', { name: 'Back' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await waitFor(() =>
      expect(within(again).getByRole('button', { name: 'Discard' })).toBeVisible(),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Languages, themes and the keyboard

export const Arabic: Story = {
  globals: { locale: 'ar' },
  play: async () => {
    const form = await sheet('إضافة منتج');
    await expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const price = textbox(form, 'السعر');
    await userEvent.type(price, '100');
    // What the editor receives, and the presets, written as Arabic writes numbers.
    const arabic = new Intl.NumberFormat('ar');
    // (The sentence is the shop screen's "You receive N ⭐", shop.youReceive.)
    await expect(price).toHaveAccessibleDescription(
      expect.stringContaining(`\u2068${arabic.format(95)}\u2069 ⭐`),
    );
    await expect(
      within(form.getByRole('radiogroup', { name: 'الكمية' })).getByRole('radio', {
        name: arabic.format(1000),
      }),
    ).toBeVisible();
  },
};

export const ArabicInvalid: Story = {
  globals: { locale: 'ar' },
  tags: ['!visual'],
  play: async () => {
    const form = await sheet('إضافة منتج');
    await userEvent.click(form.getByRole('button', { name: 'حفظ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'غير صالح' });
    await expect(dialog).toHaveAccessibleDescription('يُرجى إدخال اسم المنتج.');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { target: EDIT_NIGHT_CITY },
  play: async () => {
    const form = await sheet('Edit item');
    await userEvent.clear(textbox(form, 'Price'));
    await userEvent.type(textbox(form, 'Price'), '1.5');
    await expect(textbox(form, 'Price')).toHaveAttribute('aria-invalid', 'true');
    // The picture shows the lower half: the item's image and its stored reward photo.
    forThePicture(form.getByText('Item image'));
  },
};

export const Keyboard: Story = {
  tags: ['!visual'],
  play: async () => {
    const form = await sheet();
    // The sheet opens with the focus inside it: on its back arrow, then Save, then the fields.
    await waitFor(() => expect(form.getByRole('button', { name: 'Back' })).toHaveFocus());
    await userEvent.tab();
    await expect(form.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    await expect(form.getByRole('combobox', { name: 'Category' })).toHaveFocus();
    await userEvent.tab();
    await expect(textbox(form, 'Name')).toHaveFocus();
    await userEvent.keyboard('Comet{Enter}');
    // Enter in a field does not save.
    await expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.tab();
    await expect(textbox(form, 'Description')).toHaveFocus();

    // Save from the keyboard: the dialog takes the focus, and gives it to the field at fault.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(form.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Invalid' });
    await expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(textbox(form, 'Description')).toHaveFocus());

    // Escape is Back: it asks, and Escape again keeps editing.
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    await expect(screen.getByRole('dialog', { name: 'Add item' })).toBeVisible();
    await expect(closes).toEqual([]);
  },
};
