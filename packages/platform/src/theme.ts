import { type ColorScheme, completeThemeParams, isHexColor } from '@botdeck/core';
import {
  type Insets,
  type PlatformViewport,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
} from './platform';

// Telegram's palettes live in core beside the rule that fills missing keys from them.
export { TELEGRAM_DARK, TELEGRAM_LIGHT, telegramPalette } from '@botdeck/core';

/** A CSS custom property named after a theme key, e.g. `--tg-theme-bg-color`. */
export type ThemeCssVariable = `--tg-theme-${string}`;

/** The CSS custom property Telegram itself uses for a theme key. */
export function themeCssVariable(key: ThemeParamKey): ThemeCssVariable {
  return `--tg-theme-${key.replaceAll('_', '-')}`;
}

/**
 * Maps Telegram theme params to the CSS variables Telegram's own script would set
 * (`bg_color` -> `--tg-theme-bg-color`, ...). Keys that are missing or not hex colours are
 * left out: {@link applyTheme} fills them with core's `completeThemeParams` first.
 */
export function themeParamsToCssVariables(params: ThemeParams): Record<ThemeCssVariable, string> {
  const variables: Record<ThemeCssVariable, string> = {};
  for (const key of THEME_PARAM_KEYS) {
    const value = params[key];
    if (isHexColor(value)) {
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
 * Applies a theme to the document: every `--tg-theme-*` variable, the keys the client left out
 * derived from the ones it sent (core's `completeThemeParams`, so a dark client without
 * `secondary_bg_color` gets a dark one, and no colour of a previous theme lingers),
 * `data-theme="light|dark"` for our own token overrides, and `color-scheme` so native controls
 * and scrollbars match.
 */
export function applyTheme(
  params: ThemeParams,
  scheme: ColorScheme,
  root: HTMLElement = document.documentElement,
): void {
  const complete = completeThemeParams(params, scheme);
  for (const key of THEME_PARAM_KEYS) root.style.setProperty(themeCssVariable(key), complete[key]);
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
