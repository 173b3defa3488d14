/**
 * Bad input at scale: fast-check generates malformed requests for every route
 * the services really register (read from their OpenAPI descriptions, whose request schemas are
 * the zod schemas `validate()` applies) and sends them through the gateway, as a second admin, a
 * player, nobody and a forged token. Every answer must be below 500; every /api error the JSON
 * error body (reference §7) with no stack, file path or SQL in it; and the stored data, read through
 * the admin's list routes before and after each batch, unchanged whenever every write in the
 * batch was refused. The run prints the count per route and status.
 *
 * BAD_INPUT_SEED changes the seed (the default is fixed, so a run repeats); BAD_INPUT_RUNS the
 * number of requests.
 */
import { isDeepStrictEqual } from 'node:util';
import { DRAINABLE_QUEUES } from '@teamapp/contracts';
import fc from 'fast-check';
import registry from '../../platform.json';
import { platformSettled } from '@teamapp/platform/settled';
import {
  badRequestFor,
  operationsOf,
  type BadRequest,
  type Operation,
} from './support/arbitraries';
import {
  startTestPlatform,
  type ApiAnswer,
  type Member,
  type TestPlatform,
} from './support/harness';

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20_261_125);
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 2_400);
const CONCURRENCY = 12;
const BATCH = 60;

/** A JWT-shaped token no service signed (alg none). */
const FORGED = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwIiwicm9sZSI6ImFkbWluIn0.';

/**
 * What an error body must never carry: a stack frame, a source or install path, a driver's or
 * the database's own words.
 */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat [\w$.<>]+ \(|\bat (?:async )?\/|\n\s+at /],
  ['file path', /\/(?:work|home|root|usr|app|srv|opt)\/|node_modules|\.[tj]s:\d+/],
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b.*\b(?:FROM|WHERE|VALUES)\b/i],
  [
    'database error',
    /syntax error at or near|violates|duplicate key|relation "|column "|PGlite|drizzle/i,
  ],
  [
    'exception name',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|AggregateError)\b/,
  ],
];

/** Routes left out, and why. */
const LEFT_OUT: { method: string; path: RegExp; why: string }[] = [
  // The bad-input suite needs the sessions it sends with; ending them is the matrix's business.
  { method: 'POST', path: /\/logout$/, why: 'ends the session the run sends with' },
];
// Routes outside /api (the services' internal ones, /uploads) are not the gateway's /api and are
// left out too; the table's header names every route left out.

let t: TestPlatform;
let operations: Operation[];
let fuzzAdmin: Member;
let fuzzPlayer: Member;
let admin: string;

beforeAll(async () => {
  // Its own port range, above the kernel's ephemeral ports (32768-60999 here): there a port the
  // block check found free can be taken by an outgoing connection before a service listens.
  t = await startTestPlatform({ preferredPort: 63_000 });
  admin = await t.adminToken();
  fuzzAdmin = await t.createMember('admin');
  fuzzPlayer = await t.createMember('player');
  const services = registry.services.filter((s) => s.apiPrefixes.length > 0);
  operations = [];
  for (const service of services) {
    const doc = await t.api('GET', `/docs/${service.name}.json`);
    if (doc.status !== 200) throw new Error(`no description for ${service.name}: ${doc.status}`);
    operations.push(...operationsOf(service.name, doc.body as Parameters<typeof operationsOf>[1]));
  }
}, 600_000);
afterAll(() => t?.stop());

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const routeOf = (op: Operation) => `${op.method} ${op.path}`;

/** The admin's view of the stored data: every list route that answers the same twice. */
async function snapshotRoutes(): Promise<string[]> {
  const candidates = operations.filter(
    (op) =>
      op.method === 'GET' &&
      op.pathParams.length === 0 &&
      op.query.every((q) => !q.required) &&
      !op.path.startsWith('/api/docs'),
  );
  const read = async () =>
    Promise.all(
      candidates.map((op) => t.api('GET', op.path.replace(/^\/api/, ''), { token: admin })),
    );
  const first = await read();
  await t.signIn(fuzzPlayer.email, fuzzPlayer.password); // a sign-in between: lastLogin and the like
  const second = await read();
  return candidates
    .filter((_, i) => {
      const [a, b] = [first[i], second[i]];
      return a?.status === 200 && typeof a.body === 'object' && isDeepStrictEqual(a.body, b?.body);
    })
    .map((op) => op.path.replace(/^\/api/, ''));
}

/**
 * A signed-in device's `lastSeenAt` moves with any authenticated request (at most once a
 * minute, service-kit sessions.ts): a read, not a change to the stored data.
 */
const withoutLastSeen = (body: unknown): unknown =>
  JSON.parse(
    JSON.stringify(body ?? null, (key, value: unknown) =>
      key === 'lastSeenAt' ? undefined : value,
    ),
  );

async function snapshot(paths: string[]): Promise<Record<string, unknown>> {
  const answers = await Promise.all(paths.map((p) => t.api('GET', p, { token: admin })));
  return Object.fromEntries(paths.map((p, i) => [p, withoutLastSeen(answers[i]?.body)]));
}

/**
 * Every queue but the reminders: an accepted write may schedule a reminder days ahead, a delayed
 * job that is no work left of the batch.
 */

/** A snapshot once the queued work of the accepted writes is done: every outbox and queue drained. */
async function settledSnapshot(paths: string[]): Promise<Record<string, unknown>> {
  await platformSettled(
    t.port,
    registry.services.map((s) => s.name),
    DRAINABLE_QUEUES,
  );
  return snapshot(paths);
}

const tokenOf = (request: BadRequest) =>
  request.caller === 'admin'
    ? fuzzAdmin.token
    : request.caller === 'player'
      ? fuzzPlayer.token
      : request.caller === 'forged'
        ? FORGED
        : undefined;

/** Sends one request; a connection the gateway drops answers status 0. */
async function send(request: BadRequest): Promise<ApiAnswer> {
  try {
    return await t.api(request.method, request.path, {
      token: tokenOf(request),
      body: request.body,
      headers: request.headers,
    });
  } catch (err) {
    const text = `no answer: ${(err as Error).message} ${String((err as Error).cause ?? '')}`;
    return { status: 0, headers: new Headers(), body: text, text };
  }
}

/** What is wrong with an answer, or nothing. */
function faultsOf(answer: ApiAnswer): string[] {
  const faults: string[] = [];
  if (answer.status >= 500 || answer.status === 0) faults.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    const body = answer.body as { success?: unknown; error?: unknown; code?: unknown };
    if (!(answer.headers.get('content-type') ?? '').includes('application/json'))
      faults.push(`error as ${answer.headers.get('content-type') ?? 'no content type'}`);
    if (
      typeof body !== 'object' ||
      body === null ||
      body.success !== false ||
      typeof body.error !== 'string' ||
      body.error === '' ||
      typeof body.code !== 'string'
    )
      faults.push('error body is not { success: false, error, code }');
    for (const [what, pattern] of LEAKS)
      if (pattern.test(answer.text)) faults.push(`leaks ${what}`);
  }
  return faults;
}

/** Runs `work` over `items`, at most `limit` at a time, in order of the answers' index. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

/** Signs the run's own admin and player in again (or replaces them) when a request ended them. */
async function keepSessions() {
  const alive = async (member: Member) =>
    (await t.api('GET', '/user/team', { token: member.token })).status === 200;
  const renew = async (member: Member, role: 'admin' | 'player') => {
    if (await alive(member)) return member;
    try {
      return { ...member, token: await t.signIn(member.email, member.password) };
    } catch {
      return t.createMember(role);
    }
  };
  fuzzAdmin = await renew(fuzzAdmin, 'admin');
  fuzzPlayer = await renew(fuzzPlayer, 'player');
}

it(`when ${RUNS} generated malformed requests reach every route, then none fails the server, every error is the JSON body and refused writes change nothing`, async () => {
  const left = operations.filter(
    (op) =>
      !op.path.startsWith('/api/') ||
      LEFT_OUT.some((l) => l.method === op.method && l.path.test(op.path)),
  );
  const routes = operations.filter((op) => !left.includes(op));
  expect(routes.length).toBeGreaterThan(40);

  // Every route gets its share: one fast-check sample per route, each from the seed and the route.
  const perRoute = Math.ceil(RUNS / routes.length);
  const samples = routes.map((op, i) =>
    fc.sample(badRequestFor(op), { seed: SEED + i, numRuns: perRoute }),
  );
  // Round robin, so a batch holds a little of every route. Writes that take no input at all
  // (reset the branding, mark all read) are right whatever is sent: they go last, outside the
  // data comparison, whose batches must hold refused writes only.
  const takesNoInput = (op: Operation) =>
    isWrite(op.method) && !op.body && op.pathParams.length === 0 && op.query.length === 0;
  const interleaved = Array.from({ length: perRoute }, (_, k) =>
    samples.flatMap((s) => s.slice(k, k + 1)),
  ).flat();
  const chunks = (list: BadRequest[]) =>
    Array.from({ length: Math.ceil(list.length / BATCH) }, (_, i) =>
      list.slice(i * BATCH, (i + 1) * BATCH),
    );
  const batchList = [
    ...chunks(interleaved.filter((r) => !takesNoInput(r.op))),
    ...chunks(interleaved.filter((r) => takesNoInput(r.op))),
  ];
  const requests = batchList.flat();

  const paths = await snapshotRoutes();
  expect(paths.length).toBeGreaterThan(3);

  const counts = new Map<string, Map<number, number>>();
  const faults: string[] = [];
  const acceptedWrites: string[] = [];
  const changedByRefused: string[] = [];
  const serviceOf = new Map(
    operations.map((op) => [op.path.replace(/^\/api/, ''), op.service] as const),
  );
  let batches = 0;
  let comparisons = 0;
  let refusedWrites = 0;
  let before = await settledSnapshot(paths);

  for (const batch of batchList) {
    batches += 1;
    const answers = await pool(batch, CONCURRENCY, send);
    // Services whose data a request of this batch was allowed to change (a write answered
    // below 400). Accounts flow from auth to every service, so an accepted auth write excuses all;
    // so does an accepted write of the club's settings, whose title the team named after the club
    // takes (auth), and with it every copy of that team (its room's name in chat, events).
    const accepted = new Set<string>();
    batch.forEach((request, i) => {
      const answer = answers[i] as ApiAnswer;
      const route = routeOf(request.op);
      const byStatus = counts.get(route) ?? new Map<number, number>();
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      counts.set(route, byStatus);
      for (const fault of faultsOf(answer)) {
        faults.push(
          `${fault}: ${request.method} /api${request.path.slice(0, 120)} (${request.how}, ${request.caller}, body ${JSON.stringify(request.body?.slice(0, 80))}) → ${answer.text.slice(0, 200)}`,
        );
      }
      if (!isWrite(request.method)) return;
      if (answer.status < 400) {
        accepted.add(request.op.path.startsWith('/api/settings') ? 'auth' : request.op.service);
        acceptedWrites.push(`${request.method} ${request.path.slice(0, 60)} (${request.how})`);
      } else {
        refusedWrites += 1;
      }
    });
    await keepSessions();
    const after = accepted.size > 0 ? await settledSnapshot(paths) : await snapshot(paths);
    for (const p of paths) {
      const service = serviceOf.get(p) ?? '';
      if (accepted.has(service) || accepted.has('auth')) continue;
      comparisons += 1;
      if (!isDeepStrictEqual(before[p], after[p]))
        changedByRefused.push(`GET /api${p} changed in batch ${batches} (${service} refused all)`);
    }
    before = after;
  }

  const statuses = [...new Set([...counts.values()].flatMap((m) => [...m.keys()]))].sort();
  const table = [
    `bad input: ${requests.length} requests, seed ${SEED} (BAD_INPUT_SEED), ${routes.length} routes` +
      (left.length ? `, left out: ${left.map(routeOf).join(', ')}` : ''),
    ['route'.padEnd(52), ...statuses.map((s) => String(s).padStart(5))].join(''),
    ...[...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, byStatus]) =>
        [route.padEnd(52), ...statuses.map((s) => String(byStatus.get(s) ?? '').padStart(5))].join(
          '',
        ),
      ),
    `stored data: ${paths.length} admin list routes read after each of ${batches} batches, ` +
      `${comparisons} of ${paths.length * batches} reads compared (their service refused every ` +
      `write of the batch); ${refusedWrites} writes refused, ${acceptedWrites.length} accepted`,
    `faults: ${faults.length}`,
  ].join('\n');
  console.log(table);

  expect(requests.length).toBeGreaterThanOrEqual(2_000);
  expect(faults.slice(0, 30)).toEqual([]);
  expect(changedByRefused).toEqual([]);
  expect(comparisons).toBeGreaterThan((paths.length * batches) / 2);
  // Every route was reached.
  expect(routes.filter((op) => !counts.has(routeOf(op))).map(routeOf)).toEqual([]);
}, 900_000);
