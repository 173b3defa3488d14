/**
 * One definition per endpoint: its method, its path under /api (with `:params`), the zod schemas
 * of its params, query and body, the answer it gives on success with its status, and a summary.
 * The service registers its route from it (service-kit `route`), its OpenAPI description comes
 * from it, and every caller calls through it (api-client `call`), so a path, an input or an
 * answer is written once.
 *
 * A thin layer of our own rather than ts-rest or oRPC: neither serves Koa (ts-rest has Express,
 * Fastify and Nest adapters; oRPC brings its own server and router), while the services are Koa
 * apps whose routers, guards, reference §7 error bodies and OpenAPI output service-kit already
 * owns. What is missing is only the shared description, a plain object of zod schemas, which
 * costs the remotes nothing beyond the schemas they already bundle.
 */
import type { z } from 'zod';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type EndpointMount = '/api' | '/internal';

/** An endpoint's description; make one with `endpoint()`. */
export interface Endpoint<
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TAnswer extends z.ZodType = z.ZodType,
> {
  method: EndpointMethod;
  /**
   * Where its path is mounted: `/api` (what the gateway publishes) or `/internal` (read by other
   * services inside the platform, never published).
   */
  mount: EndpointMount;
  /** The path under the mount, e.g. `/club-tasks/:id`. */
  path: string;
  params: TParams;
  query: TQuery;
  body: TBody;
  /** What a success answers (reference §7): every endpoint declares it. */
  answer: TAnswer;
  /** The success status: 200 unless said otherwise. */
  status: number;
  /** One line for the API's description. */
  summary: string;
}

/** Any endpoint, whatever its schemas. */
export type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType
>;

export function endpoint<
  TAnswer extends z.ZodType,
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
>(definition: {
  method: EndpointMethod;
  mount?: EndpointMount;
  path: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  answer: TAnswer;
  status?: number;
  summary: string;
}): Endpoint<TParams, TQuery, TBody, TAnswer> {
  return {
    ...definition,
    mount: definition.mount ?? '/api',
    params: definition.params as TParams,
    query: definition.query as TQuery,
    body: definition.body as TBody,
    status: definition.status ?? 200,
  };
}

type InputPart<S> = S extends z.ZodType ? z.input<S> : never;
type OutputPart<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller sends: the input side of each declared part (`{ params, query, body }`). */
export type EndpointInput<E extends AnyEndpoint> = {
  [K in 'params' | 'query' | 'body' as E[K] extends z.ZodType ? K : never]: InputPart<E[K]>;
};

/** What a handler reads at `ctx.state.input`: the parsed side of each declared part. */
export type EndpointParsed<E extends AnyEndpoint> = {
  [K in 'params' | 'query' | 'body' as E[K] extends z.ZodType ? K : never]: OutputPart<E[K]>;
};

/** What the endpoint answers on success. */
export type EndpointAnswer<E extends AnyEndpoint> = z.output<E['answer']>;

/** What a handler may answer (before defaults and transforms apply). */
export type EndpointAnswerInput<E extends AnyEndpoint> = z.input<E['answer']>;

/** `/club-tasks/:id` with `{ id: 'a b' }` → `/club-tasks/a%20b`. */
export function pathOf(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path} needs the :${name} param`);
    return encodeURIComponent(String(value));
  });
}

/**
 * Why an answer does not fit its endpoint's answer schema, naming the first field that fails
 * (`GET /api/events answered outside its schema: data.0.date: ...`), or undefined when it fits.
 * The service's route (outside production) and the caller's `call` both check with it.
 */
export function answerProblem(endpoint: AnyEndpoint, answer: unknown): string | undefined {
  const result = endpoint.answer.safeParse(answer);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${endpoint.method} ${endpoint.mount}${endpoint.path} answered outside its schema: ${
    issue.path.map(String).join('.') || 'the body'
  }: ${issue.message}`;
}
