import { describe, expect, it } from 'vitest';
import { presetForLimit, QUANTITY_PRESETS, validateCustomQuantity } from './quantity';

describe('validateCustomQuantity total', () => {
  it.each(['1', '100000'])('accepts %s', (value) => {
    expect(validateCustomQuantity('total', value)).toBeNull();
  });

  it.each(['0', '100001', '', '1.5', '10.0', '-5', '1e3'])('rejects %j', (value) => {
    expect(validateCustomQuantity('total', value)).toEqual({ key: 'validation.quantity.total' });
  });
});

describe('validateCustomQuantity per user', () => {
  it.each(['1', '1000'])('accepts %s', (value) => {
    expect(validateCustomQuantity('perUser', value)).toBeNull();
  });

  it.each(['0', '1001', '', '2.5'])('rejects %j', (value) => {
    expect(validateCustomQuantity('perUser', value)).toEqual({
      key: 'validation.quantity.perUser',
    });
  });
});

describe('QUANTITY_PRESETS', () => {
  it('offers unlimited, 100, 1000, 5000 and custom for the total', () => {
    expect(QUANTITY_PRESETS.total).toEqual(['unlimited', 100, 1000, 5000, 'custom']);
  });

  it('offers unlimited, 10, 50, 100 and custom per user', () => {
    expect(QUANTITY_PRESETS.perUser).toEqual(['unlimited', 10, 50, 100, 'custom']);
  });
});

describe('presetForLimit', () => {
  it('shows null as unlimited', () => {
    expect(presetForLimit('total', null)).toBe('unlimited');
  });

  it('shows a preset number as itself', () => {
    expect(presetForLimit('total', 5000)).toBe(5000);
  });

  it('shows another number as custom', () => {
    expect(presetForLimit('perUser', 1000)).toBe('custom');
  });
});
