/**
 * Telegram's theme colours and the rule that fills the ones a client leaves out.
 *
 * Every client since Bot API 6.0 (the first with Mini Apps) sends the six keys of
 * {@link BOT_API_6_0_THEME_KEYS}; later versions added the rest, and an older client simply
 * omits them. {@link completeThemeParams} derives each missing key from the keys that did arrive,
 * so a dark client that sends no `secondary_bg_color` gets a dark secondary background, never a
 * light stylesheet default under its white text.
 */

/** The keys of Telegram's `themeParams`, each a `#rrggbb` colour. */
export const THEME_PARAM_KEYS = [
  'bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
  'secondary_bg_color',
  'header_bg_color',
  'bottom_bar_bg_color',
  'accent_text_color',
  'section_bg_color',
  'section_header_text_color',
  'section_separator_color',
  'subtitle_text_color',
  'destructive_text_color',
] as const;

/** One key of Telegram's `themeParams`. */
export type ThemeParamKey = (typeof THEME_PARAM_KEYS)[number];

/** Telegram's theme colours. Any key may be missing: older clients send fewer. */
export type ThemeParams = Partial<Record<ThemeParamKey, string>>;

/** Light or dark, as Telegram's `colorScheme`. */
export type ColorScheme = 'light' | 'dark';

/** The keys a Bot API 6.0 client sends; `secondary_bg_color` came in 6.1, the rest in 7.0+. */
export const BOT_API_6_0_THEME_KEYS = [
  'bg_color',
  'text_color',
  'hint_color',
  'link_color',
  'button_color',
  'button_text_color',
] as const satisfies readonly ThemeParamKey[];

/**
 * The light palette a Telegram client sends (iOS and macOS default day theme). Used by the
 * emulator, Storybook and as the source of the base keys when Telegram sends no theme.
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

// Telegram sends #rrggbb; anything else is a bug upstream and must not reach a stylesheet.
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Whether `value` is a CSS hex colour (`#rgb`, `#rrggbb` or `#rrggbbaa`). */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** Red, green and blue, 0 to 255 each. */
type Rgb = readonly number[];

/** The red, green and blue of a hex colour, 0 to 255 each (an alpha part is ignored). */
function toRgb(hex: string): Rgb {
  if (!isHexColor(hex)) throw new Error(`Not a hex colour: ${hex}`);
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join('') : hex.slice(1, 7);
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16));
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `weight` of `a` mixed with the rest of `b`, channel by channel in sRGB: what CSS's
 * `color-mix(in srgb, a <weight×100>%, b)` paints. `weight` is clamped to 0..1.
 */
export function mixColors(a: string, b: string, weight: number): string {
  const share = Math.min(1, Math.max(0, weight));
  const to = toRgb(b);
  return toHex(toRgb(a).map((channel, i) => channel * share + (to[i] ?? 0) * (1 - share)));
}

/**
 * Telegram's brightness below which a background is dark (the HSP model, 0 to 255): its own
 * script sets `colorScheme` to "dark" for a `bg_color` under it.
 */
export const DARK_BACKGROUND_BRIGHTNESS = 120;

/**
 * The scheme Telegram's script derives from a theme's `bg_color`, for code that runs before that
 * script (index.html's first frame): dark when its perceived brightness,
 * √(0.299·r² + 0.587·g² + 0.114·b²), is under {@link DARK_BACKGROUND_BRIGHTNESS}.
 */
export function colorSchemeOf(bgColor: string): ColorScheme {
  const [r = 0, g = 0, b = 0] = toRgb(bgColor);
  const brightness = Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b);
  return brightness < DARK_BACKGROUND_BRIGHTNESS ? 'dark' : 'light';
}

/** WCAG 2 relative luminance of a hex colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * `color` itself when it reads at `min` on every one of `backgrounds`; else `color` pulled
 * towards black (light backgrounds) or white (dark ones), just far enough. Keeps the hue as
 * long as it can.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  min: number = MIN_TEXT_CONTRAST,
): string {
  const worst = (candidate: string) =>
    Math.min(...backgrounds.map((background) => contrastRatio(candidate, background)));
  if (worst(color) >= min) return color;
  const darkest = Math.min(...backgrounds.map(relativeLuminance));
  const lightest = Math.max(...backgrounds.map(relativeLuminance));
  // Black reads worst on the darkest background, white on the lightest: take the one whose
  // worst case is better.
  const target = (darkest + 0.05) / 0.05 >= 1.05 / (lightest + 0.05) ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const candidate = mixColors(target, color, step / 20);
    if (worst(candidate) >= min) return candidate;
  }
  return target;
}

/** How far a derived background moves from `bg_color` towards `text_color`. */
const SECONDARY_BG_SHARE = 0.06;
/** How far a derived separator moves from `bg_color` towards `text_color`. */
const SEPARATOR_SHARE = 0.1;

/**
 * Every theme key, for a client that sent `params` (any subset, values not hex colours count as
 * missing). Keys that arrived are kept as they are: Telegram's colours win. Missing ones are
 * derived from the ones that arrived:
 *
 * - nothing at all (a page opened outside Telegram): Telegram's default palette for `scheme`;
 * - the six base keys: that palette's, with `text_color` and `button_text_color` made readable
 *   on what did arrive;
 * - backgrounds: `secondary_bg_color` is `bg_color` moved 6% towards `text_color` (lighter on
 *   dark, darker on light, as Telegram's own palettes), `bottom_bar_bg_color` the secondary one,
 *   `section_bg_color` and `header_bg_color` the page background;
 * - `section_separator_color`: `bg_color` moved 10% towards `text_color`;
 * - texts: `accent_text_color` and `section_header_text_color` from `link_color`,
 *   `subtitle_text_color` from `hint_color`, each pulled to {@link MIN_TEXT_CONTRAST} on every
 *   background when it falls short; `destructive_text_color` is Telegram's red for the scheme.
 */
export function completeThemeParams(
  params: ThemeParams,
  scheme: ColorScheme,
): Required<ThemeParams> {
  const sent = (key: ThemeParamKey): string | undefined => {
    const value = params[key];
    // As #rrggbb: a short form is spelled out, an alpha part dropped (Telegram sends none).
    return isHexColor(value) ? toHex(toRgb(value)) : undefined;
  };
  const palette = telegramPalette(scheme);
  // Nothing usable arrived (a page opened outside Telegram): Telegram's own palette, as is.
  if (!THEME_PARAM_KEYS.some((key) => sent(key) !== undefined)) return { ...palette };

  const bg = sent('bg_color') ?? palette.bg_color;
  const text = sent('text_color') ?? readableOn(palette.text_color, [bg]);
  const button = sent('button_color') ?? palette.button_color;
  const secondaryBg = sent('secondary_bg_color') ?? mixColors(text, bg, SECONDARY_BG_SHARE);
  const sectionBg = sent('section_bg_color') ?? bg;
  const headerBg = sent('header_bg_color') ?? bg;
  const bottomBarBg = sent('bottom_bar_bg_color') ?? secondaryBg;
  const backgrounds = [bg, secondaryBg, sectionBg, headerBg, bottomBarBg];
  const link = sent('link_color') ?? palette.link_color;
  const hint = sent('hint_color') ?? palette.hint_color;
  const derivedText = (key: ThemeParamKey, from: string) =>
    sent(key) ?? readableOn(from, backgrounds);

  return {
    bg_color: bg,
    text_color: text,
    hint_color: hint,
    link_color: link,
    button_color: button,
    // Telegram puts white on its buttons down to 3.7:1, so white stays while it is at least
    // large-text AA (3:1) on the button; else whichever of black and white reads better.
    button_text_color:
      sent('button_text_color') ??
      (contrastRatio('#ffffff', button) >= 3 ? '#ffffff' : readableOn('#ffffff', [button])),
    secondary_bg_color: secondaryBg,
    header_bg_color: headerBg,
    bottom_bar_bg_color: bottomBarBg,
    accent_text_color: derivedText('accent_text_color', link),
    section_bg_color: sectionBg,
    section_header_text_color: derivedText('section_header_text_color', link),
    section_separator_color:
      sent('section_separator_color') ?? mixColors(text, bg, SEPARATOR_SHARE),
    subtitle_text_color: derivedText('subtitle_text_color', hint),
    // Telegram's red as is: it is also the fill under white labels, and the tokens already pull
    // destructive text towards the text colour where it sits on a background.
    destructive_text_color: sent('destructive_text_color') ?? palette.destructive_text_color,
  };
}
