import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { breakingValue, fits, fittingValue, longText } from './zod-arbitraries';

/**
 * The deriver of zod-arbitraries.ts on schema kinds the contract does not use yet
 * (the contract's own are covered by tests/unit/hostile-answers.test.ts, where an answer that
 * should fit and does not, or should break and does not, fails the call's property): what it
 * calls fitting survives JSON and fits, what it calls breaking is refused.
 */

const item = z.object({ name: z.string(), tags: z.array(z.string()) });
const SCHEMAS: Record<string, z.core.$ZodType> = {
  'string with length bounds': z.string().check(z.minLength(2), z.maxLength(5)),
  'exact length': z.string().check(z.length(3)),
  'regex string': z.string().check(z.regex(/^[a-z]{2,4}-\d$/)),
  email: z.email(),
  'number between exclusive bounds': z.number().check(z.gt(0), z.lt(1)),
  int32: z.int32(),
  'negative int': z.int().check(z.negative()),
  'literal of many values': z.literal(['a', 1, true]),
  enum: z.enum(['Ban', 'Filter']),
  'tuple with rest': z.tuple([z.string(), z.int()], z.boolean()),
  'record of strings': z.record(z.string(), z.int()),
  'record over an enum': z.record(z.enum(['a', 'b']), z.boolean()),
  'discriminated union': z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), text: z.string() }),
    z.object({ type: z.literal('count'), count: z.int() }),
  ]),
  'union of objects': z.union([item, z.object({ id: z.int() })]),
  'strict object': z.strictObject({ a: z.string(), b: z.optional(z.int()) }),
  'loose object': z.looseObject({ id: z.int() }),
  'nullish and default': z.object({ a: z.nullish(z.string()), b: z._default(z.int(), 3) }),
  'array with length bounds': z.array(item).check(z.minLength(1), z.maxLength(3)),
  'pipe into a transform': z.pipe(
    z.string(),
    z.transform((text) => text.length),
  ),
  readonly: z.readonly(z.object({ a: z.boolean() })),
};

const jsonRoundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('zod-arbitraries', () => {
  it.each(Object.entries(SCHEMAS))('%s: fitting values fit, after JSON too', (_name, schema) => {
    fc.assert(
      fc.property(fittingValue(schema, { longText: 100 }), (value) => {
        expect(fits(schema, jsonRoundTrip(value))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it.each(Object.entries(SCHEMAS))('%s: breaking values are refused', (_name, schema) => {
    const breaking = breakingValue(schema);
    if (!breaking) throw new Error('no breaking values');
    fc.assert(
      fc.property(breaking, (value) => {
        expect(fits(schema, value)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('makes long lists of the given length and long texts of the given length', () => {
    const schema = z.object({ items: z.array(item), name: z.string() });
    const values = fc.sample(fittingValue(schema, { longList: 300 }), 100) as Array<{
      items: unknown[];
    }>;
    expect(values.some((value) => value.items.length === 300)).toBe(true);
    const texts = fc.sample(fittingValue(z.string(), { longText: 4_096 }), 200);
    expect(texts).toContain(longText(4_096));
    // Characters as zod counts them: code points.
    expect([...longText(4_096)]).toHaveLength(4_096);
  });

  it('finds nothing to break in a schema that takes anything', () => {
    expect(breakingValue(z.unknown())).toBeNull();
  });

  it('refuses a kind it does not know, by name', () => {
    expect(() => fittingValue(z.date())).toThrow('"date"');
    expect(() => fittingValue(z.int().check(z.multipleOf(5)))).toThrow('multiple_of');
  });
});
