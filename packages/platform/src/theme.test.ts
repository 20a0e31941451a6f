import { describe, expect, it } from 'vitest';
import { THEME_PARAM_KEYS } from './platform';
import {
  applyTheme,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  themeParamsToCssVariables,
  viewportToCssVariables,
} from './theme';

/** Just enough of an element for applyTheme, recording what it was given. */
function fakeRoot() {
  const properties = new Map<string, string>();
  const attributes = new Map<string, string>();
  const root = {
    style: {
      setProperty: (name: string, value: string) => properties.set(name, value),
      removeProperty: (name: string) => properties.delete(name),
    },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  return { root: root as unknown as HTMLElement, properties, attributes };
}

describe('themeParamsToCssVariables', () => {
  it.each([
    ['bg_color', '--tg-theme-bg-color'],
    ['text_color', '--tg-theme-text-color'],
    ['hint_color', '--tg-theme-hint-color'],
    ['link_color', '--tg-theme-link-color'],
    ['button_color', '--tg-theme-button-color'],
    ['button_text_color', '--tg-theme-button-text-color'],
    ['secondary_bg_color', '--tg-theme-secondary-bg-color'],
    ['header_bg_color', '--tg-theme-header-bg-color'],
    ['bottom_bar_bg_color', '--tg-theme-bottom-bar-bg-color'],
    ['accent_text_color', '--tg-theme-accent-text-color'],
    ['section_bg_color', '--tg-theme-section-bg-color'],
    ['section_header_text_color', '--tg-theme-section-header-text-color'],
    ['section_separator_color', '--tg-theme-section-separator-color'],
    ['subtitle_text_color', '--tg-theme-subtitle-text-color'],
    ['destructive_text_color', '--tg-theme-destructive-text-color'],
  ] as const)('maps %s to %s', (key, variable) => {
    expect(themeParamsToCssVariables({ [key]: '#123456' })).toEqual({ [variable]: '#123456' });
  });

  it('covers every Telegram theme key', () => {
    expect(Object.keys(themeParamsToCssVariables(TELEGRAM_LIGHT))).toHaveLength(
      THEME_PARAM_KEYS.length,
    );
  });

  it('leaves out missing keys so stylesheet fallbacks apply', () => {
    expect(themeParamsToCssVariables({ bg_color: '#ffffff' })).toEqual({
      '--tg-theme-bg-color': '#ffffff',
    });
  });

  it('leaves out values that are not hex colours', () => {
    expect(
      themeParamsToCssVariables({ bg_color: 'red; background: url(x)', text_color: '#ABCDEF' }),
    ).toEqual({ '--tg-theme-text-color': '#abcdef' });
  });
});

describe('palettes', () => {
  it.each([
    ['TELEGRAM_LIGHT', TELEGRAM_LIGHT],
    ['TELEGRAM_DARK', TELEGRAM_DARK],
  ])('%s gives a #rrggbb colour for every key', (_name, palette) => {
    for (const key of THEME_PARAM_KEYS) expect(palette[key]).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('viewportToCssVariables', () => {
  it('names the stable height and both safe areas as Telegram does, in px', () => {
    expect(
      viewportToCssVariables({
        stableHeight: 640,
        safeArea: { top: 44, right: 0, bottom: 34, left: 0 },
        contentSafeArea: { top: 56, right: 1, bottom: 2, left: 3 },
      }),
    ).toEqual({
      '--tg-viewport-stable-height': '640px',
      '--tg-safe-area-inset-top': '44px',
      '--tg-safe-area-inset-right': '0px',
      '--tg-safe-area-inset-bottom': '34px',
      '--tg-safe-area-inset-left': '0px',
      '--tg-content-safe-area-inset-top': '56px',
      '--tg-content-safe-area-inset-right': '1px',
      '--tg-content-safe-area-inset-bottom': '2px',
      '--tg-content-safe-area-inset-left': '3px',
    });
  });
});

describe('applyTheme', () => {
  it('sets the variables, data-theme and color-scheme', () => {
    const { root, properties, attributes } = fakeRoot();
    applyTheme(TELEGRAM_DARK, 'dark', root);
    expect(properties.get('--tg-theme-bg-color')).toBe('#17212b');
    expect(properties.get('color-scheme')).toBe('dark');
    expect(attributes.get('data-theme')).toBe('dark');
  });

  it('derives the variables the new theme does not send, so no dark colour lingers', () => {
    const { root, properties } = fakeRoot();
    applyTheme(TELEGRAM_DARK, 'dark', root);
    applyTheme({ bg_color: '#ffffff' }, 'light', root);
    expect(properties.get('--tg-theme-bg-color')).toBe('#ffffff');
    expect(properties.get('--tg-theme-text-color')).toBe('#000000');
    expect(properties.get('--tg-theme-secondary-bg-color')).toBe('#f0f0f0');
  });

  it('sets every theme variable even when the client sends only the Bot API 6.0 keys', () => {
    const { root, properties } = fakeRoot();
    const { bg_color, text_color, hint_color, link_color, button_color, button_text_color } =
      TELEGRAM_DARK;
    applyTheme(
      { bg_color, text_color, hint_color, link_color, button_color, button_text_color },
      'dark',
      root,
    );
    for (const key of THEME_PARAM_KEYS) {
      expect(properties.get(`--tg-theme-${key.replaceAll('_', '-')}`)).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(properties.get('--tg-theme-secondary-bg-color')).not.toBe(
      TELEGRAM_LIGHT.secondary_bg_color,
    );
  });

  it('keeps every key the client sent as it is', () => {
    const { root, properties } = fakeRoot();
    applyTheme(TELEGRAM_LIGHT, 'light', root);
    for (const key of THEME_PARAM_KEYS) {
      expect(properties.get(`--tg-theme-${key.replaceAll('_', '-')}`)).toBe(TELEGRAM_LIGHT[key]);
    }
  });
});
