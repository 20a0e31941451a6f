import type { ValidationIssue } from '@botdeck/core';
import { createContext, use } from 'react';
import type { AdvancedField, AdvancedSection } from './advanced-form';

/** What every section of the advanced form reads besides its fields (react-hook-form's). */
export interface AdvancedFormState {
  /** The viewer may look but not change (an admin without adv_and_media). */
  readOnly: boolean;
  /** The save call is running: the fields wait for it. */
  saving: boolean;
  /** Core's verdict on the form, field by field. */
  issues: Partial<Record<AdvancedField, ValidationIssue>>;
  /** Save was pressed while there were issues: every one is shown, changed or not. */
  saveTried: boolean;
  /** The group topic mode uses, once /enable was typed there; null before. */
  groupId: string | null;
  isOpen: (section: AdvancedSection) => boolean;
  setOpen: (section: AdvancedSection, open: boolean) => void;
  /** Reads the settings again (has /enable been typed in a group yet?). */
  reloadSettings: () => Promise<unknown>;
}

export const AdvancedFormContext = createContext<AdvancedFormState | null>(null);

export function useAdvancedFormState(): AdvancedFormState {
  const state = use(AdvancedFormContext);
  if (!state) throw new Error('An advanced section must be inside <AdvancedFormContext>');
  return state;
}
