import { Router } from '@koa/router';
import { z } from 'zod';
import { createAuthenticator } from './auth';
import { describeRouters, registeredRoutes, responds } from './openapi';
import type { SessionStore } from './sessions';
import { validate, type ApiContext, type PublicContext } from './validate';

// The guards are only read for their tags here; no request runs, so no session is looked up.
const auth = createAuthenticator('unused', {} as SessionStore);

function teamsRouter() {
  const router = new Router({ prefix: '/api/teams' });
  router.get(
    '/',
    validate(z.object({ query: z.object({ page: z.coerce.number().int().optional() }) })),
    responds(z.object({ success: z.literal(true), teams: z.array(z.string()) })),
    (ctx: PublicContext) => {
      ctx.body = { success: true, teams: [] };
    },
  );
  router.use(auth.requireAuth);
  router.put(
    '/:id',
    auth.requireRole('admin'),
    validate(
      z.object({ params: z.object({ id: z.uuid() }), body: z.object({ name: z.string().min(1) }) }),
    ),
    (ctx: ApiContext) => {
      ctx.body = { success: true };
    },
  );
  return router;
}

describe('describeRouters', () => {
  const doc = describeRouters([teamsRouter()], 'teams');

  it('when a route validates its query and names its response, then both are described and it is public', () => {
    const list = doc.paths['/api/teams']!.get as Record<string, unknown>;

    expect(list.security).toEqual([]);
    expect(list.parameters).toEqual([
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
    ]);
    expect(JSON.stringify(list.responses)).toContain('"teams"');
  });

  it('when a router guards later routes with use() and a role, then the route needs a bearer token and that role', () => {
    const put = doc.paths['/api/teams/{id}']!.put as Record<string, unknown>;

    expect(put.security).toEqual([{ bearer: [] }]);
    expect(put['x-roles']).toEqual(['admin']);
    expect(put.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(put.requestBody).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { required: ['name'] } } },
    });
    expect(Object.keys(put.responses as object)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
  });

  it('when the routers are walked, then every registered route is in the description', () => {
    const described = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m} ${path}`),
    );

    expect(registeredRoutes([teamsRouter()])).toEqual([
      { method: 'get', path: '/api/teams' },
      { method: 'put', path: '/api/teams/:id' },
    ]);
    expect(described).toEqual(['get /api/teams', 'put /api/teams/{id}']);
  });
});
