import { isApiError } from '@botdeck/api';
import { validateToken } from '@botdeck/core';
import { Button, Dialog, DialogContent, DialogFooter, TextField } from '@botdeck/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18n } from '../i18n';
import '../i18n/validation-texts';
import { leavesTheForm } from './error-reporting';
import styles from './token-dialog.module.css';

export interface TokenDialogProps {
  open: boolean;
  /** The heading; "Add your bot" unless the dialog replaces a crashed bot's token. */
  title?: string;
  onOpenChange: (open: boolean) => void;
  /** Sends the token; resolves when the bot list has the bot, rejects with the server's refusal. */
  onSubmit: (token: string) => Promise<unknown>;
  /**
   * A failure the field cannot explain (`leavesTheForm`: back to bot selection, close, the
   * session refused): the dialog is left for the screen's error popup, which acts on it.
   */
  onFatalError: (error: unknown) => void;
}

/**
 * Asks for a bot's token from @BotFather, to add a bot (/selectbot) or to give a crashed bot a
 * new one (/selectbot and /bot, so it lives in the shell). An empty token is refused here ("Invalid. Please
 * enter a token."); a token the server refuses shows its message under the field, and the
 * typed token stays so it can be corrected.
 */
export function TokenDialog({
  open,
  title,
  onOpenChange,
  onSubmit,
  onFatalError,
}: TokenDialogProps) {
  const { t } = useI18n();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ token: string }>({ defaultValues: { token: '' } });

  const submit = handleSubmit(async ({ token }) => {
    setServerError(null);
    try {
      await onSubmit(token.trim());
      reset();
      onOpenChange(false);
    } catch (error) {
      if (leavesTheForm(error)) {
        onFatalError(error);
        return;
      }
      setServerError(
        isApiError(error) && error.kind === 'server' && error.msg ? error.msg : t('errors.generic'),
      );
    }
  });

  const fieldError = errors.token?.message
    ? t(errors.token.message as 'validation.token.required')
    : serverError;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setServerError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={title ?? t('selectBot.tokenTitle')}
        description={t('selectBot.tokenSteps.openBotFather')}
      >
        <form onSubmit={submit} noValidate className={styles.tokenForm}>
          <ol className={styles.steps}>
            <li>{t('selectBot.tokenSteps.create')}</li>
            <li>{t('selectBot.tokenSteps.copy')}</li>
            <li className={styles.warning}>{t('selectBot.tokenSteps.secret')}</li>
          </ol>
          <TextField
            label={t('selectBot.tokenLabel')}
            placeholder={t('selectBot.tokenPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            error={fieldError ?? undefined}
            {...register('token', {
              validate: (value) => validateToken(value)?.key ?? true,
              onChange: () => setServerError(null),
            })}
          />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('common.add')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
