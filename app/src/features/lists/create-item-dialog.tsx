import { isApiError } from '@botdeck/api';
import { LIST_ITEMS, type ListItemKind, type ValidationKey, validateItemName } from '@botdeck/core';
import { Button, Dialog, DialogContent, DialogFooter, TextField } from '@botdeck/ui';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { leavesTheForm } from '../../shell/error-reporting';
import styles from './lists.module.css';

export interface CreateItemDialogProps {
  /** The kind of item being created; it sets the title and the longest name allowed. */
  kind: ListItemKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Creates the item; resolves once the list has it, rejects with the server's refusal. */
  onSubmit: (name: string) => Promise<unknown>;
  /**
   * A failure the field cannot explain (the bot is gone, the app must close, the session was
   * refused): the dialog is
   * left for the screen's error popup, which acts on it.
   */
  onFatalError: (error: unknown) => void;
}

interface Values {
  name: string;
}

/**
 * Asks for a new item's name. The rules of SPEC section 5 (required; letters, digits and
 * underscore; at most 15, 30 or 20 characters) are checked here and shown under the field, and
 * typing is never cut at the limit, so nothing typed is lost. A name the server refuses (taken,
 * plan limit) shows its message under the field and the dialog stays open with the name.
 */
export function CreateItemDialog({
  kind,
  open,
  onOpenChange,
  onSubmit,
  onFatalError,
}: CreateItemDialogProps) {
  const { t } = useI18n();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const maxLength = LIST_ITEMS[kind].nameMaxLength;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { name: '' } });

  const submit = handleSubmit(async ({ name }) => {
    setServerError(null);
    try {
      await onSubmit(name.trim());
      onOpenChange(false);
    } catch (error) {
      if (leavesTheForm(error)) {
        onFatalError(error);
        return;
      }
      setServerError(
        isApiError(error) && error.kind === 'server' && error.msg ? error.msg : t('errors.generic'),
      );
      inputRef.current?.focus();
    }
  });

  const { ref, ...field } = register('name', {
    validate: (value) => validateItemName(kind, value.trim())?.key ?? true,
    onChange: () => setServerError(null),
  });

  const fieldError = errors.name?.message
    ? t(errors.name.message as ValidationKey, { max: maxLength })
    : serverError;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t(`lists.create.title.${kind}` as const)}
        description={t('lists.create.description', { max: maxLength })}
        closeLabel={t('common.close')}
        onOpenAutoFocus={(event) => {
          // The name is the dialog's only task: start with the caret in it, not on the ×.
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <form onSubmit={submit} noValidate className={styles.form}>
          <TextField
            label={t('lists.create.label')}
            limit={maxLength}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            dir="ltr"
            startAdornment={kind === 'command' ? '/' : undefined}
            error={fieldError ?? undefined}
            ref={(element) => {
              ref(element);
              inputRef.current = element;
            }}
            {...field}
          />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('lists.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
