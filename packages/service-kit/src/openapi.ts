/**
 * OpenAPI 3.1 descriptions, generated from the routers a service registers: each route's method
 * and path, the zod schema its `validate()` applies (params, query and body, converted with zod's
 * own JSON Schema output), who may call it (`x-access`, from requireAuth, requireRole and the
 * `access` declarations in its chain), the response schema and summary `responds()` names (an
 * endpoint's route declares them from its definition) and the reference §7 error body. Nothing is written twice: the middleware in a route's chain is tagged with what it
 * enforces, and this module reads the tags.
 */
import type { Router, RouterMiddleware } from '@koa/router';
import type { Role } from '@teamapp/contracts';
import { z } from 'zod';

/** What a piece of middleware enforces, as the description reports it. */
export type RouteTag =
  | { kind: 'input'; schema: z.ZodType }
  | { kind: 'auth' }
  | { kind: 'role'; roles: Role[] }
  | { kind: 'response'; schema: z.ZodType; status: number; summary?: string }
  | {
      kind: 'access';
      access: 'anonymous' | 'owner' | 'internal' | 'coach' | 'team';
      note: string;
    };

/**
 * Who may call a route (reference §6), as `x-access` in its description:
 * - `anonymous`: anyone, no token needed (login, public settings, the calendar feed by its secret);
 * - `member`: any signed-in member (requireAuth in the chain declares it);
 * - `owner`: a signed-in member, on what is theirs only (their chat message, their availability
 *   entry); anyone else, admins included, is refused with 403, or 404 where even the thing's
 *   existence is private to its owner;
 * - `coach`: a signed-in club admin, or a coach of the thing's team (teams.ts `requireCoachOf`);
 *   a player, or a coach of another team, is refused with 403 (404 where the thing belongs to a
 *   team the caller is not in);
 * - `team`: a signed-in club admin, or a member (player or coach) of the thing's team; anyone else
 *   is refused with 404 (a team's event) or 403 (a team's roster, whose team every member sees);
 * - `admin`: signed-in admins (requireRole('admin') declares it);
 * - `internal`: other services only; the gateway never publishes the path.
 */
export type Access = 'anonymous' | 'member' | 'owner' | 'coach' | 'team' | 'admin' | 'internal';

const tags = new WeakMap<object, RouteTag>();

/** Marks a middleware with what it enforces (validate, requireAuth, requireRole, responds). */
export function tagMiddleware<M extends object>(middleware: M, tag: RouteTag): M {
  tags.set(middleware, tag);
  return middleware;
}

/**
 * Names the success body of a route for its description (a contract schema from
 * packages/contracts), with its status and a one-line summary. It does nothing at run time; a
 * route registered from its endpoint (route.ts) gets it from the definition.
 */
// A pass-through fits any route's chain; `any` keeps TypeScript from comparing route contexts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type PassThrough = RouterMiddleware<any, any>;

export function responds(schema: z.ZodType, status = 200, summary?: string): PassThrough {
  const passThrough: PassThrough = (_ctx, next) => next();
  return tagMiddleware(passThrough, { kind: 'response', schema, status, summary });
}

/** A pass-through declaring this kind of access, with the note the description shows. */
const declaring =
  (kind: Extract<RouteTag, { kind: 'access' }>['access']) =>
  (note: string): PassThrough =>
    tagMiddleware<PassThrough>((_ctx, next) => next(), { kind: 'access', access: kind, note });

/**
 * Declarations of who may call a route, for the routes requireAuth and requireRole do not already
 * declare. Each takes the reason (or what is owned) and does nothing at run time: an owner route
 * enforces ownership in its use case, an anonymous one needs no guard, and an internal one relies
 * on the gateway not publishing its path.
 */
export const access = {
  /** Open to anyone without a token; say why (`'the login page shows the title'`). */
  anonymous: declaring('anonymous'),
  /** After requireAuth: only the member the thing belongs to (`'the message's sender'`). */
  owner: declaring('owner'),
  /** After requireAuth: a club admin or the coach of the thing's team (`'the event's team'`). */
  coach: declaring('coach'),
  /** After requireAuth: a club admin or a member of the thing's team (`'the event's team'`). */
  team: declaring('team'),
  /** Called by other services only; the gateway does not publish it. Say who calls it. */
  internal: declaring('internal'),
};

/** What a route's chain declares about its callers: `access` undefined when nothing (or a contradiction) is declared. */
export interface AccessDeclaration {
  access?: Access;
  note?: string;
  /** Why the declaration is missing or does not hold together. */
  problem?: string;
}

function accessOfChain(chain: RouteTag[]): AccessDeclaration {
  const authed = chain.some((t) => t.kind === 'auth');
  const roles = chain.flatMap((t) => (t.kind === 'role' ? t.roles : []));
  const declared = chain.filter((t) => t.kind === 'access');
  if (declared.length > 1) return { problem: 'more than one access declaration' };
  const explicit = declared[0];
  if (explicit) {
    const needsAuth = ['owner', 'coach', 'team'].includes(explicit.access);
    if (needsAuth && !authed)
      return { problem: `access.${explicit.access} without requireAuth before it` };
    if (!needsAuth && (authed || roles.length))
      return { problem: `access.${explicit.access} on a route that requires a sign-in` };
    return { access: explicit.access, note: explicit.note };
  }
  if (roles.length) {
    if (!authed) return { problem: 'requireRole without requireAuth before it' };
    return { access: roles.includes('player') ? 'member' : 'admin' };
  }
  if (authed) return { access: 'member' };
  return {
    problem: 'no access declaration (requireAuth, requireRole or access.anonymous/owner/internal)',
  };
}

/** One route a router registers: a method and a path template (`/api/events/:id`). */
export interface RegisteredRoute {
  method: string;
  path: string;
}

/** What the generator reads of a router's layer (kept structural: no generic instantiation). */
interface AnyLayer {
  methods: string[];
  path: string | RegExp;
  paramNames: { name: string | number }[];
  stack: object[];
  match: (path: string) => boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Each route of the routers with its whole chain: the middleware a router applies with
 * `router.use()` before the route (requireAuth for a whole router) comes first.
 */
function layersOf(routers: Router[]): AnyLayer[] {
  return routers.flatMap((router) => {
    const uses: AnyLayer[] = [];
    const routes: AnyLayer[] = [];
    for (const layer of router.stack as unknown as AnyLayer[]) {
      if (layer.methods.length === 0) uses.push(layer);
      else if (typeof layer.path === 'string') {
        const path = layer.path;
        const before = uses.filter((use) => use.match(path)).flatMap((use) => use.stack);
        routes.push({ ...layer, path, stack: [...before, ...layer.stack] });
      }
    }
    return routes;
  });
}

/** Each registered route with what its chain declares about its callers. */
export function routeAccess(routers: Router[]): (RegisteredRoute & AccessDeclaration)[] {
  return layersOf(routers).flatMap((layer) => {
    const declaration = accessOfChain(
      layer.stack.map((m) => tags.get(m)).filter((t): t is RouteTag => !!t),
    );
    return layer.methods
      .map((m) => m.toLowerCase())
      .filter((m) => m !== 'head')
      .map((method) => ({ method, path: layer.path as string, ...declaration }));
  });
}

/** Every method and path the routers answer (HEAD, which follows GET, left out). */
export function registeredRoutes(routers: Router[]): RegisteredRoute[] {
  return layersOf(routers).flatMap((layer) =>
    layer.methods
      .map((m) => m.toLowerCase())
      .filter((m) => m !== 'head')
      .map((method) => ({ method, path: layer.path as string })),
  );
}

/** `/api/events/:id` → `/api/events/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };

const toJson = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete json.$schema;
  return json as JsonSchema;
};

/** The reference §7 error body every route answers with on failure. */
const ERROR_BODY = {
  type: 'object',
  required: ['success', 'error', 'code'],
  properties: {
    success: { const: false },
    error: { type: 'string', description: 'A message a person can read.' },
    message: { type: 'string', description: 'Events and tasks repeat `error` here.' },
    code: { type: 'string', description: 'Stable snake_case code.' },
    field: { type: 'string', description: 'The input field at fault (400).' },
    hint: { type: 'string', description: 'Advice shown under that field (400), if any.' },
    requestId: { type: 'string' },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operation(layer: AnyLayer, method: string) {
  const chain = layer.stack.map((m) => tags.get(m)).filter((t): t is RouteTag => !!t);
  const input = chain.find((t) => t.kind === 'input');
  const authed = chain.some((t) => t.kind === 'auth');
  const roles = chain.flatMap((t) => (t.kind === 'role' ? t.roles : []));
  const response = chain.find((t) => t.kind === 'response');
  const declaration = accessOfChain(chain);

  const parts: JsonSchema = input ? toJson(input.schema, 'input') : {};
  const part = (name: string) => parts.properties?.[name];
  const required = (schema: JsonSchema | undefined) =>
    new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  const parameters = [
    ...layer.paramNames.map((key) => ({
      name: String(key.name),
      in: 'path',
      required: true,
      schema: part('params')?.properties?.[String(key.name)] ?? { type: 'string' },
    })),
    ...Object.entries(part('query')?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required(part('query')).has(name),
      schema,
    })),
  ];
  const body = part('body');
  const hasBody = method !== 'get' && method !== 'delete' && body !== undefined;

  const note = declaration.note;
  const who =
    declaration.access === 'owner'
      ? `Signed in, as the owner only: ${note}.`
      : declaration.access === 'anonymous'
        ? `Open to anyone: ${note}.`
        : declaration.access === 'internal'
          ? `Internal, not published by the gateway: ${note}.`
          : declaration.access === 'coach'
            ? `Signed in, as a club admin or a coach of ${note}.`
            : declaration.access === 'team'
              ? `Signed in, as a club admin or a member of ${note}.`
              : roles.length
                ? `Signed in as ${roles.join(' or ')}.`
                : authed
                  ? 'Signed in.'
                  : '';
  const responses: Record<string, unknown> = {
    [String(response?.status ?? 200)]: {
      description: 'Success',
      content: {
        'application/json': {
          schema: response ? toJson(response.schema, 'output') : { type: 'object' },
        },
      },
    },
    ...(input ? { 400: errorResponse('Bad input: the message names the field.') } : {}),
    ...(authed ? { 401: errorResponse('Not signed in, or the session ended.') } : {}),
    ...(authed ? { 403: errorResponse('Signed in, but not allowed.') } : {}),
    ...(layer.paramNames.length ? { 404: errorResponse('No such record.') } : {}),
    default: errorResponse('Any other failure.'),
  };
  return {
    ...(response?.summary ? { summary: response.summary } : {}),
    operationId: `${method}${openApiPath(layer.path as string).replace(/[^A-Za-z0-9]+(.)?/g, (_, c?: string) => (c ?? '').toUpperCase())}`,
    ...(who ? { description: who } : {}),
    ...(authed ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(roles.length ? { 'x-roles': roles } : {}),
    ...(declaration.access ? { 'x-access': declaration.access } : {}),
    ...(declaration.note ? { 'x-access-note': declaration.note } : {}),
    ...(declaration.problem ? { 'x-access-problem': declaration.problem } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody
      ? {
          requestBody: {
            required: required(parts).has('body'),
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    responses,
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/** The OpenAPI 3.1 description of a service's routers. */
export function describeRouters(routers: Router[], service: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const layer of layersOf(routers)) {
    const path = openApiPath(layer.path as string);
    for (const method of layer.methods.map((m) => m.toLowerCase())) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      paths[path] ??= {};
      paths[path][method] = { tags: [service], ...operation(layer, method) };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: `TeamApp ${service} service`, version: '1.0.0' },
    paths,
    components: {
      schemas: { Error: ERROR_BODY },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
