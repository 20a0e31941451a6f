import { ENDPOINTS, type Endpoint } from '@botdeck/api';
import { HANDLERS } from './api';
import type { Handler, HandlerPorts, HandlerRequest, Reply } from './api/kit';
import type { Store } from './store/types';

/**
 * From a request to its handler. Everything here is read off ENDPOINTS and HANDLERS: the names,
 * the routes, and how calls sharing a route are told apart (each handler's `carries`).
 */

/** The dotted names of a table shaped like ENDPOINTS: 'bots', 'lists.menu.create', … */
type NamesOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends Endpoint
    ? `${Prefix}${K}`
    : NamesOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type EndpointName = NamesOf<typeof ENDPOINTS>;

/** The leaves of a table shaped like ENDPOINTS, by dotted name, in the table's order. */
function leaves<T>(table: object, isLeaf: (node: object) => boolean): [EndpointName, T][] {
  const found: [EndpointName, T][] = [];
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (isLeaf(value)) found.push([name as EndpointName, value as T]);
      else walk(value, name);
    }
  };
  walk(table, '');
  return found;
}

const isEndpoint = (node: object) => 'method' in node && 'path' in node;
const isHandler = (node: object) => 'run' in node;

/** Every ENDPOINTS entry by its dotted name. */
export const ENDPOINT_BY_NAME = Object.fromEntries(
  leaves<Endpoint>(ENDPOINTS, isEndpoint),
) as Readonly<Record<EndpointName, Endpoint>>;

/** The handlers in the order the resource files list them: calls sharing a route are tried so. */
const HANDLER_LIST = leaves<Handler>(HANDLERS, isHandler);
const HANDLER_BY_NAME = Object.fromEntries(HANDLER_LIST) as Readonly<Record<EndpointName, Handler>>;

// The types put a handler at every name; this checks each is the one made for its own endpoint
// (list kinds share one type, so the compiler cannot tell lists.menu.read from lists.command.read).
for (const [name, endpoint] of Object.entries(ENDPOINT_BY_NAME)) {
  if (HANDLER_BY_NAME[name as EndpointName]?.endpoint !== endpoint) {
    throw new Error(`dev-server: HANDLERS.${name} is not the handler of ENDPOINTS.${name}`);
  }
}

const routeOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

interface Call {
  name: EndpointName;
  handler: Handler;
}

/** The calls of each method and path, in HANDLERS' order. */
const CALLS_BY_ROUTE = new Map<string, Call[]>();
for (const [name, handler] of HANDLER_LIST) {
  const route = routeOf(handler.endpoint.method, handler.endpoint.path);
  CALLS_BY_ROUTE.set(route, [...(CALLS_BY_ROUTE.get(route) ?? []), { name, handler }]);
}

/** Of calls sharing a route, the one that carries no fields: it answers when the others' are absent. */
function plainCall(route: string, calls: readonly Call[]): Call {
  const plain = calls.filter((call) => call.handler.carries.length === 0);
  if (plain.length !== 1) {
    throw new Error(
      `dev-server: of the calls at ${route}, exactly one must carry no fields; ${plain.length} do`,
    );
  }
  return plain[0] as Call;
}

// Checked as the module loads, so a call added without its `carries` fails at once, not on
// the first request that reaches it.
for (const [route, calls] of CALLS_BY_ROUTE) if (calls.length > 1) plainCall(route, calls);

const has = (input: unknown, key: string) =>
  typeof input === 'object' &&
  input !== null &&
  key in input &&
  (input as Record<string, unknown>)[key] !== undefined;

/**
 * Which ENDPOINTS entry a request is. Calls that share a route are told apart by the fields they
 * carry, as the contract defines them (select or api_token; set or del; promote, demote, …).
 */
export function endpointFor(method: string, path: string, input: unknown): EndpointName | null {
  const route = routeOf(method, path);
  const calls = CALLS_BY_ROUTE.get(route);
  if (!calls) return null;
  if (calls.length === 1) return (calls[0] as Call).name;
  const carried = calls.find((call) => call.handler.carries.some((field) => has(input, field)));
  return (carried ?? plainCall(route, calls)).name;
}

/**
 * Runs the handler for `name`: the request is checked against the endpoint's schema, and the
 * answer too (a success that breaks the contract is a 500).
 */
export async function runEndpoint(
  name: EndpointName,
  request: HandlerRequest,
  store: Store,
  ports: HandlerPorts,
): Promise<Reply> {
  return HANDLER_BY_NAME[name].run(request, store, ports);
}

/** The user id a request claims to act for, when it carries one (captcha's and upgrade's do not). */
export function claimedUserId(name: EndpointName, request: HandlerRequest): number | null {
  if (!HANDLER_BY_NAME[name].idNamesCaller) return null;
  let claimed: unknown;
  if (request.query) claimed = request.query.id;
  else if (request.form) {
    const { fields } = request.form;
    if (fields.msgdata !== undefined) {
      try {
        claimed = (JSON.parse(fields.msgdata) as { id?: unknown }).id;
      } catch {
        claimed = undefined;
      }
    } else claimed = fields.id;
  } else if (typeof request.body === 'object' && request.body !== null) {
    claimed = (request.body as { id?: unknown }).id;
  }
  if (claimed === undefined || claimed === null || claimed === '') return null;
  const id = Number(claimed);
  return Number.isFinite(id) ? id : Number.NaN;
}
