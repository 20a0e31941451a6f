import { useBackButton } from '@botdeck/platform';
import { CollapsibleSection } from '@botdeck/ui';
import type { ReactNode } from 'react';
import documentTexts from '../../../../locales/en.json?screen=document';
import { ScreenTexts, useI18n } from '../../i18n';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { useBotId } from '../../shell/use-bot-id';
import { useGoBack } from '../../shell/use-go-back';
import styles from './document.module.css';
import { DOCUMENT_SECTIONS } from './document-sections';

/** The version of the product this documentation describes. */
const DOCUMENT_VERSION = '1.2.0';

/**
 * /document: how Botdeck works, for bot owners. Its sections fold away so that the page opens
 * as a short list of topics on a phone; every limit it quotes comes from @botdeck/core.
 */
export default function DocumentScreen() {
  return (
    <DocumentTexts>
      <Documentation />
    </DocumentTexts>
  );
}

/** The page's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { document: documentTexts };

/** Makes the page's `document.*` texts available to `children`. */
export function DocumentTexts({ children }: { children: ReactNode }) {
  return <ScreenTexts english={ENGLISH}>{children}</ScreenTexts>;
}

function Documentation() {
  const { t } = useI18n();
  const botId = useBotId();
  // The dashboard opens this page without ?bot; other links may name the bot to return to.
  const goBack = useGoBack(botId === null ? HOME_PATH : href('dashboard', { bot: botId }));
  useBackButton(goBack);

  return (
    <section className={frame.screen} aria-labelledby="document-title">
      <ScreenHeader
        id="document-title"
        title={t('document.title')}
        subtitle={t('document.version', { version: DOCUMENT_VERSION })}
      />
      <p className={styles.intro}>{t('document.intro')}</p>
      <div className={styles.sections}>
        {DOCUMENT_SECTIONS.map(({ id, title, Body }) => (
          <CollapsibleSection key={id} id={`doc-${id}`} title={t(title)} headingLevel={2}>
            <div className={styles.body}>
              <Body />
            </div>
          </CollapsibleSection>
        ))}
      </div>
    </section>
  );
}
