import type { ApiErrorKind } from '@botdeck/api';
import { hasVisibleText } from '@botdeck/core';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { breakingValue, EXTREME_TEXTS, fittingValue, longText } from './zod-arbitraries';

/**
 * Answers a server, a proxy or a broken network could give to one call, as fast-check
 * arbitraries: answers that fit the call's schema but sit at its extremes, answers that break it,
 * `success: false` in every shape, and what comes back when no API answers at all (an HTML error
 * page, an empty body, 429/500/502 with and without JSON). Each says what the client must make
 * of it (packages/api/src/errors.ts), so the client's tests and the screens' stories judge the
 * same answers. Development only.
 */

/** What the client must make of an answer: its parsed data, or an ApiError of this kind. */
export type Outcome = 'data' | ApiErrorKind;

export interface HostileAnswer {
  /** What kind of answer it is, for the figures: `fits`, `breaks`, `success:false`, … */
  label: string;
  status: number;
  /** The body as it travels; null for none. */
  body: string | null;
  contentType: string;
  expect: Outcome;
  /** For `server`: the message the app must show (null: its generic one), nav and close. */
  failure?: { msg: string | null; nav: boolean; close: boolean };
}

export interface HostileOptions {
  /** The length of long lists (10,000 unless given). */
  longList?: number;
  /** The length of long texts (4,096 unless given). */
  longText?: number;
  /** How often long lists come, out of about 420 answers (1 unless given). */
  longLists?: number;
}

/** The answer as fetch hands it over. */
export function responseOf(answer: HostileAnswer): Response {
  // 204 and 304 carry no body whatever is given.
  const body = answer.status === 204 || answer.status === 304 ? null : answer.body;
  return new Response(body, {
    status: answer.status,
    headers: { 'Content-Type': answer.contentType },
  });
}

const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_TYPE = 'text/plain';

const html = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`;

/** What comes back when the API itself did not answer, or answered outside the contract. */
function transportAnswers(fitting: fc.Arbitrary<string>): fc.Arbitrary<HostileAnswer> {
  const fixed: HostileAnswer[] = [
    { label: 'empty body', status: 200, body: '', contentType: JSON_TYPE, expect: 'contract' },
    { label: 'no content', status: 204, body: null, contentType: JSON_TYPE, expect: 'contract' },
    {
      label: 'HTML page',
      status: 200,
      body: html('Welcome'),
      contentType: HTML_TYPE,
      expect: 'contract',
    },
    { label: 'not JSON', status: 200, body: 'OK', contentType: TEXT_TYPE, expect: 'contract' },
    {
      label: 'cut-off JSON',
      status: 200,
      body: '{"success": true, "bo',
      contentType: JSON_TYPE,
      expect: 'contract',
    },
    {
      label: '500 without JSON',
      status: 500,
      body: 'Internal Server Error',
      contentType: TEXT_TYPE,
      expect: 'http',
    },
    { label: '500 empty', status: 500, body: '', contentType: TEXT_TYPE, expect: 'http' },
    {
      label: '500 with JSON',
      status: 500,
      body: '{"error":"Internal Server Error"}',
      contentType: JSON_TYPE,
      expect: 'http',
    },
    {
      label: '502 HTML page',
      status: 502,
      body: html('502 Bad Gateway'),
      contentType: HTML_TYPE,
      expect: 'http',
    },
    {
      label: '502 with JSON',
      status: 502,
      body: '{"message":"Bad gateway"}',
      contentType: JSON_TYPE,
      expect: 'http',
    },
    {
      label: '503 HTML page',
      status: 503,
      body: html('503 Service Temporarily Unavailable'),
      contentType: HTML_TYPE,
      expect: 'http',
    },
    {
      label: '429 without JSON',
      status: 429,
      body: 'Too Many Requests',
      contentType: TEXT_TYPE,
      expect: 'rate',
    },
    {
      label: '429 with JSON',
      status: 429,
      body: '{"ok":false,"error_code":429,"parameters":{"retry_after":5}}',
      contentType: JSON_TYPE,
      expect: 'rate',
    },
    {
      label: '404 HTML page',
      status: 404,
      body: html('404 Not Found'),
      contentType: HTML_TYPE,
      expect: 'http',
    },
    {
      label: '401 HTML page',
      status: 401,
      body: html('401 Authorization Required'),
      contentType: HTML_TYPE,
      expect: 'session',
    },
    {
      label: '403 with JSON',
      status: 403,
      body: '{"success":false,"msg":"Forbidden","nav":true}',
      contentType: JSON_TYPE,
      expect: 'session',
    },
  ];
  // An answer that would fit, sent with an error status: the status wins (429: wait and retry).
  const fittingWithError = fc.tuple(fitting, fc.constantFrom(400, 429, 500, 502, 503)).map(
    ([body, status]): HostileAnswer => ({
      label: `${status} with fitting JSON`,
      status,
      body,
      contentType: JSON_TYPE,
      expect: status === 429 ? 'rate' : 'http',
    }),
  );
  return fc.oneof(
    { arbitrary: fc.constantFrom(...fixed), weight: 4 },
    { arbitrary: fittingWithError, weight: 1 },
  );
}

/** `success: false` in every shape: msg missing, blank, long, foreign or not text; nav, close. */
function failureAnswers(): fc.Arbitrary<HostileAnswer> {
  const absent = Symbol('absent');
  const msg = fc.oneof(
    { arbitrary: fc.constant<unknown>(absent), weight: 2 },
    { arbitrary: fc.constantFrom<unknown>(...EXTREME_TEXTS, longText(4_096)), weight: 4 },
    { arbitrary: fc.constantFrom<unknown>(42, null, {}, ['a'], true), weight: 1 },
  );
  const flag = fc.constantFrom<unknown>(absent, absent, true, false, 'true', 1);
  return fc
    .tuple(msg, flag, flag, fc.constantFrom(200, 200, 200, 400, 404, 429, 500))
    .map(([message, nav, close, status]): HostileAnswer => {
      const body: Record<string, unknown> = { success: false };
      if (message !== absent) body.msg = message;
      if (nav !== absent) body.nav = nav;
      if (close !== absent) body.close = close;
      const shown = typeof message === 'string' && hasVisibleText(message) ? message : null;
      // A 429 says how long to wait, whatever its body: its msg, nav and close are not acted on.
      if (status === 429) {
        return {
          label: 'success:false',
          status,
          body: JSON.stringify(body),
          contentType: JSON_TYPE,
          expect: 'rate',
        };
      }
      return {
        label: nav === true && close === true ? 'success:false nav+close' : 'success:false',
        status,
        body: JSON.stringify(body),
        contentType: JSON_TYPE,
        expect: 'server',
        failure: { msg: shown, nav: nav === true, close: close === true },
      };
    });
}

/**
 * Adds fields no schema names (some of them JavaScript's own) to objects of `value`, always at
 * its top. Lists are cut to 50 items on the way: the fields are the point here, not the length.
 * (A record's entries are not told apart from an object's fields: the contract has no record.)
 */
function withExtraFields(value: unknown, picks: readonly number[]): unknown {
  const names = ['unexpected', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''];
  let turn = 0;
  const visit = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.slice(0, 50).map((item) => visit(item, depth + 1));
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(node)) {
      Object.defineProperty(out, key, {
        value: visit(item, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const pick = picks[turn++ % picks.length] ?? 0;
    if (depth === 0 || pick % 2 === 0) {
      const name = names[pick % names.length] as string;
      if (!Object.hasOwn(node, name)) {
        Object.defineProperty(out, name, {
          value: pick % 3 === 0 ? { nested: [1, 'two'] } : `extra ${pick}`,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return out;
  };
  return visit(value, 0);
}

/** Whether `value` holds a list of at least `length` items. */
function hasListOf(value: unknown, length: number): boolean {
  if (Array.isArray(value))
    return value.length >= length || value.some((item) => hasListOf(item, length));
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => hasListOf(item, length));
}

/** A fitting answer is a success: `success: false` would make it a failure (see failureAnswers). */
function asSuccess(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (record.success === false) return { ...record, success: true };
  }
  return value;
}

/** The kinds of hostile answer, each an arbitrary of its own (see {@link answerKinds}). */
export type AnswerKind =
  | 'fits'
  | 'longTexts'
  | 'longLists'
  | 'unknownFields'
  | 'breaks'
  | 'failure'
  | 'transport';

/**
 * Each kind of hostile answer to a call whose successful answer is `schema`, for a test that
 * wants so many of each: answers that fit (plain but at the edges, with 4,096-character texts,
 * with 10,000-item lists, with fields nobody knows), answers that break it (`breaks` is null for
 * a schema that takes anything), `success: false` in every shape, and transport failures.
 */
export function answerKinds(
  schema: z.core.$ZodType,
  options: Omit<HostileOptions, 'longLists'> = {},
): Record<AnswerKind, fc.Arbitrary<HostileAnswer> | null> {
  const longList = options.longList ?? 10_000;
  const fitting = fittingValue(schema).map(asSuccess);
  const fitsAs = (label: (value: unknown) => string) => (value: unknown) =>
    ({
      label: label(value),
      status: 200,
      body: JSON.stringify(value),
      contentType: JSON_TYPE,
      expect: 'data',
    }) satisfies HostileAnswer;
  const broken = breakingValue(schema);
  return {
    fits: fitting.map(fitsAs(() => 'fits')),
    longTexts: fittingValue(schema, { longText: options.longText ?? 4_096 })
      .map(asSuccess)
      .map(fitsAs(() => 'fits, long texts')),
    longLists: fittingValue(schema, { longList })
      .map(asSuccess)
      .map(fitsAs((value) => (hasListOf(value, longList) ? 'fits, long lists' : 'fits'))),
    unknownFields: fc.tuple(fitting, fc.array(fc.nat(), { minLength: 1, maxLength: 8 })).map(
      ([value, picks]): HostileAnswer => ({
        label: 'fits, unknown fields',
        status: 200,
        body: JSON.stringify(withExtraFields(value, picks)),
        contentType: JSON_TYPE,
        expect: 'data',
      }),
    ),
    breaks:
      broken?.map(
        (value): HostileAnswer => ({
          label: 'breaks',
          status: 200,
          // undefined (a schema refusing nothing but undefined) travels as no body at all.
          body: value === undefined ? '' : JSON.stringify(asSuccess(value)),
          contentType: JSON_TYPE,
          expect: 'contract',
        }),
      ) ?? null,
    failure: failureAnswers(),
    transport: transportAnswers(fitting.map((value) => JSON.stringify(value))),
  };
}

/**
 * Hostile answers to a call whose successful answer is `schema`, every kind mixed: out of 421,
 * 160 fit (40 of them with long texts, 20 with unknown fields), 120 break the schema, 60 are
 * `success: false`, 60 transport failures, and one has long lists (each costs as much as a
 * hundred others; `longLists` gives them another weight).
 */
export function hostileAnswers(
  schema: z.core.$ZodType,
  options: HostileOptions = {},
): fc.Arbitrary<HostileAnswer> {
  const kinds = answerKinds(schema, options);
  const weights: Record<AnswerKind, number> = {
    fits: 100,
    longTexts: 40,
    longLists: options.longLists ?? 1,
    unknownFields: 20,
    breaks: 120,
    failure: 60,
    transport: 60,
  };
  return fc.oneof(
    ...Object.entries(kinds).flatMap(([kind, arbitrary]) =>
      arbitrary ? [{ arbitrary, weight: weights[kind as AnswerKind] }] : [],
    ),
  );
}
