import { INIT_DATA_MAX_AGE_SECONDS } from '@botdeck/core';
import * as z from 'zod/mini';
import { callSummary } from './call-summaries';
import { ENDPOINTS, type Endpoint } from './endpoints';

type Json = Record<string, unknown>;

/** Every endpoint of the table, flattened (lists and messages are grouped per kind there). */
export function allEndpoints(): Array<[string, Endpoint]> {
  const found: Array<[string, Endpoint]> = [];
  const walk = (prefix: string, node: unknown) => {
    if (node && typeof node === 'object' && 'method' in node && 'path' in node) {
      found.push([prefix, node as Endpoint]);
      return;
    }
    for (const [key, child] of Object.entries(node as object))
      walk(prefix ? `${prefix}.${key}` : key, child);
  };
  walk('', ENDPOINTS);
  return found;
}

const schemaOf = (schema: z.ZodMiniType): Json =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Json;

const failure: Json = {
  type: 'object',
  description:
    'Any call can fail this way; `nav` sends the user to bot selection, `close` closes the mini app.',
  properties: {
    success: { const: false },
    msg: { type: 'string' },
    nav: { type: 'boolean' },
    close: { type: 'boolean' },
  },
  required: ['success'],
};

/**
 * The OpenAPI 3.1 document of the contract, made from the same zod schemas the client parses
 * with, so a backend team can implement against exactly what the app expects. Calls that share a
 * method and path (the contract tells them apart by the fields present) become one operation
 * whose request and answer are `oneOf` the variants.
 */
export function buildOpenApiDocument(): Json {
  const operations = new Map<string, Array<[string, Endpoint]>>();
  for (const entry of allEndpoints()) {
    const key = `${entry[1].method} ${entry[1].path}`;
    operations.set(key, [...(operations.get(key) ?? []), entry]);
  }

  const paths: Record<string, Json> = {};
  for (const variants of operations.values()) {
    const [first] = variants;
    if (!first) continue;
    const { method, path, encoding } = first[1];
    const describe = variants.map(([name, e]) => `- \`${name}\`: ${callSummary(e.key)}`).join('\n');
    const oneOf = (schemas: Json[]) => (schemas.length === 1 ? schemas[0] : { oneOf: schemas });
    const operation: Json = {
      operationId: variants.map(([name]) => name.replace(/\./g, '_')).join('__'),
      summary: variants.map(([, e]) => callSummary(e.key)).join(' / '),
      description: describe,
      parameters: [
        {
          name: 'X-Telegram-Init-Data',
          in: 'header',
          required: true,
          description: "Telegram's raw initData; the server checks its signature.",
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The answer (success), or `success: false` with a message.',
          content: {
            'application/json': {
              schema: { oneOf: [oneOf(variants.map(([, e]) => schemaOf(e.response))), failure] },
            },
          },
        },
        '401': {
          description: `Missing, invalid or expired initData (auth_date older than ${INIT_DATA_MAX_AGE_SECONDS} s), or a bad Bearer token. The app asks the user to reopen it.`,
        },
        '403': {
          description:
            "The request's `id` is not the initData's user. The app asks the user to reopen it.",
        },
      },
    };
    if (encoding === 'query') {
      const shape = (first[1].request as z.ZodMiniObject).shape as Record<string, z.ZodMiniType>;
      (operation.parameters as Json[]).push(
        ...Object.entries(shape).map(([name, schema]) => ({
          name,
          in: 'query',
          required: true,
          schema: schemaOf(schema),
        })),
      );
    } else {
      const contentType = encoding === 'multipart' ? 'multipart/form-data' : 'application/json';
      operation.requestBody = {
        required: true,
        content: { [contentType]: { schema: oneOf(variants.map(([, e]) => schemaOf(e.request))) } },
      };
    }
    paths[path] = { ...(paths[path] ?? {}), [method.toLowerCase()]: operation };
  }

  paths['/photo'] = {
    get: {
      operationId: 'photo',
      summary: 'An avatar image (a bot, user or channel photo)',
      parameters: [
        { name: 'file', in: 'query', required: true, schema: { type: 'string' } },
        {
          name: 'id',
          in: 'query',
          required: true,
          description: 'The bot id.',
          schema: { type: 'string' },
        },
      ],
      responses: { '200': { description: 'The image.', content: { 'image/*': {} } } },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Botdeck API',
      version: '1.0.0',
      description:
        'The contract between the Botdeck mini app and its server (SPEC section 7). Every request carries `Authorization: Bearer <HS256 token, 20 s>` and `X-Telegram-Init-Data`.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
