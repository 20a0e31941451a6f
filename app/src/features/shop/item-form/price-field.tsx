import {
  netOfFee,
  priceHasDecimalMark,
  SHOP_PRICE_MAX,
  SHOP_PRICE_MIN,
  validatePrice,
} from '@botdeck/core';
import { TextField } from '@botdeck/ui';
import { useI18n } from '../../../i18n';
import '../../../i18n/validation-texts';

export interface PriceFieldProps {
  /** The control's id, for the form to put the focus on it. */
  id: string;
  /** Whole stars as typed. */
  value: string;
  onValueChange: (value: string) => void;
  /** The platform's cut in percent (the shop answer's `fee`). */
  fee: number;
  /** The form's error for the field, shown once a save was tried. */
  error: string | undefined;
  /** Shown but not changeable (while saving). */
  readOnly: boolean;
}

/**
 * The price in whole stars (SPEC 5; DECISIONS.md: 1 to 9,999). The field turns red with its
 * reason the moment it holds a decimal mark, before any save; under a valid price the editor
 * sees what they receive once the fee is taken (core's netOfFee), in the locale's digits.
 */
export function PriceField({ id, value, onValueChange, fee, error, readOnly }: PriceFieldProps) {
  const { t } = useI18n();
  const hasMark = priceHasDecimalMark(value);
  const valid = validatePrice(value) === null;
  return (
    <TextField
      id={id}
      label={t('shopForm.price')}
      inputMode="numeric"
      autoComplete="off"
      enterKeyHint="next"
      readOnly={readOnly}
      value={value}
      onValueChange={onValueChange}
      endAdornment={<span aria-hidden="true">⭐</span>}
      error={hasMark ? t('validation.shopItem.priceInvalid') : error}
      hint={
        valid
          ? t('shop.youReceive', { amount: netOfFee(Number(value.trim()), fee) })
          : t('shopForm.priceHint', { min: SHOP_PRICE_MIN, max: SHOP_PRICE_MAX })
      }
    />
  );
}
