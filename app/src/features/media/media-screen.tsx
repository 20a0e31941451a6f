import { type ModerationItem, useMedia } from '@botdeck/api';
import {
  DEFAULT_MODERATION_ACTION,
  MODERATION_TYPE_LABEL_KEYS,
  type ModerationAction,
  type ModerationType,
} from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import mediaTexts from '../../../../locales/en.json?screen=media';
import { ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { isRefusedChange, useErrorReport } from '../../shell/error-reporting';
import { HOME_PATH, href } from '../../shell/paths';
import { ReadOnlyNote } from '../../shell/read-only-note';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import styles from './media.module.css';
import { MediaRow } from './media-row';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { media: mediaTexts };

/** What one row is being changed to: on its way to the server, or waiting for the save before. */
type Change = Pick<ModerationItem, 'enabled' | 'selectedAction'>;
type Changes = Partial<Record<ModerationType, Change>>;

/**
 * /media?bot=: media moderation (SPEC 3 and 4). Each kind of media has a switch and, once on, a
 * choice of Ban or Filter; every change is saved at once. Turning a kind on starts with Filter.
 * A failed save is reported and the list shows what the server has. Changing needs
 * adv_and_media; without it the list is read-only and a tap says why.
 */
export default function MediaScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <MediaPage />
    </ScreenTexts>
  );
}

/**
 * Each type once, as first listed. Rows are keyed by type and a change applies to the type, so a
 * type the server lists twice would draw twice over (a 10,000-item answer took the screen a
 * minute to draw); Telegram has only so many types.
 */
function oncePerType(items: readonly ModerationItem[]): ModerationItem[] {
  const seen = new Set<ModerationType>();
  return items.filter((item) => !seen.has(item.name) && Boolean(seen.add(item.name)));
}

/** The screen itself, inside its texts. */
function MediaPage() {
  const { t } = useI18n();
  const { report, refuse } = useErrorReport();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { media, isLoading, save, reload } = useMedia(botId);
  const { may, guard } = useActionGuard(botId);
  // The server refused a change although the app did not know the role (a reload deep in the
  // app): it has said so once, so the list is read-only from then on.
  const [refusedByServer, setRefusedByServer] = useState(false);
  /** Rows whose change is being saved or waits for the save before it. */
  const [changes, setChanges] = useState<Changes>({});
  const [saved, setSaved] = useState<ModerationType | null>(null);
  // Saves run one after another, each sending the whole list as the last answer left it, so
  // two rows changed quickly never overwrite each other, whatever order the answers come in.
  const queue = useRef<Promise<void>>(Promise.resolve());
  // Bumped by a failed save: the changes queued behind it are dropped, not sent into the same
  // failure; the list then shows what the server has.
  const generation = useRef(0);
  const latest = useRef<ModerationItem[] | undefined>(media);
  useEffect(() => {
    latest.current = media;
  }, [media]);

  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  const readOnly = !may('changeMedia') || refusedByServer;
  const typeLabel = (type: ModerationType) => t(MODERATION_TYPE_LABEL_KEYS[type]);

  const change = (type: ModerationType, next: Change) => {
    if (refusedByServer) {
      refuse();
      return;
    }
    if (!guard('changeMedia') || changes[type]) return;
    setChanges((current) => ({ ...current, [type]: next }));
    const queuedIn = generation.current;
    queue.current = queue.current.then(async () => {
      if (queuedIn !== generation.current) return;
      const list = (latest.current ?? []).map((item) =>
        item.name === type ? { ...item, ...next } : item,
      );
      try {
        const answer = await save(list);
        latest.current = answer.media;
        setSaved(type);
        setChanges(({ [type]: _done, ...rest }) => rest);
      } catch (failure) {
        generation.current += 1;
        setChanges({});
        setSaved(null);
        if (isRefusedChange(failure)) setRefusedByServer(true);
        report(failure);
      }
    });
  };

  const header = (
    <ScreenHeader
      id="media-title"
      title={t('media.title')}
      subtitle={<span>{t('media.intro')}</span>}
    />
  );

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby="media-title">
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) {
    return (
      <section className={frame.screen} aria-labelledby="media-title" aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!media) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section className={frame.screen} aria-labelledby="media-title">
        {header}
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(leave)} />
      </section>
    );
  }

  const busy = Object.keys(changes).length > 0;

  return (
    <section className={frame.screen} aria-labelledby="media-title" aria-busy={busy || undefined}>
      {header}
      {readOnly ? (
        <ReadOnlyNote>
          {t('media.readOnly', { permission: t('permissions.adv_and_media') })}
        </ReadOnlyNote>
      ) : null}
      <p id="media-actions-hint" className={styles.intro}>
        {t('media.actionsHint')}
      </p>
      <ul aria-labelledby="media-title" className={styles.list}>
        {oncePerType(media).map((item) => {
          const pending = changes[item.name];
          const shown = pending ? { ...item, ...pending } : item;
          return (
            <MediaRow
              key={item.name}
              type={item.name}
              label={typeLabel(item.name)}
              enabled={shown.enabled}
              action={shown.selectedAction}
              busy={pending !== undefined}
              readOnly={readOnly}
              hintId="media-actions-hint"
              onEnabledChange={(enabled) =>
                change(item.name, {
                  enabled,
                  // SPEC 4: turning a kind on starts with Filter; turning it off keeps its choice.
                  selectedAction: enabled ? DEFAULT_MODERATION_ACTION : item.selectedAction,
                })
              }
              onActionChange={(action: ModerationAction) => {
                if (action !== shown.selectedAction)
                  change(item.name, { enabled: true, selectedAction: action });
              }}
            />
          );
        })}
      </ul>
      <p role="status" className={styles.status}>
        {saved ? t('media.saved', { type: typeLabel(saved) }) : ''}
      </p>
    </section>
  );
}
