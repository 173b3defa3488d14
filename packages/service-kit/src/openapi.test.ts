import { z } from 'zod';
import { createServiceApp, createRouter } from './app';
import { createAuthenticator } from './auth';
import { createLogger } from './logger';
import { access, describeRouters, registeredRoutes, responds, routeAccess } from './openapi';
import { undescribedRoutes } from './testing';
import type { SessionStore } from './sessions';
import { validate, type ApiContext, type PublicContext } from './validate';

// The guards are only read for their tags here; no request runs, so no session is looked up.
const auth = createAuthenticator('unused', {} as SessionStore);

function teamsRouter() {
  const router = createRouter('/api/teams');
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

describe('x-access', () => {
  function clubRouter() {
    const router = createRouter('/api/club');
    router.get('/public', access.anonymous('the login page shows it'), (ctx: PublicContext) => {
      ctx.body = { success: true };
    });
    router.get('/members', auth.requireAuth, (ctx: ApiContext) => {
      ctx.body = { success: true };
    });
    router.delete('/notes/:id', auth.requireAuth, access.owner('the note writer'), (ctx) => {
      ctx.body = { success: true };
    });
    router.post('/admin', auth.requireAuth, auth.requireRole('admin'), (ctx) => {
      ctx.body = { success: true };
    });
    router.get('/forgotten', (ctx: PublicContext) => {
      ctx.body = { success: true };
    });
    router.get('/confused', auth.requireAuth, access.anonymous('nobody knows'), (ctx) => {
      ctx.body = { success: true };
    });
    router.get('/unguarded-owner', access.owner('someone'), (ctx) => {
      ctx.body = { success: true };
    });
    const internal = createRouter('/internal');
    internal.get('/club', access.internal('the content service'), (ctx: PublicContext) => {
      ctx.body = { success: true };
    });
    return [router, internal];
  }
  const doc = describeRouters(clubRouter(), 'club');
  const op = (path: string, method: string) => doc.paths[path]![method] as Record<string, unknown>;

  it('when each route declares its callers, then x-access names anonymous, member, owner, admin or internal', () => {
    expect(op('/api/club/public', 'get')).toMatchObject({
      'x-access': 'anonymous',
      'x-access-note': 'the login page shows it',
      security: [],
    });
    expect(op('/api/club/members', 'get')['x-access']).toBe('member');
    expect(op('/api/club/notes/{id}', 'delete')).toMatchObject({
      'x-access': 'owner',
      'x-access-note': 'the note writer',
      security: [{ bearer: [] }],
    });
    expect(op('/api/club/admin', 'post')['x-access']).toBe('admin');
    expect(op('/internal/club', 'get')['x-access']).toBe('internal');
    expect(doc.paths['/api/teams']).toBeUndefined();
  });

  it('when a route declares nothing, or declares what its guards contradict, then it has no x-access and is reported', () => {
    expect(op('/api/club/forgotten', 'get')['x-access']).toBeUndefined();
    expect(op('/api/club/forgotten', 'get')['x-access-problem']).toMatch(/no access declaration/);

    expect(
      routeAccess(clubRouter())
        .filter((r) => !r.access)
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([
      'get /api/club/forgotten',
      'get /api/club/confused',
      'get /api/club/unguarded-owner',
    ]);
  });

  it('when a route of a real app declares nothing, then the coverage check lists it as undeclared', async () => {
    const app = createServiceApp({
      logger: createLogger('club', 'silent'),
      routers: clubRouter(),
      readiness: [],
    });

    const { undeclared, missing } = await undescribedRoutes(app);

    expect(missing).toEqual([]);
    expect(undeclared).toEqual([
      expect.stringMatching(/^GET \/api\/club\/forgotten: no access declaration/),
      expect.stringMatching(
        /^GET \/api\/club\/confused: access.anonymous on a route that requires/,
      ),
      expect.stringMatching(/^GET \/api\/club\/unguarded-owner: access.owner without requireAuth/),
    ]);
  });
});
