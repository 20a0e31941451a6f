import { describe, expect, it } from 'vitest';
import {
  priceHasDecimalMark,
  type ShopItemForm,
  shopItemIssues,
  validatePrice,
  validateShopItem,
} from './shop-item';

const valid: ShopItemForm = {
  name: 'Sticker pack',
  description: 'Ten animated stickers.',
  price: '50',
  hasImage: true,
  rewardText: 'Here is your pack.',
  hasRewardMedia: false,
  category: 'Stickers',
};

describe('validateShopItem fields', () => {
  it('accepts a complete item', () => {
    expect(validateShopItem(valid)).toBeNull();
  });

  it.each(['', '   '])('requires a name, rejecting %j', (name) => {
    expect(validateShopItem({ ...valid, name })).toEqual({
      field: 'name',
      key: 'validation.shopItem.nameRequired',
    });
  });

  it('accepts a name of 50 characters', () => {
    expect(validateShopItem({ ...valid, name: 'a'.repeat(50) })).toBeNull();
  });

  it('rejects a name of 51 characters', () => {
    expect(validateShopItem({ ...valid, name: 'a'.repeat(51) })).toMatchObject({
      field: 'name',
      key: 'validation.shopItem.nameTooLong',
    });
  });

  it('measures the name after trimming', () => {
    expect(validateShopItem({ ...valid, name: ` ${'a'.repeat(50)} ` })).toBeNull();
  });

  it('requires a description', () => {
    expect(validateShopItem({ ...valid, description: ' ' })).toEqual({
      field: 'description',
      key: 'validation.shopItem.descriptionRequired',
    });
  });

  it('accepts a description of 500 characters', () => {
    expect(validateShopItem({ ...valid, description: 'a'.repeat(500) })).toBeNull();
  });

  it('rejects a description of 501 characters', () => {
    expect(validateShopItem({ ...valid, description: 'a'.repeat(501) })).toMatchObject({
      field: 'description',
      key: 'validation.shopItem.descriptionTooLong',
    });
  });

  it('requires an image', () => {
    expect(validateShopItem({ ...valid, hasImage: false })).toEqual({
      field: 'image',
      key: 'validation.shopItem.imageRequired',
    });
  });

  it('requires a reward text or reward media', () => {
    expect(validateShopItem({ ...valid, rewardText: ' ', hasRewardMedia: false })).toEqual({
      field: 'reward',
      key: 'validation.shopItem.rewardRequired',
    });
  });

  it('accepts reward media without reward text', () => {
    expect(validateShopItem({ ...valid, rewardText: '', hasRewardMedia: true })).toBeNull();
  });

  it.each([null, ''])('requires a category, rejecting %j', (category) => {
    expect(validateShopItem({ ...valid, category })).toEqual({
      field: 'category',
      key: 'validation.shopItem.categoryRequired',
    });
  });
});

describe('validatePrice', () => {
  it.each(['', ' '])('requires a price, rejecting %j', (price) => {
    expect(validatePrice(price)).toEqual({
      field: 'price',
      key: 'validation.shopItem.priceRequired',
    });
  });

  it.each(['1', '9999'])('accepts %s', (price) => {
    expect(validatePrice(price)).toBeNull();
  });

  it.each(['0', '10000', '1.5', '1.0', '-1', '1e3', '9,999', 'ten'])('rejects %s', (price) => {
    expect(validatePrice(price)).toEqual({
      field: 'price',
      key: 'validation.shopItem.priceInvalid',
    });
  });
});

describe('validateShopItem order', () => {
  it('reports the name before the price', () => {
    expect(validateShopItem({ ...valid, name: '', price: '1.5' })?.field).toBe('name');
  });

  it('reports the description before the price', () => {
    expect(validateShopItem({ ...valid, description: '', price: '0' })?.field).toBe('description');
  });

  it('reports the price before the image', () => {
    expect(validateShopItem({ ...valid, price: '0', hasImage: false })?.field).toBe('price');
  });

  it('reports the image before the reward', () => {
    expect(validateShopItem({ ...valid, hasImage: false, rewardText: '' })?.field).toBe('image');
  });

  it('reports the reward before the category', () => {
    expect(validateShopItem({ ...valid, rewardText: '', category: null })?.field).toBe('reward');
  });
});

describe('shopItemIssues', () => {
  it('finds nothing in a complete item', () => {
    expect(shopItemIssues(valid)).toEqual([]);
  });

  it('lists one issue per field at fault, in the spec order', () => {
    const empty: ShopItemForm = {
      name: '',
      description: '',
      price: '1.5',
      hasImage: false,
      rewardText: ' ',
      hasRewardMedia: false,
      category: null,
    };
    expect(shopItemIssues(empty).map((issue) => issue.field)).toEqual([
      'name',
      'description',
      'price',
      'image',
      'reward',
      'category',
    ]);
  });

  it('starts with the issue validateShopItem reports', () => {
    const form = { ...valid, description: 'a'.repeat(501), hasImage: false };
    expect(shopItemIssues(form)[0]).toEqual(validateShopItem(form));
    expect(shopItemIssues(form)).toHaveLength(2);
  });
});

describe('priceHasDecimalMark', () => {
  it.each(['1.5', '1.', '.5', '1,5', '١٫٥', '9.999'])('sees a decimal mark in %j', (price) => {
    expect(priceHasDecimalMark(price)).toBe(true);
  });

  it.each(['', '1', '9999', ' 50 ', 'ten', '1e3'])('sees none in %j', (price) => {
    expect(priceHasDecimalMark(price)).toBe(false);
  });
});
