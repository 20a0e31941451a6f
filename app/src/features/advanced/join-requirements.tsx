import { isApiError, type JoinRequirement, useApiClient } from '@botdeck/api';
import {
  canAddItem,
  countLimit,
  tierFromPro,
  type ValidationIssue,
  validateJoinRequirement,
} from '@botdeck/core';
import {
  Avatar,
  Badge,
  Button,
  CollapsibleSection,
  IconButton,
  Switch,
  TextField,
  TrashIcon,
} from '@botdeck/ui';
import { Suspense, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { isRefusedChange, leavesTheForm, useErrorReport } from '../../shell/error-reporting';
import { LazyConfirmDialog } from '../../shell/lazy-parts';
import { uniqueKeys } from '../../shell/unique-keys';
import { useUpgradePrompt } from '../../shell/upgrade-prompt';
import styles from './advanced.module.css';

export interface JoinRequirementSectionProps {
  botId: number;
  /** The channels and groups, as the server last sent them. */
  requirements: JoinRequirement[];
  /** The bot's plan, when the answer has it: the usage line and the count it allows. */
  pro: { status: boolean; pro_type?: string | null } | undefined;
  /** The section's switch (`jr_enable`), saved with the rest of the form. */
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The viewer may look but not change. */
  readOnly: boolean;
  /** The server refused a change as not the viewer's to make. */
  onRefused: () => void;
  add: (link: string) => Promise<{ join_req: JoinRequirement[] }>;
  remove: (index: number) => Promise<{ join_req: JoinRequirement[] }>;
}

/**
 * Join requirement: the channels and groups a member must join before writing. Its switch is
 * saved with the form; entries are added (by @username or t.me link) and removed by calls of
 * their own, at once. At the plan's count, Add explains the upgrade instead of calling.
 */
export function JoinRequirementSection({
  botId,
  requirements,
  pro,
  enabled,
  onEnabledChange,
  open,
  onOpenChange,
  readOnly,
  onRefused,
  add,
  remove,
}: JoinRequirementSectionProps) {
  const { t } = useI18n();
  const client = useApiClient();
  const { report, refuse } = useErrorReport();
  const { promptUpgrade, upgradeDialog } = useUpgradePrompt(botId);
  const [typed, setTyped] = useState('');
  const [issue, setIssue] = useState<ValidationIssue | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [toRemove, setToRemove] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  const tier = pro ? tierFromPro(pro) : null;
  const limit = tier ? countLimit(tier, 'joinRequirement') : undefined;
  const usage =
    limit === undefined
      ? null
      : limit === null
        ? t('advanced.joinRequirement.usageUnlimited', { used: requirements.length })
        : t('advanced.joinRequirement.usage', { used: requirements.length, total: limit });

  const fail = (failure: unknown) => {
    if (isRefusedChange(failure)) onRefused();
    report(failure);
  };

  const submit = async () => {
    if (adding) return;
    if (readOnly) {
      refuse();
      return;
    }
    // At the plan's count the server could only refuse: say why at once and offer the plans.
    if (tier !== null && !canAddItem(tier, 'joinRequirement', requirements.length)) {
      promptUpgrade();
      return;
    }
    const found = validateJoinRequirement(typed);
    setIssue(found);
    setServerError(null);
    if (found) {
      input.current?.focus();
      return;
    }
    setAdding(true);
    try {
      const answer = await add(typed.trim());
      const added = answer.join_req.at(-1);
      setTyped('');
      setStatus(added ? t('advanced.joinRequirement.added', { name: added.name }) : '');
    } catch (failure) {
      if (leavesTheForm(failure)) fail(failure);
      else {
        // The server's reason (not an admin there, already added…) belongs under the field,
        // beside what was typed, which stays for a correction.
        setServerError(
          isApiError(failure) && failure.kind === 'server' && failure.msg
            ? failure.msg
            : t('errors.generic'),
        );
        input.current?.focus();
      }
    } finally {
      setAdding(false);
    }
  };

  const confirmRemove = async (index: number) => {
    const entry = requirements[index];
    setRemoving(index);
    try {
      await remove(index);
      setStatus(entry ? t('advanced.joinRequirement.removed', { name: entry.name }) : '');
      input.current?.focus();
    } catch (failure) {
      fail(failure);
    } finally {
      setRemoving(null);
    }
  };

  const askToRemove = (index: number) => {
    if (removing !== null) return;
    if (readOnly) refuse();
    else setToRemove(index);
  };

  const error = issue ? t(issue.key, issue.values) : (serverError ?? undefined);
  const removingEntry = toRemove === null ? undefined : requirements[toRemove];
  const requirementKeys = uniqueKeys(requirements, (entry) => entry.username);
  const title = t('advanced.joinRequirement.title');

  return (
    <CollapsibleSection
      data-section="joinRequirement"
      className={styles.joinSection}
      title={title}
      description={t('advanced.joinRequirement.summary')}
      open={open}
      onOpenChange={onOpenChange}
      trailing={
        <Switch
          label={title}
          hideLabel
          checked={enabled}
          aria-disabled={readOnly || undefined}
          onCheckedChange={(checked) => {
            if (readOnly) refuse();
            else onEnabledChange(checked);
          }}
        />
      }
    >
      <div className={styles.sectionBody}>
        <div className={styles.listHeader}>
          <h3 id={listId} className={styles.subheading}>
            {t('advanced.joinRequirement.list')}
          </h3>
          {usage && limit !== undefined && limit !== null ? (
            <Badge
              variant={requirements.length >= limit ? 'warning' : 'neutral'}
              aria-label={t('advanced.joinRequirement.usageLabel', {
                used: requirements.length,
                total: limit,
              })}
            >
              {usage}
            </Badge>
          ) : usage ? (
            <Badge>{usage}</Badge>
          ) : null}
        </div>
        {requirements.length === 0 ? (
          <p className={styles.hint}>{t('advanced.joinRequirement.empty')}</p>
        ) : (
          <ul aria-labelledby={listId} className={styles.requirements}>
            {requirements.map((entry, index) => (
              <li
                key={requirementKeys[index]}
                className={styles.requirement}
                data-inactive={entry.notActive || undefined}
              >
                <Avatar
                  id={entry.username}
                  name={entry.name}
                  src={entry.photo ? client.photoUrl(entry.photo, botId) : undefined}
                  size="md"
                />
                <div className={styles.requirementText}>
                  <span className={styles.requirementName}>
                    <bdi>{entry.name}</bdi>
                    {entry.notActive ? (
                      <Badge variant="danger">{t('advanced.joinRequirement.inactive')}</Badge>
                    ) : null}
                  </span>
                  {/* The handle reads left to right, and sits at the start of the row in Arabic. */}
                  <span className={styles.username}>
                    <bdi dir="ltr">@{entry.username}</bdi>
                  </span>
                  {entry.notActive ? (
                    <span className={styles.inactiveNote}>
                      {t('errors.joinRequirementInactive')}
                    </span>
                  ) : null}
                </div>
                <IconButton
                  label={t('advanced.joinRequirement.remove', { name: entry.name })}
                  aria-disabled={readOnly || undefined}
                  loading={removing === index}
                  onClick={() => askToRemove(index)}
                >
                  <TrashIcon />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
        <form
          className={styles.addRow}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            ref={input}
            className={styles.addField}
            label={t('advanced.joinRequirement.addLabel')}
            placeholder={t('advanced.joinRequirement.addPlaceholder')}
            hint={t('advanced.joinRequirement.addHint')}
            value={typed}
            onValueChange={(value) => {
              setTyped(value);
              setIssue(null);
              setServerError(null);
            }}
            error={error}
            readOnly={readOnly}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
          />
          <Button
            type="submit"
            variant="secondary"
            className={styles.addButton}
            loading={adding}
            aria-disabled={readOnly || undefined}
          >
            {t('advanced.joinRequirement.add')}
          </Button>
        </form>
        <p className={styles.hint}>{t('advanced.joinRequirement.noChanges')}</p>
        <p role="status" className={styles.hint}>
          {status}
        </p>
      </div>
      {upgradeDialog}
      {removingEntry && toRemove !== null ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            onOpenChange={(isOpen) => {
              if (!isOpen) setToRemove(null);
            }}
            variant="destructive"
            title={t('advanced.joinRequirement.removeTitle', { name: removingEntry.name })}
            text={t('advanced.joinRequirement.removeText')}
            confirmLabel={t('common.remove')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => void confirmRemove(toRemove)}
          />
        </Suspense>
      ) : null}
    </CollapsibleSection>
  );
}
