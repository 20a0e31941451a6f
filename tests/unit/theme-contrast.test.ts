/**
 * Every text/background pair the app paints stays readable whatever theme keys a Telegram client
 * sends. The themes go through the platform's own applyTheme (so core's fallbacks fill what is
 * missing), and the tokens are read from tokens.css itself and evaluated as a browser would
 * (`var()` with fallbacks, `color-mix(in srgb, …)`), so a change to either is checked here.
 */
import { readFileSync } from 'node:fs';
import {
  BOT_API_6_0_THEME_KEYS,
  type ColorScheme,
  completeThemeParams,
  contrastRatio,
  isHexColor,
  mixColors,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  THEME_PARAM_KEYS,
  type ThemeParamKey,
  type ThemeParams,
} from '@botdeck/core';
import { applyTheme } from '@botdeck/platform';
import { describe, expect, it } from 'vitest';

const TOKENS = readFileSync(
  new URL('../../packages/ui/src/styles/tokens.css', import.meta.url),
  'utf8',
).replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties declared in the first rule whose selector is exactly `selector`. */
function declarations(selector: string): Map<string, string> {
  const start = TOKENS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No ${selector} rule in tokens.css`);
  const body = TOKENS.slice(start + selector.length + 2, TOKENS.indexOf('}', start));
  return new Map(
    [...body.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((match) => [
      match[1] as string,
      (match[2] as string).trim(),
    ]),
  );
}

const ROOT = declarations(':root');
const DARK = declarations(':root[data-theme="dark"]');

/** Splits on commas outside parentheses. */
function splitArguments(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    if (char === '(') depth++;
    if (char === ')') depth--;
    current += char;
  }
  parts.push(current.trim());
  return parts;
}

/** `var(--x) 82%` as the colour expression and its share (undefined when none is written). */
function withShare(text: string): [string, number | undefined] {
  const match = /^(.*\S)\s+(\d+(?:\.\d+)?)%$/.exec(text);
  return match ? [match[1] as string, Number(match[2]) / 100] : [text, undefined];
}

type Variables = ReadonlyMap<string, string>;

/** The hex colour `expression` paints, given the document's variables. */
function evaluate(expression: string, variables: Variables): string {
  const text = expression.trim();
  if (isHexColor(text)) return mixColors(text, text, 1);
  const call = /^([a-z-]+)\((.*)\)$/s.exec(text);
  if (!call) throw new Error(`Cannot evaluate ${text}`);
  const [, name, inner] = call as unknown as [string, string, string];
  const args = splitArguments(inner);
  if (name === 'var') {
    const [variable, fallback] = args as [string, string | undefined];
    const value = variables.get(variable);
    if (value !== undefined) return evaluate(value, variables);
    if (fallback === undefined) throw new Error(`${variable} is not set and has no fallback`);
    return evaluate(fallback, variables);
  }
  if (name === 'color-mix' && args[0] === 'in srgb' && args.length === 3) {
    const [a, shareOfA] = withShare(args[1] as string);
    const [b, shareOfB] = withShare(args[2] as string);
    const share = shareOfA ?? (shareOfB === undefined ? 0.5 : 1 - shareOfB);
    return mixColors(evaluate(a, variables), evaluate(b, variables), share);
  }
  throw new Error(`Cannot evaluate ${text}`);
}

/** The document's variables after the platform applies `params`: --tg-theme-* and tokens. */
function documentVariables(params: ThemeParams, scheme: ColorScheme): Variables {
  const set = new Map<string, string>();
  const root = {
    style: {
      setProperty: (name: string, value: string) => set.set(name, value),
      removeProperty: (name: string) => set.delete(name),
    },
    setAttribute: () => undefined,
  } as unknown as HTMLElement;
  applyTheme(params, scheme, root);
  return new Map([...ROOT, ...(scheme === 'dark' ? DARK : []), ...set]);
}

const BACKGROUNDS = [
  '--bd-bg',
  '--bd-secondary-bg',
  '--bd-section-bg',
  '--bd-header-bg',
  '--bd-bottom-bar-bg',
] as const;

/**
 * Every text/background pair of the app, from the stylesheets (`color:` over `background:`).
 * All normal-size text, so all at WCAG AA 4.5:1; no pair relies on the 3:1 large-text allowance.
 * Left out: placeholders (`--bd-hint`, Telegram's own hint colour as Telegram shows it), the
 * spinner (`--bd-accent`, a graphic), the tone-coloured badges, and the secondary button's hover
 * tint (a passing state; 4.4:1 on Telegram's light palette, a design question of its own).
 */
const PAIRS: ReadonlyArray<readonly [text: string, background: string, min: number]> = [
  ...['--bd-text', '--bd-hint-text', '--bd-link-text', '--bd-destructive-text'].flatMap((text) =>
    BACKGROUNDS.map((background) => [`var(${text})`, `var(${background})`, 4.5] as const),
  ),
  // Saved, discount and suspended texts sit in sections and on the page.
  ...['--bd-success', '--bd-warning'].flatMap((text) =>
    ['--bd-bg', '--bd-section-bg'].map(
      (background) => [`var(${text})`, `var(${background})`, 4.5] as const,
    ),
  ),
  // Primary buttons, banners, icon buttons, the selected rows (button.module.css and others).
  ['var(--bd-accent-text)', 'var(--bd-accent-fill)', 4.5],
  ['var(--bd-accent-text)', 'color-mix(in srgb, var(--bd-accent-fill) 90%, #000)', 4.5],
  // Destructive buttons: white on the deepened red (button.module.css).
  ['#ffffff', 'var(--bd-destructive-fill)', 4.5],
  // Secondary buttons: link text on a tint of the button colour (button.module.css).
  ['var(--bd-link-text)', 'color-mix(in srgb, var(--bd-accent) 18%, var(--bd-bg))', 4.5],
];

/** Every pair below its minimum, as readable lines (empty when all pass). */
function failures(params: ThemeParams, scheme: ColorScheme): string[] {
  const variables = documentVariables(params, scheme);
  return PAIRS.flatMap(([text, background, min]) => {
    const ratio = contrastRatio(evaluate(text, variables), evaluate(background, variables));
    return ratio >= min ? [] : [`${text} on ${background}: ${ratio.toFixed(2)} < ${min}`];
  });
}

const only = (palette: ThemeParams, keys: readonly ThemeParamKey[]): ThemeParams =>
  Object.fromEntries(keys.map((key) => [key, palette[key]]));

const PALETTES = [
  ['light', TELEGRAM_LIGHT],
  ['dark', TELEGRAM_DARK],
] as const;

describe('theme contrast', () => {
  it.each(PALETTES)('a Bot API 6.0 client (six keys), %s: every pair reads', (scheme, palette) => {
    expect(failures(only(palette, BOT_API_6_0_THEME_KEYS), scheme)).toEqual([]);
  });

  it.each(PALETTES)('a Bot API 8.0 client (all keys), %s: every pair reads', (scheme, palette) => {
    expect(failures(palette, scheme)).toEqual([]);
  });

  it.each(PALETTES)('a page with no theme, %s: every pair reads', (scheme) => {
    expect(failures({}, scheme)).toEqual([]);
  });

  it.each(PALETTES)(
    'the six base keys plus any subset of the newer nine, %s',
    (scheme, palette) => {
      const newer = THEME_PARAM_KEYS.filter(
        (key) => !(BOT_API_6_0_THEME_KEYS as readonly string[]).includes(key),
      );
      const all: string[] = [];
      for (let mask = 0; mask < 2 ** newer.length; mask++) {
        const keys = [...BOT_API_6_0_THEME_KEYS, ...newer.filter((_, i) => mask & (2 ** i))];
        all.push(
          ...failures(only(palette, keys), scheme).map((line) => `${keys.join(' ')}: ${line}`),
        );
      }
      expect(all).toEqual([]);
    },
  );

  it('catches an unreadable pair (the reported bug: white heading on the light fallback)', () => {
    // What a dark 6.0 client got before: no secondary_bg_color, so the light stylesheet default.
    const variables = documentVariables(only(TELEGRAM_DARK, BOT_API_6_0_THEME_KEYS), 'dark');
    const before = new Map(variables);
    before.set('--tg-theme-secondary-bg-color', '#f0f0f0');
    const ratio = contrastRatio(
      evaluate('var(--bd-text)', before),
      evaluate('var(--bd-secondary-bg)', before),
    );
    expect(ratio).toBeLessThan(1.2);
  });
});

describe('tokens.css fallbacks', () => {
  it('are what core gives a page with no theme, so the two never disagree', () => {
    const light = completeThemeParams({}, 'light');
    const fallbacks = new Map<string, string>();
    for (const value of ROOT.values()) {
      const match = /^var\((--tg-theme-[a-z-]+),\s*(#[0-9a-f]+)\)$/i.exec(value);
      if (match) fallbacks.set(match[1] as string, (match[2] as string).toLowerCase());
    }
    const expected = Object.fromEntries(
      THEME_PARAM_KEYS.filter((key) => key !== 'accent_text_color').map((key) => [
        `--tg-theme-${key.replaceAll('_', '-')}`,
        light[key],
      ]),
    );
    expect(Object.fromEntries(fallbacks)).toEqual(expected);
  });
});
