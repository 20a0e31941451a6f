import {
  MODERATION_ACTION_LABEL_KEYS,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationType,
} from '@botdeck/core';
import { SegmentedControl, Spinner, Switch } from '@botdeck/ui';
import { useI18n } from '../../i18n';
import styles from './media.module.css';
import { MEDIA_ICONS } from './media-icons';

export interface MediaRowProps {
  type: ModerationType;
  /** The kind's name in the viewer's language. */
  label: string;
  enabled: boolean;
  action: ModerationAction;
  /** Its save is on its way: the row shows it and takes no change. */
  busy: boolean;
  /**
   * The viewer may not change media: the controls look disabled but still answer, so a tap can
   * explain why (the restricted dialog).
   */
  readOnly: boolean;
  /** The id of the line explaining Ban and Filter. */
  hintId: string;
  onEnabledChange: (enabled: boolean) => void;
  onActionChange: (action: ModerationAction) => void;
}

/**
 * One media kind: its picture, a switch, and once it is on, the choice of Ban or Filter. While
 * its save runs the picture gives way to a spinner and the controls take nothing. Unavailable
 * controls are `aria-disabled` rather than disabled, so focus stays where it was.
 */
export function MediaRow({
  type,
  label,
  enabled,
  action,
  busy,
  readOnly,
  hintId,
  onEnabledChange,
  onActionChange,
}: MediaRowProps) {
  const { t, dir } = useI18n();
  const Icon = MEDIA_ICONS[type];
  const unavailable = busy || readOnly;
  return (
    <li
      className={styles.row}
      data-state={enabled ? 'on' : 'off'}
      data-busy={busy || undefined}
      aria-busy={busy || undefined}
    >
      <div className={styles.main}>
        <span className={styles.icon} data-state={enabled ? 'on' : 'off'}>
          {busy ? <Spinner size="sm" label={t('media.saving', { type: label })} /> : <Icon />}
        </span>
        <Switch
          className={styles.switch}
          label={label}
          checked={enabled}
          aria-disabled={unavailable || undefined}
          onCheckedChange={onEnabledChange}
        />
      </div>
      {enabled ? (
        <SegmentedControl
          className={styles.actions}
          label={t('media.actionLabel', { type: label })}
          aria-describedby={hintId}
          aria-disabled={unavailable || undefined}
          options={MODERATION_ACTIONS.map((value) => ({
            value,
            label: t(MODERATION_ACTION_LABEL_KEYS[value]),
          }))}
          value={action}
          onValueChange={(value) => {
            const chosen = MODERATION_ACTIONS.find((candidate) => candidate === value);
            if (chosen) onActionChange(chosen);
          }}
          dir={dir}
        />
      ) : null}
    </li>
  );
}
