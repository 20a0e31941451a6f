import type { ShopCategory, ShopItem } from '@botdeck/api';
import { describe, expect, it } from 'vitest';
import {
  addCategory,
  categoryChoices,
  draftDiffers,
  draftFits,
  emptyValues,
  formIssues,
  type ItemFormValues,
  initialValues,
  itemDraftKey,
  parseItemDraft,
  sameValues,
  storedDraftOf,
  UNLIMITED_ON_WIRE,
  uploadOf,
  valuesFromDraft,
} from './item-form-model';

const imageUrl = (path: string) => `https://api.example/shop/images${path}`;

function item(fields: Partial<ShopItem> = {}): ShopItem {
  return {
    name: 'Cat sticker pack',
    info: 'Twenty hand-drawn cats.',
    price: 50,
    img: '/seed/cat.svg',
    media_type: null,
    reward_text: 'Here are your cats.',
    reward_img: null,
    ufile: null,
    all_limit: 100,
    limit: 3,
    bought: 37,
    ...fields,
  };
}

const CATEGORIES: ShopCategory[] = [
  { name: 'Stickers', items: [item(), item({ name: 'Golden frame', img: '/seed/frame.svg' })] },
  {
    name: 'Wallpapers',
    items: [
      item({
        name: 'Night city',
        media_type: 'photo',
        reward_text: '',
        reward_img: '/seed/night.svg',
        all_limit: null,
        limit: null,
      }),
      item({ name: 'Emoji set', media_type: 'file', ufile: 'document-emoji-1', limit: 7 }),
    ],
  },
];

const ALL_VALID = { total: true, perUser: true };

/** A new item that passes every rule. */
function complete(): ItemFormValues {
  return {
    ...emptyValues(),
    category: 'Stickers',
    name: 'Comet',
    description: 'A comet for your profile.',
    price: '120',
    image: { file: new File(['png'], 'comet.png', { type: 'image/png' }), url: null },
    rewardText: 'Thanks for buying!',
  };
}

describe('where the form starts', () => {
  it('starts a new item empty: no category, unlimited, no media type', () => {
    expect(initialValues(CATEGORIES, { mode: 'add' }, imageUrl)).toEqual({
      category: null,
      addedCategories: [],
      name: '',
      description: '',
      price: '',
      allLimit: null,
      limit: null,
      image: { file: null, url: null },
      rewardText: '',
      reward: { type: null, file: null, fileId: null, url: null, remove: false },
    });
  });

  it('starts an edit from the item, its picture and reward at their addresses', () => {
    expect(initialValues(CATEGORIES, { mode: 'edit', ind: 1, ind2: 0 }, imageUrl)).toEqual({
      category: 'Wallpapers',
      addedCategories: [],
      name: 'Night city',
      description: 'Twenty hand-drawn cats.',
      price: '50',
      allLimit: null,
      limit: null,
      image: { file: null, url: 'https://api.example/shop/images/seed/cat.svg' },
      rewardText: '',
      reward: {
        type: 'photo',
        file: null,
        fileId: null,
        url: 'https://api.example/shop/images/seed/night.svg',
        remove: false,
      },
    });
  });

  it("keeps a reward's file id and a limit that is no preset", () => {
    const values = initialValues(CATEGORIES, { mode: 'edit', ind: 1, ind2: 1 }, imageUrl);
    expect(values?.reward).toMatchObject({ type: 'file', fileId: 'document-emoji-1', url: null });
    expect(values).toMatchObject({ allLimit: 100, limit: 7 });
  });

  it('has nothing to edit at a position the list no longer has', () => {
    expect(initialValues(CATEGORIES, { mode: 'edit', ind: 0, ind2: 2 }, imageUrl)).toBeNull();
    expect(initialValues(CATEGORIES, { mode: 'edit', ind: 5, ind2: 0 }, imageUrl)).toBeNull();
  });
});

describe('sameValues', () => {
  it('sees a fresh form as unchanged', () => {
    expect(sameValues(emptyValues(), emptyValues())).toBe(true);
  });

  it.each<[string, (values: ItemFormValues) => ItemFormValues]>([
    ['a typed name', (v) => ({ ...v, name: 'x' })],
    ['a limit', (v) => ({ ...v, limit: 10 })],
    ['an added category', (v) => ({ ...v, addedCategories: ['Gifts'] })],
    ['a picked picture', (v) => ({ ...v, image: { file: new File([], 'a.png'), url: null } })],
    ['a media type', (v) => ({ ...v, reward: { ...v.reward, type: 'video' } })],
    ['removed media', (v) => ({ ...v, reward: { ...v.reward, remove: true } })],
  ])('sees %s as a change', (_, change) => {
    expect(sameValues(change(emptyValues()), emptyValues())).toBe(false);
  });
});

describe('adding a category', () => {
  it.each([
    ['', 'validation.category.required'],
    ['   ', 'validation.category.required'],
    ['ab', 'validation.category.tooShort'],
    ['  ab  ', 'validation.category.tooShort'],
    ['Stickers', 'validation.category.duplicate'],
    [' stickers ', 'validation.category.duplicate'],
  ])('refuses %j (%s)', (typed, key) => {
    expect(addCategory(emptyValues(), typed, CATEGORIES)).toEqual({
      values: null,
      issue: { key },
    });
  });

  it('accepts three characters once trimmed, appends, marks and chooses the category', () => {
    const result = addCategory(emptyValues(), '  Art ', CATEGORIES);
    expect(result.issue).toBeNull();
    expect(result.values).toMatchObject({ category: 'Art', addedCategories: ['Art'] });
    expect(categoryChoices(CATEGORIES, result.values?.addedCategories ?? [])).toEqual([
      { name: 'Stickers', added: false },
      { name: 'Wallpapers', added: false },
      { name: 'Art', added: true },
    ]);
  });

  it("lists an added category once the shop has it too, as the shop's", () => {
    const saved: ShopCategory[] = [...CATEGORIES, { name: 'Art', items: [] }];
    expect(categoryChoices(saved, ['Art'])).toEqual([
      { name: 'Stickers', added: false },
      { name: 'Wallpapers', added: false },
      { name: 'Art', added: false },
    ]);
  });

  it('refuses a name the form already added', () => {
    const first = addCategory(emptyValues(), 'Gifts', CATEGORIES).values as ItemFormValues;
    expect(addCategory(first, 'GIFTS', CATEGORIES).issue).toEqual({
      key: 'validation.category.duplicate',
    });
  });
});

describe('formIssues', () => {
  it('finds nothing in a complete new item', () => {
    expect(formIssues(complete(), ALL_VALID)).toEqual([]);
  });

  it('lists an empty form in SPEC order, the quantities last', () => {
    expect(
      formIssues(emptyValues(), { total: false, perUser: false }).map((issue) => issue.key),
    ).toEqual([
      'validation.shopItem.nameRequired',
      'validation.shopItem.descriptionRequired',
      'validation.shopItem.priceRequired',
      'validation.shopItem.imageRequired',
      'validation.shopItem.rewardRequired',
      'validation.shopItem.categoryRequired',
      'validation.quantity.total',
      'validation.quantity.perUser',
    ]);
  });

  it.each([
    ['a price with a point', '1.5', 'validation.shopItem.priceInvalid'],
    ['a price of 0', '0', 'validation.shopItem.priceInvalid'],
    ['a price of 10,000', '10000', 'validation.shopItem.priceInvalid'],
  ])('refuses %s', (_, price, key) => {
    expect(formIssues({ ...complete(), price }, ALL_VALID)).toEqual([{ field: 'price', key }]);
  });

  it.each(['1', '9999'])('accepts a price of %s', (price) => {
    expect(formIssues({ ...complete(), price }, ALL_VALID)).toEqual([]);
  });

  it("counts an edited item's picture and stored reward, until the reward is removed", () => {
    const edited = initialValues(
      CATEGORIES,
      { mode: 'edit', ind: 1, ind2: 0 },
      imageUrl,
    ) as ItemFormValues;
    expect(formIssues(edited, ALL_VALID)).toEqual([]);
    const removed = { ...edited, reward: { ...edited.reward, remove: true } };
    expect(formIssues(removed, ALL_VALID)).toEqual([
      { field: 'reward', key: 'validation.shopItem.rewardRequired' },
    ]);
  });

  it('takes a file id as reward media', () => {
    const values = complete();
    const withId = {
      ...values,
      rewardText: '',
      reward: { ...values.reward, type: 'file' as const, fileId: 'document-1' },
    };
    expect(formIssues(withId, ALL_VALID)).toEqual([]);
  });

  it.each([
    [{ total: false, perUser: true }, 'allLimit', 'validation.quantity.total'],
    [{ total: true, perUser: false }, 'limit', 'validation.quantity.perUser'],
  ])('refuses an invalid custom quantity (%o)', (quantities, field, key) => {
    expect(formIssues(complete(), quantities)).toEqual([{ field, key }]);
  });
});

describe('uploadOf', () => {
  it('sends a new item with its fields trimmed, unlimited as null and the picture as file1', () => {
    const values = { ...complete(), name: '  Comet ', price: ' 120 ' };
    const { fields, files } = uploadOf(values, { mode: 'add' });
    expect(fields).toEqual({
      name: 'Comet',
      des: 'A comet for your profile.',
      price: '120',
      reward_text: 'Thanks for buying!',
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
    expect(UNLIMITED_ON_WIRE).toBe('null');
    expect(files).toEqual({ file1: values.image.file });
  });

  it('sends an edit with its positions, limits and no picture when it was not replaced', () => {
    const edited = initialValues(
      CATEGORIES,
      { mode: 'edit', ind: 1, ind2: 1 },
      imageUrl,
    ) as ItemFormValues;
    const { fields, files } = uploadOf(edited, { mode: 'edit', ind: 1, ind2: 1 });
    expect(fields).toMatchObject({
      edit: 'true',
      ind: '1',
      ind2: '1',
      cat: 'Wallpapers',
      all_limit: '100',
      limit: '7',
      media_type: '3',
      ufile: 'document-emoji-1',
      rem_media: 'false',
    });
    expect(files).toEqual({});
  });

  it.each([
    ['photo', '0'],
    ['video', '1'],
    ['audio', '2'],
    ['file', '3'],
  ] as const)('sends the media type %s as its code %s', (type, code) => {
    const values = complete();
    const reward = { ...values.reward, type, file: new File(['x'], 'reward.bin') };
    const { fields, files } = uploadOf({ ...values, reward }, { mode: 'add' });
    expect(fields.media_type).toBe(code);
    expect(files.file2).toBe(reward.file);
  });

  it('sends a picked reward file instead of a file id, never both', () => {
    const values = complete();
    const reward = {
      ...values.reward,
      type: 'file' as const,
      file: new File(['x'], 'a.zip'),
      fileId: 'document-1',
    };
    expect(uploadOf({ ...values, reward }, { mode: 'add' }).fields.ufile).toBe('');
  });

  it('sends rem_media when the stored media is removed', () => {
    const edited = initialValues(
      CATEGORIES,
      { mode: 'edit', ind: 1, ind2: 0 },
      imageUrl,
    ) as ItemFormValues;
    const removed = { ...edited, reward: { ...edited.reward, remove: true } };
    expect(uploadOf(removed, { mode: 'edit', ind: 1, ind2: 0 }).fields.rem_media).toBe('true');
  });
});

describe('the draft', () => {
  it('is kept per bot for a new item, and per position for an edit', () => {
    expect(itemDraftKey(2, { mode: 'add' })).toBe('shopdraft-2-add');
    expect(itemDraftKey(2, { mode: 'edit', ind: 1, ind2: 0 })).toBe('shopdraft-2-edit-c1i0');
    // drafts.ts refuses keys ending in -<digits>, its parts' names.
    expect(itemDraftKey(2, { mode: 'edit', ind: 1, ind2: 0 })).not.toMatch(/-\d+$/);
  });

  it('keeps picked files by name only', () => {
    const values = complete();
    const reward = { ...values.reward, type: 'video' as const, file: new File(['v'], 'clip.mp4') };
    const draft = storedDraftOf({ ...values, reward }, { mode: 'add' }, CATEGORIES);
    expect(draft).toMatchObject({
      v: 1,
      item: null,
      imageFile: 'comet.png',
      reward: { type: 'video', fileId: null, remove: false, pickedFile: 'clip.mp4' },
    });
    // What CloudStorage holds is JSON, and it reads back as it was.
    expect(parseItemDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it.each([null, 'text', { v: 2 }, { v: 1, name: 'x' }])('throws away %j', (raw) => {
    expect(parseItemDraft(raw)).toBeNull();
  });

  it('belongs to a new item, or to the edited item by its name and category', () => {
    const add = storedDraftOf(complete(), { mode: 'add' }, CATEGORIES);
    const target = { mode: 'edit', ind: 0, ind2: 1 } as const;
    const edit = storedDraftOf(
      initialValues(CATEGORIES, target, imageUrl) as ItemFormValues,
      target,
      CATEGORIES,
    );
    expect(edit.item).toEqual({ category: 'Stickers', name: 'Golden frame' });
    expect(draftFits(add, { mode: 'add' }, CATEGORIES)).toBe(true);
    expect(draftFits(add, target, CATEGORIES)).toBe(false);
    expect(draftFits(edit, target, CATEGORIES)).toBe(true);
    expect(draftFits(edit, { mode: 'add' }, CATEGORIES)).toBe(false);
    // Another item now at that position (the one before it was deleted) is not offered it.
    expect(draftFits(edit, { mode: 'edit', ind: 0, ind2: 0 }, CATEGORIES)).toBe(false);
  });

  it('comes back with what was typed and a category added in the form, chosen', () => {
    const added = addCategory(complete(), 'Gifts', CATEGORIES).values as ItemFormValues;
    const draft = storedDraftOf(added, { mode: 'add' }, CATEGORIES);
    const restored = valuesFromDraft(draft, emptyValues(), CATEGORIES);
    expect(restored).toMatchObject({
      category: 'Gifts',
      addedCategories: ['Gifts'],
      name: 'Comet',
      price: '120',
      // The picture is picked again.
      image: { file: null, url: null },
    });
  });

  it('drops an added category the shop has by now, and keeps it chosen as the shop has it', () => {
    const added = addCategory(complete(), 'Gifts', CATEGORIES).values as ItemFormValues;
    const draft = storedDraftOf(added, { mode: 'add' }, CATEGORIES);
    const later = [...CATEGORIES, { name: 'Gifts', items: [] }];
    expect(valuesFromDraft(draft, emptyValues(), later)).toMatchObject({
      category: 'Gifts',
      addedCategories: [],
    });
  });

  it('leaves a chosen category unchosen once the shop no longer has it', () => {
    const draft = storedDraftOf(complete(), { mode: 'add' }, CATEGORIES);
    const later = CATEGORIES.filter((category) => category.name !== 'Stickers');
    expect(valuesFromDraft(draft, emptyValues(), later).category).toBeNull();
  });

  it("keeps an edit's stored picture and reward, with the removal", () => {
    const target = { mode: 'edit', ind: 1, ind2: 0 } as const;
    const initial = initialValues(CATEGORIES, target, imageUrl) as ItemFormValues;
    const edited = {
      ...initial,
      name: 'Night city 4K',
      reward: { ...initial.reward, remove: true },
    };
    const restored = valuesFromDraft(
      storedDraftOf(edited, target, CATEGORIES),
      initial,
      CATEGORIES,
    );
    expect(sameValues(restored, edited)).toBe(true);
  });

  it('is offered only when it holds something the form does not start with', () => {
    expect(
      draftDiffers(
        storedDraftOf(emptyValues(), { mode: 'add' }, CATEGORIES),
        emptyValues(),
        CATEGORIES,
      ),
    ).toBe(false);
    expect(
      draftDiffers(
        storedDraftOf(complete(), { mode: 'add' }, CATEGORIES),
        emptyValues(),
        CATEGORIES,
      ),
    ).toBe(true);
    // A picked file alone is worth offering: the person is told to pick it again.
    const onlyPicture = {
      ...emptyValues(),
      image: { file: new File(['p'], 'p.png'), url: null },
    };
    expect(
      draftDiffers(
        storedDraftOf(onlyPicture, { mode: 'add' }, CATEGORIES),
        emptyValues(),
        CATEGORIES,
      ),
    ).toBe(true);
  });
});
