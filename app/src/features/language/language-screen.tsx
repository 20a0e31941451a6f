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
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { type MessageKey, useI18n } from '../../i18n';
import { useErrorReport } from '../../shell/error-reporting';
import { HOME_PATH } from '../../shell/routes';
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

/**
 * /lang?bot=: the language of Botdeck's screens (the account's settings language) and the
 * language of the bot. The screens switch at once and switch back if the server refuses.
 */
export default function LanguageScreen() {
  const { t, locale, dir, setLocale } = useI18n();
  const { report } = useErrorReport();
  const [, navigate] = useLocation();
  const botId = useBotId();
  const { settingsLanguage, botLanguage, error, isLoading, change, reload } = useLanguage(botId);
  const [settingsSave, setSettingsSave] = useState<SaveState>(IDLE);
  const [botSave, setBotSave] = useState<SaveState>(IDLE);
  const [settingsFailure, setSettingsFailure] = useState<{ error: unknown } | null>(null);
  const leave = botId === null ? HOME_PATH : `/dashboard?bot=${botId}`;
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

      <Card>
        <CardHeader>
          <CardTitle>{t('language.settings.title')}</CardTitle>
          <CardDescription id="language-settings-hint">
            {t('language.settings.description')}
          </CardDescription>
        </CardHeader>
        <CardContent className={styles.content}>
          <SegmentedControl
            label={t('language.settings.title')}
            aria-describedby="language-settings-hint"
            options={options}
            value={locale}
            onValueChange={chooseSettingsLanguage}
            disabled={saving}
            dir={dir}
          />
          <p role="status" className={styles.status} data-state={settingsSave.state}>
            {statusOf(settingsSave)}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('language.bot.title')}</CardTitle>
          <CardDescription id="language-bot-hint">{t('language.bot.description')}</CardDescription>
        </CardHeader>
        <CardContent className={styles.content}>
          <SegmentedControl
            label={t('language.bot.title')}
            aria-describedby="language-bot-hint"
            options={options}
            value={botValue}
            onValueChange={chooseBotLanguage}
            disabled={saving}
            dir={dir}
          />
          <p role="status" className={styles.status} data-state={botSave.state}>
            {statusOf(botSave)}
          </p>
        </CardContent>
      </Card>
    </section>
  );
}
