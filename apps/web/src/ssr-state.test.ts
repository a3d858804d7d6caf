import { createStaticHandler, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import { routeAt, routePlace } from './ssr-state';

describe("the server's route places", () => {
  it('lead the browser to the routes its own matching finds, for every kind of shop page', async () => {
    const handler = createStaticHandler(routes);
    const urls = ['/', '/result?q=laptop', '/result/productHub/275', '/store/7', '/cart', '/no/such/page'];
    for (const url of urls) {
      const context = await handler.query(new Request(`http://shop.test${url}`));
      if (context instanceof Response) throw new Error(`${url} redirected`);
      const places = context.matches.map((m) => routePlace(handler.dataRoutes, m.route));
      expect(
        places.every((p) => p !== null),
        url,
      ).toBe(true);
      const found = places.map((p) => routeAt(routes, p!));
      const matched = (matchRoutes(routes, url) ?? []).map((m) => m.route);
      expect(found, url).toEqual(matched);
      expect(found.length, url).toBeGreaterThan(0);
    }
  });

  it('are null for a route outside the tree, and lead nowhere past its end', () => {
    expect(routePlace(routes, { children: [] })).toBeNull();
    expect(routeAt(routes, '0.99')).toBeUndefined();
  });
});
