import { applyTheme, type ColorScheme, TELEGRAM_DARK, TELEGRAM_LIGHT } from '@botdeck/platform';
import { createContext, type ReactNode, use, useSyncExternalStore } from 'react';
import { I18nProvider, isLocale, type Locale } from '../i18n';

/**
 * The language and theme a story is shown in: the Storybook toolbar's `locale` and `theme`
 * globals, or, while the story tests photograph a story, the mode of the picture being taken.
 *
 * The tests photograph a story in each of its modes (.storybook/modes.ts) after its play
 * function has brought it to the state it shows. They switch the mode in place, as a person
 * switching Telegram's language and theme would: a fresh render would lose that state, and
 * playing the story again for each mode would cost eight times as much.
 */
export interface StoryMode {
  locale: Locale;
  theme: ColorScheme;
}

let photographed: StoryMode | null = null;
const listeners = new Set<() => void>();

/** Shows the story on the page in `mode` (null: in its globals again). For the story tests. */
export function showStoryIn(mode: StoryMode | null): void {
  photographed = mode;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const current = () => photographed;

/** The mode named by a story's globals; anything unknown is English and light. */
export function modeOfGlobals(globals: Record<string, unknown>): StoryMode {
  const locale =
    typeof globals.locale === 'string' && isLocale(globals.locale) ? globals.locale : 'en';
  return { locale, theme: globals.theme === 'dark' ? 'dark' : 'light' };
}

const LOCALES = ['en', 'ar', 'ru', 'tr'] as const satisfies readonly Locale[];
const THEMES = ['light', 'dark'] as const satisfies readonly ColorScheme[];

/**
 * The picture matrix, as Chromatic's modes (`parameters.chromatic.modes`: a name and the globals
 * it sets, the phone's viewport among them). One list for both runs: Chromatic photographs a
 * story in the modes its parameters name, and so do the story tests (vitest.setup.storybook.ts).
 * A mode's name ends its baseline's file name (`<story id>.<mode>.png`).
 */
type Modes = Record<string, StoryMode & { viewport: 'phone' }>;

/** A screen: every language in both themes (screenStories puts it in each screen's meta). */
export const SCREEN_MODES: Modes = Object.fromEntries(
  LOCALES.flatMap((locale) =>
    THEMES.map((theme) => [`${locale}-${theme}`, { locale, theme, viewport: 'phone' }]),
  ),
);

/**
 * A component of the design system (the preview's default): English light, and Arabic dark
 * (mirrored, and the other theme). Its texts come from its story's arguments, so the other
 * languages show nothing new in it; the screens that use it are photographed in all of them.
 */
export const COMPONENT_MODES: Modes = {
  'en-light': { locale: 'en', theme: 'light', viewport: 'phone' },
  'ar-dark': { locale: 'ar', theme: 'dark', viewport: 'phone' },
};

const StoryModeContext = createContext<StoryMode>({ locale: 'en', theme: 'light' });

/**
 * Around every story (the preview's decorator): the theme on the document, the translations, and
 * the mode for harnesses that paint Telegram's chrome.
 */
export function StoryModeFrame({
  globals,
  children,
}: {
  globals: Record<string, unknown>;
  children: ReactNode;
}) {
  const mode = useSyncExternalStore(subscribe, current, current) ?? modeOfGlobals(globals);
  // During render, not in an effect: the story's first paint is already in its theme.
  applyTheme(mode.theme === 'dark' ? TELEGRAM_DARK : TELEGRAM_LIGHT, mode.theme);
  return (
    <StoryModeContext value={mode}>
      <I18nProvider locale={mode.locale}>{children}</I18nProvider>
    </StoryModeContext>
  );
}

/** The language and theme the story is shown in. */
export const useStoryMode = (): StoryMode => use(StoryModeContext);
