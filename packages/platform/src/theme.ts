import {
  type ColorScheme,
  type Insets,
  type PlatformViewport,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
} from './platform';

/**
 * The light palette a Telegram client sends (iOS and macOS default day theme). Used by the
 * emulator, Storybook and as the fallback when Telegram sends no theme.
 *
 * Note for designers: white on `button_color` here is 4.1:1, below AA for normal-size text;
 * Telegram's own buttons rely on large bold labels.
 */
export const TELEGRAM_LIGHT: Readonly<Required<ThemeParams>> = Object.freeze({
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  header_bg_color: '#efeff3',
  bottom_bar_bg_color: '#e4e4e4',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d71',
  section_separator_color: '#eaeaea',
  subtitle_text_color: '#999999',
  destructive_text_color: '#ff3b30',
});

/**
 * The dark palette a Telegram client sends (Telegram Desktop night theme, all 15 keys).
 * White on `button_color` is 3.7:1: AA only for large text.
 */
export const TELEGRAM_DARK: Readonly<Required<ThemeParams>> = Object.freeze({
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  section_separator_color: '#111921',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
});

/** The palette for a scheme. */
export function telegramPalette(scheme: ColorScheme): Readonly<Required<ThemeParams>> {
  return scheme === 'dark' ? TELEGRAM_DARK : TELEGRAM_LIGHT;
}

/** A CSS custom property named after a theme key, e.g. `--tg-theme-bg-color`. */
export type ThemeCssVariable = `--tg-theme-${string}`;

/** The CSS custom property Telegram itself uses for a theme key. */
export function themeCssVariable(key: ThemeParamKey): ThemeCssVariable {
  return `--tg-theme-${key.replaceAll('_', '-')}`;
}

// Telegram sends #rrggbb; anything else is a bug upstream and must not reach a stylesheet.
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * Maps Telegram theme params to the CSS variables Telegram's own script would set
 * (`bg_color` -> `--tg-theme-bg-color`, ...). Keys that are missing or not hex colours are
 * left out, so stylesheet fallbacks (`var(--tg-theme-bg-color, #fff)`) apply.
 */
export function themeParamsToCssVariables(params: ThemeParams): Record<ThemeCssVariable, string> {
  const variables: Record<ThemeCssVariable, string> = {};
  for (const key of THEME_PARAM_KEYS) {
    const value = params[key];
    if (typeof value === 'string' && HEX_COLOR.test(value)) {
      variables[themeCssVariable(key)] = value.toLowerCase();
    }
  }
  return variables;
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * Maps the viewport to CSS variables named as Telegram's script names them:
 * `--tg-viewport-stable-height`, `--tg-safe-area-inset-{top,right,bottom,left}` and
 * `--tg-content-safe-area-inset-{top,right,bottom,left}`, all in px.
 */
export function viewportToCssVariables(
  viewport: PlatformViewport,
): Record<`--tg-${string}`, string> {
  const variables: Record<`--tg-${string}`, string> = {
    '--tg-viewport-stable-height': `${viewport.stableHeight}px`,
  };
  const write = (prefix: string, insets: Insets) => {
    for (const side of SIDES) variables[`--tg-${prefix}-inset-${side}`] = `${insets[side]}px`;
  };
  write('safe-area', viewport.safeArea);
  write('content-safe-area', viewport.contentSafeArea);
  return variables;
}

/**
 * Applies a theme to the document: the `--tg-theme-*` variables (removing ones the new theme
 * lacks, so a dark colour never lingers in light mode), `data-theme="light|dark"` for our own
 * token overrides, and `color-scheme` so native controls and scrollbars match.
 */
export function applyTheme(
  params: ThemeParams,
  scheme: ColorScheme,
  root: HTMLElement = document.documentElement,
): void {
  const variables = themeParamsToCssVariables(params);
  for (const key of THEME_PARAM_KEYS) {
    const name = themeCssVariable(key);
    const value = variables[name];
    if (value === undefined) root.style.removeProperty(name);
    else root.style.setProperty(name, value);
  }
  root.setAttribute('data-theme', scheme);
  root.style.setProperty('color-scheme', scheme);
}

/** Applies the viewport CSS variables of {@link viewportToCssVariables} to the document. */
export function applyViewport(
  viewport: PlatformViewport,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(viewportToCssVariables(viewport))) {
    root.style.setProperty(name, value);
  }
}
