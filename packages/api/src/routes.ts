import type { ENDPOINTS, Endpoint } from './endpoints';
import { ROUTE_TABLE, type Route } from './route-table';

/** A route that carries, in its type only, the endpoint whose schemas check its call. */
export interface RouteOf<E extends Endpoint> extends Route {
  /** Never set: it only lets the client type the call's input and answer. */
  readonly endpoint?: E;
}

/** The routes as the client takes them: each typed with its endpoint's schemas. */
type RoutesOf<T> = {
  readonly [K in keyof T]: T[K] extends Endpoint ? RouteOf<T[K]> : RoutesOf<T[K]>;
};

/**
 * Every call's route, typed with its endpoint but holding no schema: a screen names its call
 * through this without loading zod and the schemas in its first load.
 */
export const ROUTES = ROUTE_TABLE as unknown as RoutesOf<typeof ENDPOINTS>;
