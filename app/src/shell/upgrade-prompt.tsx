import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { useI18n } from '../i18n';
import { LazyConfirmDialog } from './lazy-parts';
import { href } from './paths';

export interface UpgradePrompt {
  /**
   * Explains that the plan does not allow this, with a way to the plans page. `message` is the
   * server's lock text when there is one; without it the plan-limit text is shown.
   */
  promptUpgrade: (message?: string) => void;
  /** Render this once in the screen; it is the dialog while a prompt is open. */
  upgradeDialog: ReactNode;
}

/**
 * The upgrade error of SPEC sections 2 and 8 (locked items, plan limits reached): its text and
 * "See plans", which opens /upgrade for this bot, or "Cancel".
 */
export function useUpgradePrompt(botId: number | null): UpgradePrompt {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  // The server's lock text, or '' for the plan-limit text, translated when shown: a prompt keeps
  // one identity whatever the language, so effects that call it do not run again on a switch.
  const [message, setMessage] = useState<string | null>(null);
  const promptUpgrade = useCallback((text?: string) => setMessage(text ?? ''), []);

  const upgradeDialog =
    message === null ? null : (
      <Suspense fallback={null}>
        <LazyConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setMessage(null);
          }}
          title={t('upgradePrompt.title')}
          text={message || t('errors.upgradeToAddMore')}
          confirmLabel={t('upgradePrompt.seePlans')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => navigate(href('upgrade', { bot: botId }))}
        />
      </Suspense>
    );

  return { promptUpgrade, upgradeDialog };
}
