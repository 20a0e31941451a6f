import { MessagePreview } from '@botdeck/ui';
import { useI18n } from '../../i18n';
import styles from './advanced.module.css';

/**
 * The captcha message as group members will see it in Telegram, with its button. A chunk of its
 * own: the message preview (and Telegram's HTML reader behind it) is loaded only when the
 * captcha section is opened, not with the page.
 */
export default function CaptchaPreview({ text, button }: { text: string; button: string }) {
  const { t } = useI18n();
  return (
    <figure className={styles.preview}>
      <figcaption className={styles.previewCaption}>{t('advanced.captcha.preview')}</figcaption>
      <MessagePreview
        text={text}
        buttons={button.trim() ? [[{ text: button, type: 'Url', value: '' }]] : []}
        labels={{
          preview: t('advanced.captcha.previewLabel'),
          empty: t('advanced.captcha.previewEmpty'),
          keyboard: t('advanced.captcha.previewKeyboard'),
        }}
      />
    </figure>
  );
}
