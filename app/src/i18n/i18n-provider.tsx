import { createContext, type ReactNode, use, useEffect, useMemo, useState } from 'react';
import { english, loadedLocale, loadLocale } from './load-locale';
import { createTranslator, type Locale, type Messages, type Translator } from './translator';

interface I18nContextValue extends Translator {
  /** Switches the interface language at once; Arabic also mirrors the document. */
  setLocale: (locale: Locale) => void;
  /** The texts the translator reads, so `<ScreenTexts>` can add a screen's English group. */
  dictionaries: { en: Messages } & Partial<Record<Locale, Messages>>;
}

const I18nContext = createContext<I18nContextValue | null>(null);

export interface I18nProviderProps {
  /** The language to start in; it can change later through `setLocale`. */
  locale: Locale;
  children: ReactNode;
  /** Called after the user switched language, to remember it. */
  onLocaleChange?: (locale: Locale) => void;
}

export function I18nProvider({ locale: initial, children, onLocaleChange }: I18nProviderProps) {
  const [locale, setLocaleState] = useState(initial);
  // The texts remember their language: right after a switch they are still the previous one's.
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages | undefined }>(() => ({
    locale: initial,
    messages: loadedLocale(initial),
  }));

  useEffect(() => setLocaleState(initial), [initial]);

  useEffect(() => {
    let current = true;
    const ready = loadedLocale(locale);
    // Already in the state (the first render's English, or a language loaded before): the same
    // state again, so nothing re-renders and no second translator is made as the app starts.
    if (ready)
      setLoaded((current) =>
        current.locale === locale && current.messages === ready
          ? current
          : { locale, messages: ready },
      );
    else
      loadLocale(locale).then(
        (messages) => current && setLoaded({ locale, messages }),
        // A locale chunk that fails to load (offline) leaves the English fallback in place.
        (error: unknown) => console.error('Could not load locale', locale, error),
      );
    return () => {
      current = false;
    };
  }, [locale]);

  const value = useMemo<I18nContextValue>(() => {
    const messages = loaded.locale === locale ? loaded.messages : loadedLocale(locale);
    const dictionaries = messages ? { en: english, [locale]: messages } : { en: english };
    const translator = createTranslator(locale, dictionaries);
    return {
      ...translator,
      dictionaries,
      setLocale: (next) => {
        setLocaleState(next);
        onLocaleChange?.(next);
      },
    };
  }, [locale, loaded, onLocaleChange]);

  useEffect(() => {
    document.documentElement.lang = value.locale;
    document.documentElement.dir = value.dir;
  }, [value.locale, value.dir]);

  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The translator of the nearest I18nProvider. */
export function useI18n(): I18nContextValue {
  const value = use(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

export interface ScreenTextsProps {
  /**
   * The screen's own English groups (see SCREEN_TEXT_GROUPS), imported by name from
   * locales/en.json so they travel in the screen's chunk, not the first bundle.
   */
  english: Messages;
  children: ReactNode;
}

/** Gives `children` a translator that also knows a screen's own English texts. */
export function ScreenTexts({ english: screenEnglish, children }: ScreenTextsProps) {
  const parent = useI18n();
  const value = useMemo<I18nContextValue>(() => {
    const dictionaries = {
      ...parent.dictionaries,
      en: { ...parent.dictionaries.en, ...screenEnglish },
    };
    return {
      ...createTranslator(parent.locale, dictionaries),
      setLocale: parent.setLocale,
      dictionaries,
    };
  }, [parent, screenEnglish]);
  return <I18nContext value={value}>{children}</I18nContext>;
}
