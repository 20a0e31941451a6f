import type * as z from 'zod/mini';
import type { Encoding, Route } from '../route-table';

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> extends Route {
  encoding: Encoding;
  /** The request body, query or form fields. */
  request: Req;
  /** The answer when it succeeds (`success: false` answers are errors, whatever the call). */
  response: Res;
}

/** A route of ROUTE_TABLE with the schemas of its request and answer. */
export function endpoint<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  route: Route,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { ...route, request, response };
}

/** Every endpoint of a (nested) table, by its route's key. */
export function endpointsByKey(
  table: object,
  into: Map<string, Endpoint> = new Map(),
): Map<string, Endpoint> {
  for (const value of Object.values(table)) {
    if ('response' in value) into.set((value as Endpoint).key, value as Endpoint);
    else endpointsByKey(value, into);
  }
  return into;
}
