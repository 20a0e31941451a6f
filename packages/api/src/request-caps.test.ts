import { REQUEST_CAPS } from '@botdeck/core';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { ENDPOINTS } from './endpoints';
import { allEndpoints } from './openapi';

/**
 * SERVER.md section 2: every string and every list of every request has a length cap in its
 * schema. The request schemas are walked through zod's own definitions, so a field added
 * without a cap fails here without anyone listing it.
 */

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: readonly Schema[];
  in?: Schema;
  entries?: Record<string, string>;
  values?: readonly unknown[];
  checks?: readonly { _zod: { def: { check: string; maximum?: number; minimum?: number } } }[];
}
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The most characters or items `schema` accepts, from its max_length check. */
function capOf(schema: Schema): number | undefined {
  const check = defOf(schema).checks?.find((c) => c._zod.def.check === 'max_length');
  return check?._zod.def.maximum;
}

/** A place in a request: the path to it and its schema. */
interface Place {
  path: (string | number)[];
  schema: Schema;
}

/** Every string and list a request may hold, with where it sits in a request. */
function placesIn(schema: Schema, path: (string | number)[] = []): Place[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) =>
        placesIn(field, [...path, key]),
      );
    case 'array':
      return [{ path, schema }, ...placesIn(def.element as Schema, [...path, 0])];
    case 'optional':
    case 'nullable':
      return placesIn(def.innerType as Schema, path);
    case 'union':
      return (def.options ?? []).flatMap((option) => placesIn(option, path));
    case 'pipe':
      return placesIn(def.in as Schema, path);
    case 'string':
      return [{ path, schema }];
    default:
      return [];
  }
}

/**
 * The smallest request `schema` accepts: every field present, strings as short as allowed
 * (digits where a pattern asks for them), lists empty, the first of each choice.
 */
function smallest(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, smallest(field)]),
      );
    case 'array':
      return [];
    case 'optional':
    case 'nullable':
      return smallest(def.innerType as Schema);
    case 'union':
      return smallest((def.options ?? [])[0] as Schema);
    case 'pipe':
      return smallest(def.in as Schema);
    case 'string': {
      const min = def.checks?.find((c) => c._zod.def.check === 'min_length')?._zod.def.minimum;
      return '1'.repeat(min ?? 1);
    }
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    default:
      return 1;
  }
}

/** `value` with `replacement` put at `path`: a list there becomes one holding it. */
function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (typeof head === 'number') return [withAt(undefined, rest, replacement)];
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head]: withAt(record[head], rest, replacement) };
}

/** A valid element for a list at `place`, to fill it past its cap. */
function element(place: Place): unknown {
  return smallest(defOf(place.schema).element as Schema);
}

const REQUESTS = allEndpoints().filter(
  ([, endpoint], index, all) =>
    all.findIndex(([, other]) => other.request === endpoint.request) === index,
);

describe.each(REQUESTS)('the request of %s', (_name, endpoint) => {
  const places = placesIn(endpoint.request);
  const base = smallest(endpoint.request);

  it('is met by the smallest request this test builds', () => {
    const parsed = endpoint.request.safeParse(base);
    expect(parsed.success ? null : parsed.error.issues).toBeNull();
  });

  it.each(places.map((place) => [place.path.join('.') || '(root)', place] as const))(
    'caps %s',
    (_path, place) => {
      const cap = capOf(place.schema);
      expect(cap).toBeTypeOf('number');
      const max = cap as number;
      const over =
        defOf(place.schema).type === 'array'
          ? Array.from({ length: max + 1 }, () => element(place))
          : '1'.repeat(max + 1);
      const atCap =
        defOf(place.schema).type === 'array'
          ? Array.from({ length: max }, () => element(place))
          : '1'.repeat(max);
      const parse = (value: unknown) => endpoint.request.safeParse(withAt(base, place.path, value));
      const refused = parse(over);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toContain(
        place.path.join('.'),
      );
      // The cap itself is allowed by the cap; a rule may still refuse it for other reasons.
      const kept = parse(atCap);
      expect(
        kept.error?.issues.filter(
          (issue) => issue.code === 'too_big' && issue.path.join('.') === place.path.join('.'),
        ) ?? [],
      ).toEqual([]);
    },
  );
});

describe('an advanced save', () => {
  it('refuses 4,000 allowed links in one save (the schema, before any rule)', () => {
    const links = Array.from({ length: 4000 }, (_, i) => `site${i}.example.com`);
    const base = smallest(ENDPOINTS.saveAdvanced.request) as Record<string, unknown>;
    const request = withAt(base, ['advanced', 'links', 'allowed'], links);
    const parsed = ENDPOINTS.saveAdvanced.request.safeParse(request);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['advanced', 'links', 'allowed']);
    expect(REQUEST_CAPS.allowedLinks).toBeLessThan(4000);
  });
});
