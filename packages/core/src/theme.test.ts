import { describe, expect, it } from 'vitest';
import {
  BOT_API_6_0_THEME_KEYS,
  colorSchemeOf,
  completeThemeParams,
  contrastRatio,
  DARK_BACKGROUND_BRIGHTNESS,
  isHexColor,
  MIN_TEXT_CONTRAST,
  mixColors,
  readableOn,
  relativeLuminance,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  THEME_PARAM_KEYS,
  type ThemeParams,
} from './theme';

const only = (palette: ThemeParams, keys: readonly (keyof ThemeParams)[]): ThemeParams =>
  Object.fromEntries(keys.map((key) => [key, palette[key]]));

describe('colorSchemeOf', () => {
  it('is dark under the brightness of 120 and light above it', () => {
    // A grey's brightness is its channel. #787878 is 120 less a rounding hair (the weights add up
    // to 0.9999999999999999 in floating point), so Telegram's script calls it dark too.
    expect(DARK_BACKGROUND_BRIGHTNESS).toBe(120);
    expect(colorSchemeOf('#787878')).toBe('dark');
    expect(colorSchemeOf('#797979')).toBe('light');
  });

  it("weighs green most and blue least, as Telegram's script does", () => {
    // Pure green at 157 is 120.3 bright, pure blue at 255 only 86.1.
    expect(colorSchemeOf('#009d00')).toBe('light');
    expect(colorSchemeOf('#009c00')).toBe('dark');
    expect(colorSchemeOf('#0000ff')).toBe('dark');
  });

  it("reads Telegram's palettes and short forms as their schemes", () => {
    expect(colorSchemeOf(TELEGRAM_LIGHT.bg_color)).toBe('light');
    expect(colorSchemeOf(TELEGRAM_DARK.bg_color)).toBe('dark');
    expect(colorSchemeOf('#fff')).toBe('light');
    expect(colorSchemeOf('#000')).toBe('dark');
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white, either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 10);
  });

  it('is 1 for a colour on itself', () => {
    expect(contrastRatio('#2481cc', '#2481cc')).toBe(1);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
  });

  it('matches WCAG around the AA line: #767676 passes on white, #777777 does not', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => contrastRatio('red', '#ffffff')).toThrow();
  });
});

describe('relativeLuminance', () => {
  it('runs from 0 (black) to 1 (white)', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });

  it('ignores an alpha part', () => {
    expect(relativeLuminance('#ffffff80')).toBe(1);
  });
});

describe('mixColors', () => {
  it('paints what color-mix(in srgb) does', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#ff0000', '#0000ff', 0.25)).toBe('#4000bf');
  });

  it('gives either colour at the ends and clamps beyond them', () => {
    expect(mixColors('#123456', '#abcdef', 1)).toBe('#123456');
    expect(mixColors('#123456', '#abcdef', 0)).toBe('#abcdef');
    expect(mixColors('#123456', '#abcdef', 2)).toBe('#123456');
    expect(mixColors('#123456', '#abcdef', -1)).toBe('#abcdef');
  });
});

describe('isHexColor', () => {
  it.each(['#fff', '#FFFFFF', '#ffffff80'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each(['fff', '#ffff', 'red', 'red; background: url(x)', undefined, 3])(
    'refuses %s',
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#000000', ['#ffffff'])).toBe('#000000');
  });

  it('darkens a colour just enough on light backgrounds', () => {
    const red = readableOn('#ff3b30', ['#ffffff', '#efeff3']);
    expect(contrastRatio(red, '#efeff3')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(relativeLuminance(red)).toBeLessThan(relativeLuminance('#ff3b30'));
    // Not all the way to black: the hue stays.
    expect(red).not.toBe('#000000');
  });

  it('lightens a colour on dark backgrounds', () => {
    const grey = readableOn('#708499', ['#17212b', '#232e3c']);
    expect(contrastRatio(grey, '#232e3c')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(relativeLuminance(grey)).toBeGreaterThan(relativeLuminance('#708499'));
  });

  it('takes another minimum', () => {
    expect(readableOn('#999999', ['#ffffff'], 2.5)).toBe('#999999');
    expect(readableOn('#999999', ['#ffffff'], 3)).not.toBe('#999999');
  });
});

describe('completeThemeParams', () => {
  it.each([
    ['light', TELEGRAM_LIGHT],
    ['dark', TELEGRAM_DARK],
  ] as const)('keeps a full %s theme exactly as Telegram sent it', (scheme, palette) => {
    expect(completeThemeParams(palette, scheme)).toEqual(palette);
  });

  it.each([
    ['light', TELEGRAM_LIGHT],
    ['dark', TELEGRAM_DARK],
  ] as const)('gives Telegram’s %s palette to a page with no theme', (scheme, palette) => {
    expect(completeThemeParams({}, scheme)).toEqual(palette);
    expect(completeThemeParams({ bg_color: 'not a colour' }, scheme)).toEqual(palette);
  });

  it('fills every key with a #rrggbb colour, whatever arrives', () => {
    const complete = completeThemeParams({ bg_color: '#123' }, 'dark');
    for (const key of THEME_PARAM_KEYS) expect(complete[key]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('gives a dark Bot API 6.0 client a dark secondary background, a shade off its page', () => {
    const complete = completeThemeParams(only(TELEGRAM_DARK, BOT_API_6_0_THEME_KEYS), 'dark');
    const secondary = complete.secondary_bg_color;
    expect(relativeLuminance(secondary)).toBeGreaterThan(relativeLuminance('#17212b'));
    expect(contrastRatio(secondary, '#17212b')).toBeLessThan(1.3);
    expect(contrastRatio(complete.text_color, secondary)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('gives a light Bot API 6.0 client a secondary background a shade darker than its page', () => {
    const complete = completeThemeParams(only(TELEGRAM_LIGHT, BOT_API_6_0_THEME_KEYS), 'light');
    expect(relativeLuminance(complete.secondary_bg_color)).toBeLessThan(1);
    expect(contrastRatio(complete.secondary_bg_color, '#ffffff')).toBeLessThan(1.3);
  });

  it.each([
    ['light', TELEGRAM_LIGHT],
    ['dark', TELEGRAM_DARK],
  ] as const)('makes every derived text colour read on every background, %s', (scheme, palette) => {
    const complete = completeThemeParams(only(palette, BOT_API_6_0_THEME_KEYS), scheme);
    const backgrounds = [
      complete.bg_color,
      complete.secondary_bg_color,
      complete.section_bg_color,
      complete.header_bg_color,
      complete.bottom_bar_bg_color,
    ];
    for (const key of [
      'text_color',
      'accent_text_color',
      'section_header_text_color',
      'subtitle_text_color',
    ] as const) {
      for (const background of backgrounds) {
        expect(contrastRatio(complete[key], background), key).toBeGreaterThanOrEqual(
          MIN_TEXT_CONTRAST,
        );
      }
    }
  });

  it('derives from what arrived, not from the scheme’s palette', () => {
    // A custom purple theme: the derived keys follow its colours.
    const complete = completeThemeParams(
      { bg_color: '#2b1a3d', text_color: '#ffffff', link_color: '#c9a0ff' },
      'dark',
    );
    expect(complete.secondary_bg_color).toBe(mixColors('#ffffff', '#2b1a3d', 0.06));
    expect(complete.accent_text_color).toBe('#c9a0ff');
    expect(complete.section_bg_color).toBe('#2b1a3d');
  });

  it('makes a missing text colour readable on the background that arrived', () => {
    const complete = completeThemeParams({ bg_color: '#101010' }, 'light');
    expect(contrastRatio(complete.text_color, '#101010')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('keeps white on a button while it reaches 3:1, else picks a readable label', () => {
    expect(completeThemeParams({ button_color: '#5288c1' }, 'dark').button_text_color).toBe(
      '#ffffff',
    );
    const pale = completeThemeParams({ button_color: '#f5e663' }, 'light').button_text_color;
    expect(contrastRatio(pale, '#f5e663')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('keeps a sent key even when it reads poorly: Telegram’s colours win', () => {
    expect(
      completeThemeParams({ bg_color: '#ffffff', subtitle_text_color: '#dddddd' }, 'light')
        .subtitle_text_color,
    ).toBe('#dddddd');
  });
});
