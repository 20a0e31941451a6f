import { type ButtonType, type PlanTier, planLimit } from '@botdeck/core';
import { Select } from '../select';
import { TextField } from '../text-field';
import type {
  ButtonGridEditorLabels,
  ButtonGridEditorOptions,
  ButtonValueList,
} from './button-grid-editor-labels';

/** The types whose value is one of the bot's own items, picked from a list. */
type PickedType = 'Menu' | 'Question' | 'Start Payload';
const PICKED_TYPES: Readonly<Record<PickedType, ButtonValueList>> = {
  Menu: 'menus',
  Question: 'questions',
  'Start Payload': 'startPayloads',
};

/** Whether a type's value is picked from the bot's items rather than typed. */
export function isPicked(type: ButtonType | null): type is PickedType {
  return type !== null && type in PICKED_TYPES;
}

export interface ButtonValueFieldProps {
  /** The field's id, which the form focuses when the value is wrong. */
  id: string;
  /** The chosen type: it decides the field; none is shown before a type or for Shop. */
  type: ButtonType | null;
  /** The value as typed or picked. */
  value: string;
  /** The error to show under the field, already in words. */
  error: string | undefined;
  /** The plan, for the popup and alert length. */
  tier: PlanTier;
  /** The bot's items for the picked types. */
  options: Partial<ButtonGridEditorOptions> | undefined;
  /** The texts: the field's label per type and the list's placeholder. */
  labels: ButtonGridEditorLabels;
  /** The reading direction for the list. */
  dir: 'ltr' | 'rtl' | undefined;
  /** Called with each change of the value. */
  onValueChange: (value: string) => void;
}

/**
 * The value field of the button form, shaped by the type: a list of the bot's menus, questions
 * or start payloads for those types, a URL field for Url, a counted text for Popup and Alert,
 * and nothing for Shop, which opens the bot's shop.
 */
export function ButtonValueField({
  id,
  type,
  value,
  error,
  tier,
  options,
  labels,
  dir,
  onValueChange,
}: ButtonValueFieldProps) {
  if (type === null || type === 'Shop') return null;
  if (isPicked(type)) {
    return (
      <Select
        id={id}
        dir={dir}
        label={labels.values[type]}
        placeholder={labels.valuePlaceholder}
        options={[
          ...(options?.[PICKED_TYPES[type]] ?? []).map((item) => ({ value: item, label: item })),
          ...(options?.locked?.[PICKED_TYPES[type]] ?? []).map((item) => ({
            value: item,
            label: labels.lockedValue(item),
            disabled: true,
          })),
        ]}
        value={value}
        error={error}
        onValueChange={onValueChange}
      />
    );
  }
  return (
    <TextField
      id={id}
      label={labels.values[type]}
      value={value}
      error={error}
      limit={type === 'Popup' || type === 'Alert' ? planLimit(tier, 'popupLength') : undefined}
      type={type === 'Url' ? 'url' : 'text'}
      inputMode={type === 'Url' ? 'url' : undefined}
      placeholder={type === 'Url' ? 'https://' : undefined}
      autoComplete="off"
      autoCapitalize={type === 'Url' ? 'none' : undefined}
      spellCheck={type === 'Url' ? false : undefined}
      onValueChange={onValueChange}
    />
  );
}
