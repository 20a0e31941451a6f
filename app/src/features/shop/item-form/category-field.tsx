import type { ValidationIssue } from '@botdeck/core';
import { ConfirmDialog, Select } from '@botdeck/ui';
import { useState } from 'react';
import { useI18n } from '../../../i18n';
import '../../../i18n/validation-texts';

/** The selector's value of the entry that adds a category; categories are `c:<name>`. */
const ADD_CATEGORY = 'add';
const choiceValue = (name: string) => `c:${name}`;

export interface CategoryFieldProps {
  /** The control's id, for the form to put the focus on it. */
  id: string;
  /** The shop's categories, then those added in the form (marked as new). */
  choices: ReadonlyArray<{ name: string; added: boolean }>;
  /** The chosen category's name, or null. */
  value: string | null;
  /** Called with the category chosen from the list. */
  onValueChange: (name: string) => void;
  /**
   * Checks a typed name (core's category rules, against the shop's and the added names):
   * null when it can be added.
   */
  check: (name: string) => ValidationIssue | null;
  /** Called with a typed name that passed `check`: the form appends, marks and chooses it. */
  onAdd: (name: string) => void;
  /** The form's error for the field (none chosen), shown once a save was tried. */
  error: string | undefined;
  /** Nothing can be chosen (while saving). */
  disabled: boolean;
  /** The reading direction for the list. */
  dir: 'ltr' | 'rtl';
}

/**
 * A new item's category (SPEC 3): the shop's categories plus "Add category", which asks for a
 * name in the generic confirm dialog (errors under the input, as typed). An added category is
 * listed as new and chosen; it exists only in the form until an item is saved in it.
 */
export function CategoryField({
  id,
  choices,
  value,
  onValueChange,
  check,
  onAdd,
  error,
  disabled,
  dir,
}: CategoryFieldProps) {
  const { t } = useI18n();
  const [adding, setAdding] = useState(false);
  const chosen = choices.find((choice) => choice.name === value);

  return (
    <>
      <Select
        id={id}
        label={t('shopForm.category')}
        placeholder={t('shopForm.categoryPlaceholder')}
        dir={dir}
        disabled={disabled}
        // '' shows the placeholder: nothing chosen yet.
        value={chosen ? choiceValue(chosen.name) : ''}
        onValueChange={(next) => {
          if (next === ADD_CATEGORY) {
            setAdding(true);
            return;
          }
          const picked = choices.find((choice) => choiceValue(choice.name) === next);
          if (picked) onValueChange(picked.name);
        }}
        options={[
          ...choices.map((choice) => ({
            value: choiceValue(choice.name),
            label: choice.added ? t('shopForm.newCategory', { name: choice.name }) : choice.name,
          })),
          { value: ADD_CATEGORY, label: `+ ${t('shop.addCategory')}` },
        ]}
        hint={chosen?.added ? t('shopForm.newCategoryHint') : undefined}
        error={error}
      />
      <ConfirmDialog
        open={adding}
        onOpenChange={setAdding}
        title={t('shop.addCategory')}
        text={t('shopForm.addCategoryText')}
        confirmLabel={t('common.add')}
        cancelLabel={t('common.cancel')}
        fields={[
          { kind: 'input', name: 'name', label: t('shopForm.categoryName'), autoFocus: true },
        ]}
        validate={(values) => {
          const issue = check(String(values.name ?? ''));
          return issue ? { ...issue, field: 'name' } : null;
        }}
        formatError={(issue) => t(issue.key, issue.values)}
        onConfirm={(values) => onAdd(String(values.name ?? ''))}
      />
    </>
  );
}
