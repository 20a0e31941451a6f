import { Dialog, DialogContent } from '../dialog';
import { ButtonForm, type ButtonFormProps } from './button-form';
import type { GridPosition } from './grid';

/** What the form is doing: adding, editing the button at a position, or closed. */
export type ButtonFormState = { mode: 'add' } | { mode: 'edit'; position: GridPosition } | null;

export interface ButtonFormDialogProps extends Omit<ButtonFormProps, 'editing' | 'onDelete'> {
  /** Adding, editing the button at a position, or closed (null). */
  state: ButtonFormState;
  /** Closes the dialog without saving: Escape, the × or Cancel. */
  onClose: () => void;
  /** Deletes the edited button; offered while editing only. */
  onDelete: (position: GridPosition) => void;
}

/** The button form in a dialog, titled for adding or editing. */
export function ButtonFormDialog({
  state,
  onClose,
  onDelete,
  labels,
  dir,
  ...formProps
}: ButtonFormDialogProps) {
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {state ? (
        <DialogContent
          dir={dir}
          title={state.mode === 'add' ? labels.addTitle : labels.editTitle}
          description={labels.formDescription}
          hideDescription
          closeLabel={labels.close}
          data-slot="button-grid-editor-dialog"
        >
          <ButtonForm
            {...formProps}
            labels={labels}
            dir={dir}
            editing={state.mode === 'edit' ? state.position : null}
            onDelete={state.mode === 'edit' ? () => onDelete(state.position) : undefined}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
