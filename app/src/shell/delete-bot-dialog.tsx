import { usePlatform } from '@botdeck/platform';
import { TypedConfirmDialog } from '@botdeck/ui/confirm-dialog';
import botPageTexts from '../../../locales/en.json?screen=botPage';
import { ScreenTexts, useI18n } from '../i18n';
import '../i18n/validation-texts';
import { useBiometricConfirmation } from './use-biometric-confirmation';

/** The bot page's English texts, whose delete dialog this is too. */
const ENGLISH = { botPage: botPageTexts };

export interface DeleteBotDialogProps {
  /** The bot's name, in the title and the biometric reason. */
  name: string;
  onOpenChange: (open: boolean) => void;
  /** The delete itself; runs once biometrics or the typed phrase confirmed it. */
  onConfirm: () => void;
}

/**
 * Deleting a bot from the bot list (a crashed bot, which has no dashboard): the bot page's own
 * confirmation, biometrics where the device has them, else 'delete my bot' (SPEC 4 and 6), in
 * the bot page's words. Loaded when first opened.
 */
export function DeleteBotDialog(props: DeleteBotDialogProps) {
  return (
    <ScreenTexts english={ENGLISH}>
      <DeleteBotConfirmation {...props} />
    </ScreenTexts>
  );
}

function DeleteBotConfirmation({ name, onOpenChange, onConfirm }: DeleteBotDialogProps) {
  const { t } = useI18n();
  const platform = usePlatform();
  const biometric = useBiometricConfirmation(t('botPage.danger.deleteReason', { name }));
  return (
    <TypedConfirmDialog
      open
      onOpenChange={onOpenChange}
      action="delete"
      biometric={biometric}
      title={t('botPage.danger.deleteTitle', { name })}
      text={t('botPage.danger.deleteHint')}
      confirmLabel={t('botPage.danger.delete')}
      cancelLabel={t('common.cancel')}
      phraseLabel={t('confirmPhrase.deleteLabel')}
      checkingText={t('botPage.danger.checking')}
      failedText={t('errors.verificationFailed')}
      deniedText={t('errors.biometricDenied')}
      openSettingsLabel={t('errors.openSettings')}
      onOpenSettings={() => platform.biometric.openSettings()}
      formatError={(issue) => t(issue.key, issue.values)}
      onConfirm={onConfirm}
    />
  );
}
