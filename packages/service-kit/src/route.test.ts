/**
 * A route registered from its endpoint: its path under the router's prefix, the same 400 texts as
 * `validate()`, the success status and answer from the definition, its OpenAPI entry, and an
 * answer outside its schema failing the call under tests.
 */
import { endpoint, uuidParamSchema } from '@teamapp/contracts';
import request from 'supertest';
import { z } from 'zod';
import { createRouter, createServiceApp } from './app';
import { createLogger } from './logger';
import { access, describeRouters } from './openapi';
import { route } from './route';
import type { RequestState } from './validate';

const teamSchema = z.object({ id: z.string(), name: z.string() });
const api = {
  create: endpoint({
    method: 'POST',
    path: '/teams',
    body: z.object({ name: z.string({ error: 'name is required' }).min(1) }),
    answer: z.object({ success: z.literal(true), data: teamSchema }),
    status: 201,
    summary: 'Add a team',
  }),
  cached: endpoint({
    method: 'GET',
    path: '/teams/cached',
    query: z.object({ broken: z.string().optional() }),
    answer: z.object({ success: z.literal(true), data: z.array(teamSchema) }),
    summary: 'Every team, from the read cache',
  }),
  get: endpoint({
    method: 'GET',
    path: '/teams/:id',
    params: uuidParamSchema,
    answer: z.object({ success: z.literal(true), data: teamSchema }),
    summary: 'One team',
  }),
};

const open = access.anonymous('a test');
const router = createRouter('/api/teams');
route(router, api.create, open).handle<RequestState>(async (ctx) => ({
  success: true,
  data: { id: 'new', name: ctx.state.input.body.name },
}));
// An answer sent as cached JSON text (sendCached), right or (with ?broken) without the name.
route(router, api.cached, open).handle<RequestState>(async (ctx) => {
  const team = ctx.state.input.query.broken ? { id: 'a' } : { id: 'a', name: 'Firsts' };
  ctx.type = 'application/json';
  ctx.body = Buffer.from(JSON.stringify({ success: true, data: [team] }));
  return undefined;
});
// A handler that breaks its contract: the name is missing from its answer.
route(router, api.get, open).handle<RequestState>(
  async (ctx) =>
    ({ success: true, data: { id: ctx.state.input.params.id } }) as unknown as {
      success: true;
      data: { id: string; name: string };
    },
);
const app = createServiceApp({
  logger: createLogger('teams', 'silent'),
  routers: [router],
  readiness: [],
});
const server = app.callback();

describe('route(router, endpoint)', () => {
  it('when the input fits, then the handler answers with the endpoint status', async () => {
    const res = await request(server).post('/api/teams').send({ name: 'Firsts' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, data: { id: 'new', name: 'Firsts' } });
  });

  it('when the input does not fit, then 400 with the schema text and field, as validate() answers', async () => {
    const res = await request(server).post('/api/teams').send({});

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'name is required', field: 'name' });
  });

  it('when a param does not fit, then 400 naming it', async () => {
    const res = await request(server).get('/api/teams/nope');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'id must be a valid identifier', field: 'id' });
  });

  it('when an answer does not fit its schema under tests, then the call fails', async () => {
    const res = await request(server).get('/api/teams/7d5c6b7a-8f9e-4a0b-8c1d-3e4f5a6b7c8d');

    expect(res.status).toBe(500);
  });

  it('when a cached JSON answer fits, then it is sent as is', async () => {
    const res = await request(server).get('/api/teams/cached');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [{ id: 'a', name: 'Firsts' }] });
  });

  it('when a cached JSON answer does not fit under tests, then the call fails', async () => {
    const res = await request(server).get('/api/teams/cached?broken=1');

    expect(res.status).toBe(500);
  });

  it('when the routers are described, then the path, summary, status and answer come from the endpoint', () => {
    const doc = describeRouters([router], 'teams');
    const create = doc.paths['/api/teams']!.post as Record<string, unknown>;
    const get = doc.paths['/api/teams/{id}']!.get as Record<string, unknown>;

    expect(create.summary).toBe('Add a team');
    expect(JSON.stringify((create.responses as Record<string, unknown>)['201'])).toContain(
      '"name"',
    );
    expect(get.summary).toBe('One team');
    expect(get.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
  });

  it('when an endpoint lies outside the router prefix, then registering it throws', () => {
    expect(() => route(createRouter('/api/other'), api.get).handle(async () => undefined)).toThrow(
      "GET /api/teams/:id is outside its router's prefix /api/other",
    );
  });
});
