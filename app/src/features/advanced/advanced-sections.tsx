import {
  ANTI_SPAM_MAX_DIGITS,
  ANTI_SPAM_MESSAGES,
  ANTI_SPAM_SECONDS,
  antiSpamCountInput,
  type ValidationIssue,
  validateAllowedLink,
} from '@botdeck/core';
import {
  Button,
  Checkbox,
  CollapsibleSection,
  IconButton,
  Switch,
  TextArea,
  TextField,
  TrashIcon,
} from '@botdeck/ui';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { useController, useFormContext, useFormState } from 'react-hook-form';
import { useI18n } from '../../i18n';
import '../../i18n/validation-texts';
import { useErrorReport } from '../../shell/error-reporting';
import { lazyPart } from '../../shell/lazy-part';
import { uniqueKeys } from '../../shell/unique-keys';
import styles from './advanced.module.css';
import {
  type AdvancedField,
  type AdvancedFormValues,
  type AdvancedSection,
  FILTERED_SCRIPTS,
} from './advanced-form';
import { useAdvancedFormState } from './form-context';
import { TopicSetup } from './topic-setup';

const CaptchaPreview = lazyPart(() => import('./captcha-preview').then((m) => m.default)).Part;

/** The on/off settings inside the sections (each section's own switch is in its header). */
type SettingPath =
  | 'captcha.ban'
  | 'chatMode.topic'
  | 'links.telegram_allowed'
  | 'links.ban'
  | 'langs.ban'
  | 'antiSpam.ban';

/**
 * A change the viewer may not make shows the restricted dialog instead; the section's controls
 * stay as they were.
 */
function useChangeGuard() {
  const { readOnly } = useAdvancedFormState();
  const { refuse } = useErrorReport();
  return (apply: () => void) => {
    if (readOnly) refuse();
    else apply();
  };
}

/** One on/off setting of the form, as a Switch row. */
function SettingSwitch({
  name,
  label,
  description,
}: {
  name: SettingPath;
  label: string;
  description?: string;
}) {
  const { readOnly, saving } = useAdvancedFormState();
  const { field } = useController<AdvancedFormValues>({ name });
  const guarded = useChangeGuard();
  return (
    <Switch
      label={label}
      description={description}
      checked={field.value === true}
      aria-disabled={readOnly || saving || undefined}
      onCheckedChange={(checked) => {
        if (saving) return;
        guarded(() => field.onChange(checked));
      }}
      onBlur={field.onBlur}
      ref={field.ref}
      className={styles.row}
    />
  );
}

/**
 * The translated error of `field`, once it should be seen: after the field was changed (errors
 * show as the person types) or after Save was pressed with errors.
 */
function useFieldError(field: AdvancedField): string | undefined {
  const { t } = useI18n();
  const { issues, saveTried } = useAdvancedFormState();
  const { getFieldState } = useFormContext<AdvancedFormValues>();
  const formState = useFormState<AdvancedFormValues>({ name: field });
  const issue: ValidationIssue | undefined = issues[field];
  if (!issue) return undefined;
  const changed = getFieldState(field, formState).isDirty;
  return saveTried || changed ? t(issue.key, issue.values) : undefined;
}

interface SettingsSectionProps {
  section: Exclude<AdvancedSection, 'joinRequirement'>;
  title: string;
  summary: string;
  children: ReactNode;
}

/**
 * A section of the form: a fold-away card whose header holds its name, what it does to the
 * group, and its switch. Turning it on opens it, so what it needs is right there.
 */
function SettingsSection({ section, title, summary, children }: SettingsSectionProps) {
  const { isOpen, setOpen, readOnly, saving } = useAdvancedFormState();
  const { field } = useController<AdvancedFormValues>({ name: `${section}.enable` });
  const guarded = useChangeGuard();
  return (
    <CollapsibleSection
      data-section={section}
      title={title}
      description={summary}
      open={isOpen(section)}
      onOpenChange={(open) => setOpen(section, open)}
      trailing={
        <Switch
          label={title}
          hideLabel
          checked={field.value === true}
          aria-disabled={readOnly || saving || undefined}
          onCheckedChange={(checked) => {
            if (saving) return;
            guarded(() => {
              field.onChange(checked);
              if (checked) setOpen(section, true);
            });
          }}
          ref={field.ref}
        />
      }
    >
      <div className={styles.sectionBody}>{children}</div>
    </CollapsibleSection>
  );
}

/** Captcha: the message and button the bot posts for a newcomer, its preview, ban on fail. */
export function CaptchaSection() {
  const { t } = useI18n();
  const { readOnly, saving } = useAdvancedFormState();
  const { register, watch } = useFormContext<AdvancedFormValues>();
  const text = watch('captcha.text');
  const button = watch('captcha.button');
  const textError = useFieldError('captcha.text');
  const buttonError = useFieldError('captcha.button');
  return (
    <SettingsSection
      section="captcha"
      title={t('advanced.captcha.title')}
      summary={t('advanced.captcha.summary')}
    >
      <TextArea
        label={t('advanced.captcha.text')}
        hint={t('advanced.captcha.textHint')}
        error={textError}
        readOnly={readOnly || saving}
        rows={3}
        {...register('captcha.text')}
      />
      <TextField
        label={t('advanced.captcha.button')}
        error={buttonError}
        readOnly={readOnly || saving}
        autoComplete="off"
        {...register('captcha.button')}
      />
      <SettingSwitch name="captcha.ban" label={t('advanced.captcha.ban')} />
      <Suspense fallback={<div className={styles.preview} aria-hidden="true" />}>
        <CaptchaPreview text={text} button={button} />
      </Suspense>
    </SettingsSection>
  );
}

/** Chat mode, and topic mode with the steps that connect it to a group. */
export function ChatModeSection() {
  const { t } = useI18n();
  const { watch } = useFormContext<AdvancedFormValues>();
  const topic = watch('chatMode.topic');
  const topicError = useFieldError('chatMode.topic');
  return (
    <SettingsSection
      section="chatMode"
      title={t('advanced.chatMode.title')}
      summary={t('advanced.chatMode.summary')}
    >
      <SettingSwitch
        name="chatMode.topic"
        label={t('advanced.chatMode.topic')}
        description={t('advanced.chatMode.topicSummary')}
      />
      {topic ? <TopicSetup error={topicError} /> : null}
    </SettingsSection>
  );
}

/** Block links: the allowed list, Telegram links, ban. */
export function LinksSection() {
  const { t } = useI18n();
  const { readOnly, saving } = useAdvancedFormState();
  const { field } = useController<AdvancedFormValues, 'links.allowed'>({ name: 'links.allowed' });
  const guarded = useChangeGuard();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<ValidationIssue | null>(null);
  const listId = useId();
  const allowed = field.value;
  const linkKeys = uniqueKeys(allowed, (link) => link);

  const add = () => {
    if (saving) return;
    guarded(() => {
      const issue = validateAllowedLink(typed, allowed);
      setError(issue);
      if (issue) return;
      field.onChange([...allowed, typed.trim()]);
      setTyped('');
    });
  };

  const remove = (index: number) =>
    guarded(() => field.onChange(allowed.filter((_, at) => at !== index)));

  return (
    <SettingsSection
      section="links"
      title={t('advanced.links.title')}
      summary={t('advanced.links.summary')}
    >
      <h3 id={listId} className={styles.subheading}>
        {t('advanced.links.allowed')}
      </h3>
      {allowed.length === 0 ? (
        <p className={styles.hint}>{t('advanced.links.allowedEmpty')}</p>
      ) : (
        <ul aria-labelledby={listId} className={styles.entries}>
          {allowed.map((link, index) => (
            <li key={linkKeys[index]} className={styles.entry}>
              <span className={styles.link}>
                <bdi dir="ltr">{link}</bdi>
              </span>
              <IconButton
                label={t('advanced.links.remove', { link })}
                aria-disabled={readOnly || saving || undefined}
                onClick={() => remove(index)}
              >
                <TrashIcon />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.addRow}>
        <TextField
          className={styles.addField}
          label={t('advanced.links.addLabel')}
          placeholder={t('advanced.links.addPlaceholder')}
          value={typed}
          onValueChange={(value) => {
            setTyped(value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error ? t(error.key, error.values) : undefined}
          readOnly={readOnly}
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
        />
        <Button
          variant="secondary"
          className={styles.addButton}
          aria-disabled={readOnly || saving || undefined}
          onClick={add}
        >
          {t('advanced.links.add')}
        </Button>
      </div>
      <SettingSwitch
        name="links.telegram_allowed"
        label={t('advanced.links.telegram')}
        description={t('advanced.links.telegramHint')}
      />
      <SettingSwitch name="links.ban" label={t('advanced.links.ban')} />
    </SettingsSection>
  );
}

/** Filter languages: the scripts whose messages are removed, ban. */
export function LanguagesSection() {
  const { t } = useI18n();
  const { watch } = useFormContext<AdvancedFormValues>();
  const langs = watch('langs');
  const noneChosen = langs.enable && FILTERED_SCRIPTS.every((script) => !langs[script]);
  const legendId = useId();
  return (
    <SettingsSection
      section="langs"
      title={t('advanced.langs.title')}
      summary={t('advanced.langs.summary')}
    >
      <fieldset
        className={styles.scripts}
        aria-describedby={noneChosen ? `${legendId}-note` : undefined}
      >
        <legend className={styles.subheading}>{t('advanced.langs.scripts')}</legend>
        <div className={styles.scriptGrid}>
          {FILTERED_SCRIPTS.map((script) => (
            <ScriptCheckbox key={script} script={script} />
          ))}
        </div>
      </fieldset>
      {noneChosen ? (
        <p id={`${legendId}-note`} className={styles.hint}>
          {t('advanced.langs.noneChosen')}
        </p>
      ) : null}
      <SettingSwitch name="langs.ban" label={t('advanced.langs.ban')} />
    </SettingsSection>
  );
}

function ScriptCheckbox({ script }: { script: (typeof FILTERED_SCRIPTS)[number] }) {
  const { t } = useI18n();
  const { readOnly, saving } = useAdvancedFormState();
  const { field } = useController<AdvancedFormValues>({ name: `langs.${script}` });
  const guarded = useChangeGuard();
  return (
    <Checkbox
      label={t(`advanced.langs.${script}`)}
      checked={field.value === true}
      aria-disabled={readOnly || saving || undefined}
      onCheckedChange={(checked) => {
        if (saving) return;
        guarded(() => field.onChange(checked === true));
      }}
      ref={field.ref}
    />
  );
}

/**
 * One of anti-spam's counts. It keeps only what core's `antiSpamCountInput` leaves of what is
 * typed or pasted (digits, at most two), so "abc" or a third digit never shows; what is left out
 * of range ("30") stays, with its error.
 */
function AntiSpamCount({
  name,
  label,
  placeholder,
}: {
  name: 'antiSpam.msgs' | 'antiSpam.time';
  label: string;
  placeholder: string;
}) {
  const { readOnly, saving } = useAdvancedFormState();
  const { field } = useController<AdvancedFormValues, typeof name>({ name });
  const error = useFieldError(name);
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={ANTI_SPAM_MAX_DIGITS}
      readOnly={readOnly || saving}
      dir="ltr"
      name={field.name}
      ref={field.ref}
      value={field.value}
      onValueChange={(typed) => field.onChange(antiSpamCountInput(typed))}
      onBlur={field.onBlur}
    />
  );
}

/** Anti-spam: how many messages in how many seconds, ban. */
export function AntiSpamSection() {
  const { t } = useI18n();
  return (
    <SettingsSection
      section="antiSpam"
      title={t('advanced.antiSpam.title')}
      summary={t('advanced.antiSpam.summary')}
    >
      <div className={styles.pair}>
        <AntiSpamCount
          name="antiSpam.msgs"
          label={t('advanced.antiSpam.messages', ANTI_SPAM_MESSAGES)}
          placeholder={t('advanced.antiSpam.messagesPlaceholder')}
        />
        <AntiSpamCount
          name="antiSpam.time"
          label={t('advanced.antiSpam.seconds', ANTI_SPAM_SECONDS)}
          placeholder={t('advanced.antiSpam.secondsPlaceholder')}
        />
      </div>
      <p className={styles.hint}>{t('advanced.antiSpam.example')}</p>
      <SettingSwitch name="antiSpam.ban" label={t('advanced.antiSpam.ban')} />
    </SettingsSection>
  );
}
