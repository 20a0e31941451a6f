import { type AdvancedSettings, useAdvanced } from '@botdeck/api';
import {
  useBackButton,
  useClosingConfirmation,
  useMainButton,
  usePlatform,
  useVerticalSwipesLock,
} from '@botdeck/platform';
import { Banner, Button } from '@botdeck/ui';
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import advancedTexts from '../../../../locales/en.json?screen=advanced';
import { ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { isRefusedChange, useErrorReport } from '../../shell/error-reporting';
import { LazyConfirmDialog } from '../../shell/lazy-parts';
import { HOME_PATH, href } from '../../shell/paths';
import { ReadOnlyNote } from '../../shell/read-only-note';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import { useDraft } from '../../shell/use-draft';
import styles from './advanced.module.css';
import {
  type AdvancedField,
  type AdvancedFormValues,
  type AdvancedSection,
  advancedDraftKey,
  formIssues,
  formValuesOf,
  parseAdvancedDraft,
  SECTION_OF_FIELD,
  sameFormValues,
  saveRequestOf,
} from './advanced-form';
import {
  AntiSpamSection,
  CaptchaSection,
  ChatModeSection,
  LanguagesSection,
  LinksSection,
} from './advanced-sections';
import { AdvancedFormContext } from './form-context';
import { JoinRequirementSection } from './join-requirements';

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { advanced: advancedTexts };

/**
 * /advanced?bot=: the protection of the bot's groups (SPEC 3 and 4): captcha, chat and topic
 * mode, link blocking, language filter, anti-spam and join requirements, each a section that
 * folds away with its switch in the header. Changes are kept on the page (and as a draft) until
 * Telegram's MainButton saves them all in one call; join requirements are added and removed by
 * calls of their own. Changing needs adv_and_media; without it the page is read-only.
 */
export default function AdvancedScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <AdvancedPage />
    </ScreenTexts>
  );
}

/** The screen's states: loading, unavailable, or the form. */
function AdvancedPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { advanced, isLoading, reload } = useAdvanced(botId);
  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });

  const header = (
    <ScreenHeader
      id="advanced-title"
      title={t('advanced.title')}
      subtitle={<span>{t('advanced.intro')}</span>}
    />
  );

  if (botId === null) {
    return (
      <section className={frame.screen} aria-labelledby="advanced-title">
        <BackTo path={HOME_PATH} />
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) {
    return (
      <section className={frame.screen} aria-labelledby="advanced-title" aria-busy="true">
        <BackTo path={leave} />
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!advanced) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section className={frame.screen} aria-labelledby="advanced-title">
        <BackTo path={leave} />
        {header}
        <ScreenUnavailable onRetry={() => reload()} onBack={() => navigate(leave)} />
      </section>
    );
  }
  return <AdvancedForm key={botId} botId={botId} saved={advanced} header={header} leave={leave} />;
}

/** Telegram's BackButton while there is no form to lose. */
function BackTo({ path }: { path: string }) {
  const [, navigate] = useLocation();
  useBackButton(() => navigate(path));
  return null;
}

interface AdvancedFormProps {
  botId: number;
  /** The settings as the server last sent them (the join requirements follow its cache). */
  saved: AdvancedSettings;
  header: ReactNode;
  /** Where Back goes: the bot's dashboard. */
  leave: string;
}

/** The settings form, its Save (Telegram's MainButton), its draft and its way back. */
function AdvancedForm({ botId, saved, header, leave }: AdvancedFormProps) {
  const { t } = useI18n();
  const platform = usePlatform();
  const [, navigate] = useLocation();
  const { report } = useErrorReport();
  const { may, guard } = useActionGuard(botId);
  const { save, reload, addRequirement, removeRequirement } = useAdvanced(botId);
  const [refusedByServer, setRefusedByServer] = useState(false);
  const readOnly = !may('changeAdvanced') || refusedByServer;

  // What the form started from; after a save, what was saved. The join requirements and the
  // topic group are read live from `saved`, since calls other than Save change them.
  const [base, setBase] = useState(() => formValuesOf(saved));
  const form = useForm<AdvancedFormValues>({ defaultValues: base });
  const values = useWatch({ control: form.control }) as AdvancedFormValues;
  const dirty = !sameFormValues(values, base);
  const groupId = saved.adv.chat_mode.group_id;
  const issues = useMemo(() => formIssues(values, groupId), [values, groupId]);

  const [open, setOpen] = useState<ReadonlySet<AdvancedSection>>(() => new Set());
  const [saving, setSaving] = useState(false);
  // Set at once, before React renders the progress: Telegram reports each press of its button
  // as an event of its own, so a double press can reach `submit` twice before `saving` is.
  const savingNow = useRef(false);
  // Errors show beside a field once it was changed, and all of them once Save was pressed.
  const [saveTried, setSaveTried] = useState(false);
  const [status, setStatus] = useState('');
  const [askingToLeave, setAskingToLeave] = useState(false);

  const draft = useDraft(advancedDraftKey(botId), parseAdvancedDraft);
  const [offerSettled, setOfferSettled] = useState(false);
  const offer =
    !offerSettled && !readOnly && draft.stored && !sameFormValues(draft.stored, base)
      ? draft.stored
      : null;

  useClosingConfirmation(dirty);
  useVerticalSwipesLock(dirty);

  const { stored, save: keepDraft, clear: clearDraft } = draft;
  useEffect(() => {
    // Until the old draft has been read, writing would overwrite what is about to be offered.
    if (stored === undefined) return;
    if (dirty) keepDraft(values);
    // While an old draft is on offer, it stays stored until the user chooses.
    else if (!offer) clearDraft();
  }, [stored, dirty, values, offer, keepDraft, clearDraft]);

  useEffect(() => {
    if (dirty) setStatus('');
  }, [dirty]);

  const setSectionOpen = (section: AdvancedSection, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(section);
      else next.delete(section);
      return next;
    });

  const restore = () => {
    if (!offer) return;
    form.reset(offer, { keepDefaultValues: true });
    setOfferSettled(true);
    setOpen(new Set(changedSections(offer, base)));
  };

  const dismissDraft = () => {
    setOfferSettled(true);
    clearDraft();
  };

  const submit = async () => {
    if (savingNow.current || !dirty) return;
    if (!guard('changeAdvanced')) return;
    const faults = Object.keys(issues) as AdvancedField[];
    if (faults.length > 0) {
      // Nothing is sent: the errors are shown where they are, the first one in view.
      setSaveTried(true);
      // Topic mode alone in the way is nothing to fix on this page: it waits for /enable in
      // the group. The line says so, and how to save the rest meanwhile.
      const onlyTheGroup = faults.length === 1 && faults[0] === 'chatMode.topic';
      setStatus(t(onlyTheGroup ? 'advanced.topicWaitsForItsGroup' : 'advanced.fixErrors'));
      setOpen((current) => new Set([...current, ...faults.map((f) => SECTION_OF_FIELD[f])]));
      platform.haptic.notification('error');
      requestAnimationFrame(() => showFault(faults[0] as AdvancedField));
      return;
    }
    savingNow.current = true;
    setSaving(true);
    try {
      await save(saveRequestOf(values, saved));
      setBase(values);
      form.reset(values);
      setSaveTried(false);
      setStatus(t('advanced.saved'));
      clearDraft();
      platform.haptic.notification('success');
    } catch (failure) {
      if (isRefusedChange(failure)) setRefusedByServer(true);
      setStatus(t('advanced.saveFailed'));
      report(failure);
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  const formElement = useRef<HTMLFormElement>(null);
  /**
   * Focuses the first field at fault and brings it into view with its error, which sits under
   * it: focus alone scrolls only as far as the field, which left the error below the fold, under
   * Telegram's Save bar. Topic mode's fault is the group it waits for, so its way on, Check
   * again, takes the focus, its steps and error in view.
   */
  const showFault = (field: AdvancedField) => {
    const checkAgain =
      field === 'chatMode.topic'
        ? formElement.current?.querySelector<HTMLElement>('[data-check-again]')
        : null;
    if (checkAgain) checkAgain.focus({ preventScroll: true });
    else form.setFocus(field);
    const focused = document.activeElement;
    const shown = focused?.closest('[data-slot="text-field"], [data-slot="topic-setup"]');
    shown?.scrollIntoView({ block: 'center' });
  };

  useMainButton({
    text: t('common.save'),
    visible: (dirty || saving) && !readOnly,
    progress: saving,
    onClick: () => void submit(),
  });

  useBackButton(() => {
    if (dirty) setAskingToLeave(true);
    else navigate(leave);
  });

  const discardAndLeave = () => {
    clearDraft();
    // The form is about to go: nothing it holds is a draft any more.
    form.reset(base);
    navigate(leave);
  };

  const context = {
    readOnly,
    saving,
    issues,
    saveTried,
    groupId,
    isOpen: (section: AdvancedSection) => open.has(section),
    setOpen: setSectionOpen,
    reloadSettings: reload,
  };

  return (
    <section
      className={frame.screen}
      aria-labelledby="advanced-title"
      aria-busy={saving || undefined}
    >
      {header}
      {readOnly ? (
        <ReadOnlyNote>
          {t('advanced.readOnly', { permission: t('permissions.adv_and_media') })}
        </ReadOnlyNote>
      ) : null}
      {offer ? (
        <Banner
          title={t('advanced.draftTitle')}
          text={t('advanced.draftText')}
          actions={
            <>
              <Button onClick={restore}>{t('advanced.restore')}</Button>
              <Button variant="secondary" onClick={dismissDraft}>
                {t('advanced.dismissDraft')}
              </Button>
            </>
          }
        />
      ) : null}
      <FormProvider {...form}>
        <AdvancedFormContext value={context}>
          <form
            ref={formElement}
            className={styles.sections}
            noValidate
            onSubmit={(event) => {
              // Enter in a field does not save: Save is Telegram's button, pressed on purpose.
              event.preventDefault();
            }}
          >
            <CaptchaSection />
            <ChatModeSection />
            <LinksSection />
            <LanguagesSection />
            <AntiSpamSection />
          </form>
        </AdvancedFormContext>
      </FormProvider>
      <JoinRequirementSection
        botId={botId}
        requirements={saved.join_req}
        pro={saved.pro}
        enabled={values.jr}
        onEnabledChange={(enabled) => {
          if (!guard('changeAdvanced')) return;
          form.setValue('jr', enabled, { shouldDirty: true });
          if (enabled) setSectionOpen('joinRequirement', true);
        }}
        open={open.has('joinRequirement')}
        onOpenChange={(isOpen) => setSectionOpen('joinRequirement', isOpen)}
        readOnly={readOnly}
        onRefused={() => setRefusedByServer(true)}
        add={addRequirement}
        remove={removeRequirement}
      />
      <p role="status" className={styles.status} data-pending={dirty || undefined}>
        {dirty && !status ? t('advanced.pending') : status}
      </p>
      {askingToLeave ? (
        <Suspense fallback={null}>
          <LazyConfirmDialog
            open
            onOpenChange={(isOpen) => {
              if (!isOpen) setAskingToLeave(false);
            }}
            variant="destructive"
            title={t('advanced.discardTitle')}
            text={t('advanced.discardText')}
            confirmLabel={t('advanced.discard')}
            cancelLabel={t('advanced.keepEditing')}
            onConfirm={discardAndLeave}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The sections a draft changes, opened when it is restored so the changes are in view. */
function changedSections(draft: AdvancedFormValues, base: AdvancedFormValues): AdvancedSection[] {
  const sections: AdvancedSection[] = ['captcha', 'chatMode', 'links', 'langs', 'antiSpam'];
  const changed = sections.filter(
    (section) =>
      !sameFormValues(
        { ...base, [section]: draft[section as keyof AdvancedFormValues] } as AdvancedFormValues,
        base,
      ),
  );
  return draft.jr === base.jr ? changed : [...changed, 'joinRequirement'];
}
