import { describe, expect, it } from 'vitest';
import { endpointGroupOf, loadEndpoint } from './endpoint-loader';
import { ENDPOINTS, endpointByKey } from './endpoints';
import { ROUTE_TABLE, type Route } from './route-table';

/** Every route of a (nested) table. */
function routesOf(table: object): Route[] {
  return Object.values(table).flatMap((value) =>
    'key' in value && 'path' in value ? [value as Route] : routesOf(value),
  );
}

describe('loadEndpoint', () => {
  it("finds every call's endpoint in its own group: the one ENDPOINTS holds", async () => {
    const routes = routesOf(ROUTE_TABLE);
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const endpoint = await loadEndpoint(route.key);
      expect(endpoint, route.key).toBe(endpointByKey(route.key));
      expect(endpoint.path).toBe(route.path);
    }
  });

  it('groups the calls of one screen together', () => {
    expect(endpointGroupOf('bots')).toBe(endpointGroupOf('addBot'));
    expect(endpointGroupOf('lists.menu.read')).toBe(endpointGroupOf('lists.questions.remove'));
    expect(endpointGroupOf('shop')).toBe(endpointGroupOf('refundSale'));
    expect(endpointGroupOf('dashboard')).not.toBe(endpointGroupOf('shop'));
  });

  it('refuses a key no call has', async () => {
    expect(() => endpointGroupOf('nothing')).toThrow('No endpoint named nothing');
    await expect(loadEndpoint('lists.menu.nothing')).rejects.toThrow(
      'No endpoint named lists.menu.nothing',
    );
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });
});
