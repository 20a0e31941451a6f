import fc from 'fast-check';
import * as z from 'zod/mini';

/**
 * fast-check arbitraries derived from a zod 4 (or zod/mini) schema, for fuzzing what the app does
 * with the answers of its calls: values that fit the schema, leaning to its edges, and values
 * that break it in one place. No library derives them from zod 4 (zod-fast-check 0.10.1, the
 * one there is, wants zod 3 and fast-check 3), so this walks `schema._zod.def` itself. Every value is plain JSON (no
 * `undefined` inside arrays, no NaN or Infinity), so it survives `JSON.stringify` unchanged.
 * Development only: the hostile-answers story and `tests/unit/hostile-answers.test.ts`.
 *
 * A schema kind it does not know throws at once, so a new kind in the contract is noticed rather
 * than silently generated as nothing.
 */

type Schema = z.core.$ZodType;

/** What this walker reads of a schema's `_zod.def` (zod's own type is a wide union). */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  options?: readonly Schema[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  in?: Schema;
  out?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
  keyType?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
  checks?: readonly { _zod: { def: CheckDef } }[];
  /** z.int() and its kin are a number schema and a check at once. */
  check?: string;
  format?: string;
  pattern?: RegExp;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

/**
 * One extreme at a time, so a value stays a size a test can afford: without options lists hold
 * up to 20 items and texts up to 40 characters.
 */
export interface DeriveOptions {
  /**
   * The outermost lists are mostly this long (a few generated items repeated); their items then
   * hold short texts and at most one item in their own lists.
   */
  longList?: number;
  /** Texts are now and then this long; lists then keep to 3 items. */
  longText?: number;
}

/** Where in the value the walker is, and what it may still make there. */
interface Context {
  /** The length of a long list here; 0 where none may be made. */
  longList: number;
  /** The length of a long text; 0 when none are made. */
  longText: number;
  /** The most items a list here holds (besides a long list). */
  listMax: number;
  depth: number;
}

function contextOf(options: DeriveOptions): Context {
  return {
    longList: options.longList ?? 0,
    longText: options.longText ?? 0,
    listMax: options.longText ? 3 : 20,
    depth: 0,
  };
}

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

const checksOf = (def: Def): CheckDef[] => [
  ...(def.check ? [def as unknown as CheckDef] : []),
  ...(def.checks ?? []).map((check) => check._zod.def),
];

function unsupported(def: Def): never {
  throw new Error(`zod-arbitraries: no arbitrary for a schema of type "${def.type}"`);
}

/** Whether `value` passes `schema`. */
export const fits = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

// --- Text ------------------------------------------------------------------------------------

/**
 * Texts a server could send that a screen might draw badly: right-to-left and mixed direction,
 * emoji sequences, zero-width and direction-control characters, combining marks, markup, i18n
 * placeholders, whitespace alone.
 */
export const EXTREME_TEXTS: readonly string[] = [
  '',
  ' ',
  '   \t\n ',
  'x',
  'مرحبا بكم في المتجر',
  'שלום עולם',
  'Shop متجر 42 🛒 end',
  'abc \u202Eevil.exe\u202C def',
  '\u200B',
  'a\u200Db\u200Cc\uFEFFd\u2060e',
  '👩‍👩‍👧‍👦🏳️‍🌈🇸🇦🧑🏽‍🚀',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0336\u0321a\u0335\u0322l\u0334\u0323g\u0337\u0324o\u0338',
  '<img src=x onerror=alert(1)><b>bold</b>',
  '{{name}} {{count}} %s $1',
  'line one\nline two\r\n\ttabbed',
  '\uD800 lone surrogate',
  '__proto__',
  'null',
  '0',
];

/**
 * A text of exactly `length` characters (code points, as zod counts a string's length) mixing
 * scripts, emoji and invisible characters.
 */
export function longText(length: number): string {
  const unit = [...'Long نص طويل 😀\u200B名前 '];
  return Array.from({ length }, (_, i) => unit[i % unit.length]).join('');
}

function textArbitrary(schema: Schema, def: Def, context: Context): fc.Arbitrary<string> {
  const format = checksOf(def).find((check) => check.check === 'string_format');
  // A format's own generator, kept to what the schema's pattern and lengths take.
  if (format) return formatted(format).filter((text) => fits(schema, text));
  const { min, max } = lengthBounds(def);
  // zod counts a string's length in code points.
  const fit = (text: string) => {
    const points = [...text].slice(0, max);
    while (points.length < min) points.push('x');
    return points.join('');
  };
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(...EXTREME_TEXTS), weight: 4 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
      { arbitrary: fc.string({ maxLength: 12 }), weight: 2 },
      { arbitrary: fc.constant(longText(context.longText)), weight: context.longText ? 3 : 0 },
    )
    .map(fit);
}

function formatted(check: CheckDef): fc.Arbitrary<string> {
  switch (check.format) {
    case 'regex':
      if (!check.pattern) break;
      return fc.stringMatching(check.pattern);
    case 'email':
      return fc.emailAddress();
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
  }
  throw new Error(`zod-arbitraries: no arbitrary for the string format "${check.format}"`);
}

// --- Numbers ---------------------------------------------------------------------------------

interface Bounds {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  integer: boolean;
}

const FORMAT_BOUNDS: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = {
    min: -Number.MAX_VALUE,
    max: Number.MAX_VALUE,
    minExcluded: false,
    maxExcluded: false,
    integer: false,
  };
  for (const check of checksOf(def)) {
    const value = check.value ?? 0;
    if (check.check === 'number_format') {
      const range = FORMAT_BOUNDS[check.format ?? ''];
      if (!range) throw new Error(`zod-arbitraries: no arbitrary for the format "${check.format}"`);
      bounds.integer ||= !check.format?.startsWith('float');
      if (range[0] > bounds.min) bounds.min = range[0];
      if (range[1] < bounds.max) bounds.max = range[1];
    } else if (check.check === 'greater_than' && value >= bounds.min) {
      bounds.min = value;
      bounds.minExcluded = check.inclusive === false;
    } else if (check.check === 'less_than' && value <= bounds.max) {
      bounds.max = value;
      bounds.maxExcluded = check.inclusive === false;
    } else if (check.check !== 'greater_than' && check.check !== 'less_than') {
      throw new Error(`zod-arbitraries: no arbitrary for the number check "${check.check}"`);
    }
  }
  if (bounds.integer) {
    if (bounds.minExcluded) bounds.min = Math.floor(bounds.min) + 1;
    if (bounds.maxExcluded) bounds.max = Math.ceil(bounds.max) - 1;
    bounds.min = Math.ceil(bounds.min);
    bounds.max = Math.floor(bounds.max);
    bounds.minExcluded = bounds.maxExcluded = false;
  }
  return bounds;
}

const inBounds = (bounds: Bounds) => (value: number) =>
  (bounds.minExcluded ? value > bounds.min : value >= bounds.min) &&
  (bounds.maxExcluded ? value < bounds.max : value <= bounds.max) &&
  (!bounds.integer || Number.isInteger(value));

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const bounds = boundsOf(def);
  const edges = [
    bounds.min,
    bounds.max,
    0,
    1,
    -1,
    bounds.min + 1,
    bounds.max - 1,
    ...(bounds.integer ? [] : [0.5, -0.5, 1e-9, 123.456]),
  ].filter(inBounds(bounds));
  const spread = bounds.integer
    ? fc.integer({ min: bounds.min, max: bounds.max })
    : fc.double({
        min: bounds.min,
        max: bounds.max,
        minExcluded: bounds.minExcluded,
        maxExcluded: bounds.maxExcluded,
        noNaN: true,
        noDefaultInfinity: true,
      });
  // -0 is written as 0 in JSON, so it is no edge of its own.
  const plain = spread.map((value) => (Object.is(value, -0) ? 0 : value));
  return edges.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...edges), weight: 1 }, { arbitrary: plain, weight: 2 })
    : plain;
}

// --- Fitting values --------------------------------------------------------------------------

/**
 * Values that fit `schema`, biased to its extremes: empty and long lists, empty, long,
 * right-to-left, emoji and zero-width texts, the bounds of numbers, optional fields absent and
 * nullable ones null.
 */
export function fittingValue(schema: Schema, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  return fitting(schema, contextOf(options));
}

function fitting(schema: Schema, context: Context): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = { ...context, depth: context.depth + 1 };
  switch (def.type) {
    case 'string':
      return textArbitrary(schema, def, context);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'nullable':
      return fc.oneof(
        { arbitrary: fc.constant(null), weight: 1 },
        { arbitrary: fitting(need(def.innerType, def), inner), weight: 3 },
      );
    case 'optional':
      // Outside an object (whose keys are left out instead) absent is `null` in JSON: fit only.
      return fitting(need(def.innerType, def), inner);
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fitting(need(def.innerType, def), inner);
    case 'pipe':
      return fitting(need(def.in, def), inner);
    case 'lazy':
      return fitting(need(def.getter, def)(), inner);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => fitting(option, inner)));
    case 'object':
      return objectArbitrary(def, inner);
    case 'array':
      return listArbitrary(def, inner);
    case 'tuple':
      return fc
        .tuple(
          fc.tuple(...(def.items ?? []).map((item) => fitting(item, inner))),
          def.rest ? fc.array(fitting(def.rest, inner), { maxLength: 3 }) : fc.constant([]),
        )
        .map(([items, rest]) => [...items, ...rest]);
    case 'record':
      return recordArbitrary(def, inner);
  }
  return unsupported(def);
}

function need<T>(part: T | undefined, def: Def): T {
  if (part === undefined) return unsupported(def);
  return part;
}

/** A key the answer may leave out. */
const optionalKey = (schema: Schema) => schema._zod.optin === 'optional';

/** Names no schema of the contract uses, some of them JavaScript's own. */
const EXTRA_KEYS = ['unexpected', '__proto__', 'constructor', 'toString', '', '💥', 'x'.repeat(64)];

/** Sets an own property, even one named `__proto__` (plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function objectArbitrary(def: Def, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const requiredKeys = keys.filter((key) => !optionalKey(need(shape[key], def)));
  const recordWith = (longAt: string | null) =>
    fc.record(
      Object.fromEntries(
        keys.map((key) => [
          key,
          fitting(need(shape[key], def), key === longAt ? context : { ...context, longList: 0 }),
        ]),
      ),
      {
        requiredKeys:
          longAt && !requiredKeys.includes(longAt) ? [...requiredKeys, longAt] : requiredKeys,
      },
    );
  // One field at a time carries the long list: three lists of 10,000 would triple the cost and
  // test nothing more.
  const listKeys =
    context.longList > 0 ? keys.filter((key) => holdsList(need(shape[key], def))) : [];
  const base = listKeys.length > 0 ? fc.oneof(...listKeys.map(recordWith)) : recordWith(null);
  const catchall = def.catchall ? defOf(def.catchall).type : 'never';
  if (catchall === 'never' || !def.catchall) return base;
  // A loose object keeps what it does not know: give it some of that.
  const extra = fc.dictionary(fc.constantFrom(...EXTRA_KEYS), fitting(def.catchall, context), {
    maxKeys: 2,
  });
  return fc.tuple(base, extra).map(([known, more]) => {
    const out = { ...known };
    for (const [key, value] of Object.entries(more))
      if (!Object.hasOwn(shape, key)) setOwn(out, key, value);
    return out;
  });
}

/** Whether a value of `schema` can hold a list. */
function holdsList(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'array' || def.type === 'tuple') return true;
  const parts = [
    def.innerType,
    def.in,
    def.valueType,
    def.catchall,
    def.getter?.(),
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
  ];
  return parts.some((part) => part !== undefined && holdsList(part, seen));
}

/** The length a string's or a list's checks allow; any other check of a list is unknown. */
function lengthBounds(def: Def) {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    else if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    else if (check.check === 'length_equals') min = max = check.length ?? 0;
    else if (def.type !== 'string' || check.check !== 'string_format')
      throw new Error(`zod-arbitraries: no arbitrary for the ${def.type} check "${check.check}"`);
  }
  return { min, max };
}

function listArbitrary(def: Def, context: Context): fc.Arbitrary<unknown[]> {
  const element = need(def.element, def);
  const { min, max } = lengthBounds(def);
  // Lists inside a list's items stay short, and only the outermost lists may be long.
  const item = fitting(element, { ...context, longList: 0, listMax: Math.min(context.listMax, 5) });
  const between = (low: number, high: number) => {
    const maxLength = Math.max(min, Math.min(max, high, context.listMax));
    return fc.array(item, { minLength: Math.min(Math.max(min, low), maxLength), maxLength });
  };
  // Deep in a value, lists stay as short as they may so a schema that nests itself ends.
  if (context.depth > 8) return between(min, min);
  const ways = [
    { arbitrary: between(min, min), weight: 3 },
    { arbitrary: between(1, 3), weight: 5 },
    { arbitrary: between(4, 20), weight: context.listMax > 3 ? 2 : 0 },
  ];
  const long = Math.min(max, context.longList);
  if (long <= 20) return fc.oneof(...ways);
  // A few generated items repeated: quick to make, and duplicates are part of the test. Their
  // items hold short texts and at most one item in their own lists.
  const few = fitting(element, { ...context, longList: 0, longText: 0, listMax: 1 });
  const longList = fc
    .array(few, { minLength: 1, maxLength: 3 })
    .map((seed) => Array.from({ length: long }, (_, i) => seed[i % seed.length]));
  return fc.oneof(...ways, { arbitrary: longList, weight: 30 });
}

function recordArbitrary(def: Def, context: Context): fc.Arbitrary<Record<string, unknown>> {
  const keyType = need(def.keyType, def);
  const value = fitting(need(def.valueType, def), context);
  const keyDef = defOf(keyType);
  if (keyDef.type === 'enum') {
    // zod 4 wants every key of an enum-keyed record.
    const keys = Object.values(keyDef.entries ?? {}).map(String);
    return fc.record(Object.fromEntries(keys.map((key) => [key, value])));
  }
  return fc
    .array(fc.tuple(fitting(keyType, context) as fc.Arbitrary<string>, value), { maxLength: 5 })
    .map((pairs) => {
      const out: Record<string, unknown> = {};
      for (const [key, item] of pairs) setOwn(out, String(key), item);
      return out;
    });
}

// --- Breaking values -------------------------------------------------------------------------

/** Values of every JSON type, for "the wrong type here". */
const OTHER_TYPES: readonly unknown[] = [42, -1.5, 'text', '', true, false, [], {}, [1, 'a']];

/**
 * Values that `schema` refuses, each broken in one place of an otherwise fitting value: a
 * required field left out, a wrong type, `null` where none is allowed, a number out of range or
 * not whole, a text or list of the wrong length, an enum value that is not one. Null when the
 * schema accepts anything (`z.unknown()`).
 */
export function breakingValue(
  schema: Schema,
  options: DeriveOptions = {},
): fc.Arbitrary<unknown> | null {
  const context = contextOf(options);
  // Built to break; the filter only guards against a union that happens to take it anyway.
  return breaking(schema, context, false)?.filter((value) => !fits(schema, value)) ?? null;
}

function othersThan(schema: Schema, nullOk: boolean, extra: readonly unknown[] = []) {
  const candidates = [...OTHER_TYPES, ...extra, ...(nullOk ? [] : [null])].filter(
    (value) => !fits(schema, value),
  );
  return fc.constantFrom(...candidates);
}

function breaking(schema: Schema, context: Context, nullOk: boolean): fc.Arbitrary<unknown> | null {
  const def = defOf(schema);
  const inner = { ...context, depth: context.depth + 1 };
  switch (def.type) {
    case 'string': {
      const { min, max } = lengthBounds(def);
      const wrongLength = [
        ...(min > 0 ? ['x'.repeat(min - 1)] : []),
        ...(Number.isFinite(max) ? ['x'.repeat(max + 1)] : []),
      ];
      return othersThan(schema, nullOk, wrongLength);
    }
    case 'number':
    case 'int': {
      const bounds = boundsOf(def);
      const outside = [
        '12',
        'NaN',
        bounds.min - 1,
        bounds.max + 1,
        ...(bounds.integer ? [0.5, 2 ** 53, -(2 ** 53)] : []),
      ].filter((value) => typeof value === 'string' || Number.isFinite(value));
      return othersThan(schema, nullOk, outside);
    }
    case 'boolean':
      return othersThan(schema, nullOk, ['true', 'false', 1, 0]);
    case 'null':
      return othersThan(schema, true, [0, 'null']);
    case 'enum': {
      const values = Object.values(def.entries ?? {}).map(String);
      return othersThan(schema, nullOk, [
        ...values.map((value) => value.toUpperCase()),
        ...values.map((value) => ` ${value}`),
        'unknown',
      ]);
    }
    case 'literal':
      return othersThan(
        schema,
        nullOk,
        (def.values ?? []).map((value) => `${String(value)}!`),
      );
    case 'unknown':
    case 'any':
    case 'catch':
      return null;
    case 'nullable':
      return breaking(need(def.innerType, def), inner, true);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return breaking(need(def.innerType, def), inner, nullOk);
    case 'pipe':
      return breaking(need(def.in, def), inner, nullOk);
    case 'lazy':
      return breaking(need(def.getter, def)(), inner, nullOk);
    case 'union': {
      const broken = (def.options ?? [])
        .map((option) => breaking(option, inner, nullOk))
        .filter((arbitrary): arbitrary is fc.Arbitrary<unknown> => arbitrary !== null);
      return fc.oneof(othersThan(schema, nullOk), ...broken);
    }
    case 'object':
      return brokenObject(schema, def, inner, nullOk);
    case 'array':
      return brokenList(schema, def, inner, nullOk);
    case 'tuple': {
      const items = def.items ?? [];
      const whole = fitting(schema, inner) as fc.Arbitrary<unknown[]>;
      const short = items.length > 0 ? [whole.map((value) => value.slice(0, -1))] : [];
      return fc.oneof(othersThan(schema, nullOk), ...short);
    }
    case 'record': {
      const value = breaking(need(def.valueType, def), inner, false);
      const entry = value ? [fc.record({ key: value })] : [];
      return fc.oneof(othersThan(schema, nullOk, [[], 'text']), ...entry);
    }
  }
  return unsupported(def);
}

function brokenObject(schema: Schema, def: Def, context: Context, nullOk: boolean) {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const whole = objectArbitrary(def, context);
  const ways: fc.Arbitrary<unknown>[] = [othersThan(schema, nullOk, [[{}]])];
  const required = keys.filter((key) => !optionalKey(need(shape[key], def)));
  if (required.length > 0) {
    // A required field left out.
    ways.push(
      fc.tuple(whole, fc.constantFrom(...required)).map(([value, key]) => {
        const out = { ...value };
        delete out[key];
        return out;
      }),
    );
  }
  const breakable = keys
    .map((key) => [key, breaking(need(shape[key], def), context, false)] as const)
    .filter((pair): pair is readonly [string, fc.Arbitrary<unknown>] => pair[1] !== null);
  if (breakable.length > 0) {
    // One field broken, the rest as they should be.
    ways.push(
      fc
        .tuple(whole, fc.oneof(...breakable.map(([key, bad]) => bad.map((value) => [key, value]))))
        .map(([value, [key, bad]]) => ({ ...value, [key as string]: bad })),
    );
  }
  return fc.oneof(...ways);
}

function brokenList(schema: Schema, def: Def, context: Context, nullOk: boolean) {
  const element = need(def.element, def);
  const { min, max } = lengthBounds(def);
  const item = fitting(element, context);
  const ways: fc.Arbitrary<unknown>[] = [othersThan(schema, nullOk, [{ 0: 'a' }])];
  const bad = breaking(element, context, false);
  if (bad && max > 0) {
    // One element broken among fitting ones.
    ways.push(
      fc
        .tuple(
          fc.array(item, { maxLength: Math.min(3, max - 1) }),
          bad,
          fc.array(item, { maxLength: Math.min(3, Math.max(0, max - 4)) }),
        )
        .map(([before, broken, after]) => [...before, broken, ...after]),
    );
  }
  if (min > 0) ways.push(fc.array(item, { maxLength: min - 1 }));
  if (Number.isFinite(max)) ways.push(fc.array(item, { minLength: max + 1, maxLength: max + 3 }));
  return fc.oneof(...ways);
}
