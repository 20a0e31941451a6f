import { useLanguage } from '@botdeck/api';
import { isLanguage, LANGUAGES, type Language } from '@botdeck/core';
import { useBackButton } from '@botdeck/platform';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  SegmentedControl,
} from '@botdeck/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import languageTexts from '../../../../locales/en.json?screen=language';
import { type MessageKey, ScreenTexts, useI18n } from '../../i18n';
import { useActionGuard } from '../../shell/action-guard';
import { useErrorReport } from '../../shell/error-reporting';
import { HOME_PATH, href } from '../../shell/paths';
import frame from '../../shell/screen.module.css';
import { ScreenHeader } from '../../shell/screen-header';
import { ScreenLoading, ScreenUnavailable } from '../../shell/screen-states';
import { useBotId } from '../../shell/use-bot-id';
import styles from './language.module.css';

const LANGUAGE_NAMES = {
  en: 'languages.en',
  ar: 'languages.ar',
  ru: 'languages.ru',
  tr: 'languages.tr',
} as const satisfies Record<Language, MessageKey>;

/** Where one of the two choices stands: nothing sent yet, on its way, or saved by the server. */
type SaveState =
  | { state: 'idle' }
  | { state: 'saving'; language: Language }
  | { state: 'saved'; language: Language };

const IDLE: SaveState = { state: 'idle' };

/** The screen's own English texts, which travel in its chunk rather than the first bundle. */
const ENGLISH = { language: languageTexts };

/**
 * /lang?bot=: the language of Botdeck's screens (the account's settings language) and the
 * language of the bot. The screens switch at once and switch back if the server refuses.
 */
export default function LanguageScreen() {
  return (
    <ScreenTexts english={ENGLISH}>
      <LanguagePage />
    </ScreenTexts>
  );
}

/** The screen itself, inside its texts. */
function LanguagePage() {
  const { t, locale, setLocale } = useI18n();
  const { report } = useErrorReport();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { settingsLanguage, botLanguage, error, isLoading, change, reload } = useLanguage(botId);
  const { guard } = useActionGuard(botId);
  const [settingsSave, setSettingsSave] = useState<SaveState>(IDLE);
  const [botSave, setBotSave] = useState<SaveState>(IDLE);
  const [settingsFailure, setSettingsFailure] = useState<{ error: unknown } | null>(null);
  const leave = botId === null ? HOME_PATH : href('dashboard', { bot: botId });
  useBackButton(() => navigate(leave));

  // Reported once the screens are back in the previous language, so the popup speaks it too.
  useEffect(() => {
    if (!settingsFailure) return;
    setSettingsFailure(null);
    report(settingsFailure.error);
  }, [settingsFailure, report]);

  const saving = settingsSave.state === 'saving' || botSave.state === 'saving';

  const chooseSettingsLanguage = async (value: string) => {
    if (!isLanguage(value) || value === locale || saving) return;
    const previous = locale;
    setLocale(value);
    setSettingsSave({ state: 'saving', language: value });
    try {
      await change({ set: value });
      setSettingsSave({ state: 'saved', language: value });
    } catch (failure) {
      setLocale(previous);
      setSettingsSave(IDLE);
      setSettingsFailure({ error: failure });
    }
  };

  const chooseBotLanguage = async (value: string) => {
    if (!isLanguage(value) || value === botLanguage || saving) return;
    // The bot's language is a bot setting (adv_and_media); the settings language is the viewer's.
    if (!guard('changeBotLanguage')) return;
    setBotSave({ state: 'saving', language: value });
    try {
      await change({ bot_lang: value });
      setBotSave({ state: 'saved', language: value });
    } catch (failure) {
      setBotSave(IDLE);
      report(failure);
    }
  };

  // useLanguage offers no reload; its cache key is ['lang', user, bot].

  const header = <ScreenHeader id="language-title" title={t('language.title')} />;

  if (botId === null) {
    // Both languages are saved through a bot (the call requires bot_id): pick one first.
    return (
      <section className={frame.screen} aria-labelledby="language-title">
        {header}
        <ScreenUnavailable onBack={() => navigate(HOME_PATH, { replace: true })} />
      </section>
    );
  }
  if (isLoading) {
    return (
      <section className={frame.screen} aria-labelledby="language-title" aria-busy="true">
        {header}
        <ScreenLoading />
      </section>
    );
  }
  if (!settingsLanguage || !botLanguage) {
    // The failure itself was reported in a popup when the load failed.
    return (
      <section
        className={frame.screen}
        aria-labelledby="language-title"
        data-error={error ? 'true' : undefined}
      >
        {header}
        <ScreenUnavailable onRetry={reload} onBack={() => navigate(leave)} />
      </section>
    );
  }

  const options = LANGUAGES.map((language) => ({
    value: language,
    // Each name is written in its own language; `lang` lets screen readers pronounce it so.
    label: <span lang={language}>{t(LANGUAGE_NAMES[language])}</span>,
  }));

  const statusOf = (save: SaveState) => {
    switch (save.state) {
      case 'idle':
        return '';
      case 'saving':
        return t('common.saving');
      case 'saved':
        return t('language.saved', { language: t(LANGUAGE_NAMES[save.language]) });
      default:
        return save satisfies never;
    }
  };

  const botValue = botSave.state === 'saving' ? botSave.language : botLanguage;

  return (
    <section className={frame.screen} aria-labelledby="language-title">
      {header}

      <LanguageChoice
        id="language-settings"
        title={t('language.settings.title')}
        description={t('language.settings.description')}
        options={options}
        value={locale}
        onValueChange={chooseSettingsLanguage}
        disabled={saving}
        status={statusOf(settingsSave)}
        saveState={settingsSave.state}
      />
      <LanguageChoice
        id="language-bot"
        title={t('language.bot.title')}
        description={t('language.bot.description')}
        options={options}
        value={botValue}
        onValueChange={chooseBotLanguage}
        disabled={saving}
        status={statusOf(botSave)}
        saveState={botSave.state}
      />
    </section>
  );
}

interface LanguageChoiceProps {
  /** Prefix of the ids that tie the hint to the choice. */
  id: string;
  title: string;
  description: string;
  options: { value: string; label: ReactNode }[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  disabled: boolean;
  /** What happened to the last choice ("Saving…", "Saved: English"), read out politely. */
  status: string;
  saveState: SaveState['state'];
}

/** One of the two language choices: a card with its hint, the four languages and a status. */
function LanguageChoice({
  id,
  title,
  description,
  options,
  value,
  onValueChange,
  disabled,
  status,
  saveState,
}: LanguageChoiceProps) {
  const { dir } = useI18n();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription id={`${id}-hint`}>{description}</CardDescription>
      </CardHeader>
      <CardContent className={styles.content}>
        <SegmentedControl
          className={styles.languages}
          label={title}
          aria-describedby={`${id}-hint`}
          options={options}
          value={value}
          onValueChange={onValueChange}
          disabled={disabled}
          dir={dir}
        />
        <p role="status" className={styles.status} data-state={saveState}>
          {status}
        </p>
      </CardContent>
    </Card>
  );
}
