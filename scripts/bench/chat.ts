/**
 * Benchmark: live delivery across two chat replicas, and history
 * paging that stays flat however long a room grows.
 *
 * 1. Delivery: two chat processes (`services/chat/src/server.ts`, each its own Node process) on
 *    one Redis and one PostgreSQL database, as two replicas behind the gateway. 200 members each
 *    open a live socket (ticket, then WebSocket), alternately on either process, and all are in
 *    one group room. An admin posts messages, alternately through either process, at a steady
 *    pace; every socket notes when each message frame arrives. Printed: the time from just
 *    before the POST to the frame's arrival over every (message, client) pair, p50 and p99 (aim:
 *    p99 at most 100 ms), and the frames delivered versus expected (must be equal).
 * 2. History: a room with 1,000 messages and one with 100,000. For each, the newest page and a
 *    page deep in the past (`?before=` a message 95 % of the way back), fetched one at a time
 *    many times; medians side by side. Keyset paging on (room_id, created_at, id) keeps the deep
 *    page as fast as the newest, and the large room as fast as the small one.
 *
 * Needs Redis (REDIS_URL) and a PostgreSQL server (BENCH_DATABASE_URL, else DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres); a throwaway database is made and dropped.
 * Run: npm run bench:chat   (BENCH_CLIENTS, BENCH_MESSAGES, BENCH_INTERVAL_MS, BENCH_RUNS)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { chatEndpoints, type ChatMessagesQuery } from '@teamapp/contracts';
import {
  createTestDatabase,
  createTokenMinter,
  serviceTestEnv,
  testRedisPrefix,
  testRedisUrl,
  type TestDatabase,
} from '@teamapp/service-kit/testing';
import { openLiveClient, type LiveClient } from '@teamapp/platform/live-chat';
import { freePort } from '@teamapp/platform/ports';
import { quantile } from '@teamapp/platform/stats';
import { ROOT } from '@teamapp/platform/registry';
import { send } from '@teamapp/api-client';
import { apiAt, liveTicket, openRoom } from './seed';
import { runMain } from './run-main';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const HISTORY_SIZES = [1_000, 100_000];

const ms = (n: number) => `${n.toFixed(1)} ms`;

// --- The two chat processes -------------------------------------------------------------------

interface Replica {
  base: string;
  ws: string;
  child: ChildProcess;
}

async function startReplica(env: Record<string, string | undefined>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/chat/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, SERVICE_PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(1000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error('a chat process exited at start');
    if (Date.now() > deadline) throw new Error(`chat on ${port} did not get ready`);
    await sleep(200);
  }
  return { base, ws: `ws://127.0.0.1:${port}/api/chat/live`, child };
}

// --- Delivery ---------------------------------------------------------------------------------

async function openClient(replica: Replica, token: string): Promise<LiveClient> {
  return openLiveClient(replica.ws, await liveTicket(apiAt(replica.base, token)));
}

async function delivery(replicas: Replica[], db: pg.Client, prefix: string) {
  const minter = createTokenMinter({ redisUrl: testRedisUrl(), prefix });
  const admin = await minter.userFor('admin');
  const players = await Promise.all(
    Array.from({ length: CLIENTS }, () => minter.userFor('player')),
  );
  // The members as auth's member events would have made them (the chat-members consumer's rows).
  const everyone = [admin, ...players];
  await db.query(
    `insert into chat.members (user_id, name, email, role)
     select u, 'Member ' || i, 'm' || i || '@bench.test', 'player'
     from unnest($1::uuid[]) with ordinality as t(u, i)`,
    [everyone.map((u) => u.userId)],
  );
  // The admin's calls, alternately through either process.
  const adminAt = replicas.map((r) => apiAt(r.base, admin.token));
  const room = await openRoom(adminAt[0]!, { name: 'Bench Room', type: 'group' });
  const post = (i: number, content: string, clientId: string) =>
    send(adminAt[i % 2]!, chatEndpoints.send, {
      params: { id: room.id },
      body: { content, clientId },
    });
  process.stdout.write(`  room of ${room.memberCount} members; opening ${CLIENTS} sockets...\n`);

  const clients: LiveClient[] = [];
  for (let i = 0; i < players.length; i += 20) {
    const batch = players.slice(i, i + 20);
    clients.push(
      ...(await Promise.all(
        batch.map((p, k) => openClient(replicas[(i + k) % replicas.length]!, p.token)),
      )),
    );
  }

  // A few warm-up messages (JIT, connection pools), not counted.
  for (let i = 0; i < 5; i++) {
    await post(i, `warm-up ${i}`, randomUUID());
  }
  await sleep(500);

  const sent: { clientId: string; at: number }[] = [];
  const posts: Promise<unknown>[] = [];
  const answered: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const clientId = randomUUID();
    const at = performance.now();
    sent.push({ clientId, at });
    posts.push(
      post(i, `Message ${i + 1} of the benchmark`, clientId).then(() =>
        answered.push(performance.now() - at),
      ),
    );
    await sleep(INTERVAL_MS);
  }
  await Promise.all(posts);
  const expected = MESSAGES * CLIENTS;
  const deadline = Date.now() + 10_000;
  const delivered = () =>
    clients.reduce((n, c) => n + sent.filter((s) => c.arrived.has(s.clientId)).length, 0);
  while (delivered() < expected && Date.now() < deadline) await sleep(100);

  const latencies: number[] = [];
  for (const c of clients) {
    for (const s of sent) {
      const at = c.arrived.get(s.clientId);
      if (at !== undefined) latencies.push(at - s.at);
    }
  }
  latencies.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  for (const c of clients) c.close();
  minter.close();
  return {
    expected,
    delivered: latencies.length,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    postP50: quantile(answered, 0.5),
    postP99: quantile(answered, 0.99),
  };
}

// --- History ----------------------------------------------------------------------------------

async function history(replica: Replica, db: pg.Client, prefix: string) {
  const minter = createTokenMinter({ redisUrl: testRedisUrl(), prefix });
  const admin = await minter.userFor('admin');
  await db.query(`insert into chat.members (user_id, name, role) values ($1, 'History', 'admin')`, [
    admin.userId,
  ]);
  const request = apiAt(replica.base, admin.token);
  const rows: { size: number; newest: number; deep: number; deepCount: number }[] = [];
  for (const size of HISTORY_SIZES) {
    const room = await openRoom(request, { name: `History ${size}`, type: 'group' });
    process.stdout.write(`  seeding ${size.toLocaleString('en-US')} messages...\n`);
    await db.query(
      `insert into chat.messages (room_id, sender_id, content, created_at)
       select $1, $2, 'History message ' || g, now() - make_interval(secs => ($3 - g))
       from generate_series(1, $3::int) g`,
      [room.id, admin.userId, size],
    );
    await db.query('analyze chat.messages');
    // The message 95 % of the way back: the page before it is deep in the past.
    const { rows: deepRows } = await db.query<{ id: string }>(
      `select id from chat.messages where room_id = $1 order by created_at, id offset $2 limit 1`,
      [room.id, Math.floor(size * 0.05)],
    );
    const before = deepRows[0]!.id;
    const time = async (query: ChatMessagesQuery) => {
      const page = () => send(request, chatEndpoints.messages, { params: { id: room.id }, query });
      const times: number[] = [];
      let count = 0;
      // A few untimed first, so the first room measured is not also the cold one.
      for (let i = 0; i < 5; i++) await page();
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const { messages } = await page();
        times.push(performance.now() - started);
        count = messages.length;
      }
      times.sort((a, b) => a - b);
      return { median: quantile(times, 0.5), count };
    };
    const newest = await time({});
    const deep = await time({ before, limit: 50 });
    rows.push({ size, newest: newest.median, deep: deep.median, deepCount: deep.count });
  }
  minter.close();
  return rows;
}

// --- Main -------------------------------------------------------------------------------------

async function main() {
  const database: TestDatabase = await createTestDatabase(SERVER_URL);
  const prefix = testRedisPrefix();
  const env = serviceTestEnv(database, {
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const replicas: Replica[] = [];
  const db = new pg.Client({ connectionString: database.url });
  try {
    process.stdout.write('Starting two chat processes on one Redis and one database...\n');
    // One first, so the migrations run once; then the second replica.
    replicas.push(await startReplica(env));
    replicas.push(await startReplica(env));
    await db.connect();

    process.stdout.write(`\nDelivery: ${CLIENTS} sockets over 2 chat processes, one room\n`);
    const d = await delivery(replicas, db, prefix);
    process.stdout.write(
      [
        `  messages posted: ${MESSAGES}, one every ${INTERVAL_MS} ms, alternately through both processes`,
        `  delivered / expected: ${d.delivered} / ${d.expected}${d.delivered === d.expected ? ' (all)' : ' (MISSING)'}`,
        `  POST to delivery at every client: p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)} (aim: p99 <= 100 ms)`,
        `  (the POST itself answered in p50 ${ms(d.postP50)}, p99 ${ms(d.postP99)})`,
        '',
      ].join('\n'),
    );

    process.stdout.write(`History: median of ${RUNS} GETs one at a time\n`);
    const h = await history(replicas[0]!, db, prefix);
    const pad = (s: string, n: number) => s.padStart(n);
    process.stdout.write(
      `  ${pad('messages in room', 16)}  ${pad('newest page', 12)}  ${pad('deep page', 12)}\n`,
    );
    for (const r of h) {
      process.stdout.write(
        `  ${pad(r.size.toLocaleString('en-US'), 16)}  ${pad(ms(r.newest), 12)}  ${pad(ms(r.deep), 12)}\n`,
      );
    }
    const small = h[0]!;
    const large = h.at(-1)!;
    process.stdout.write(
      `  ratio 100,000 / 1,000: newest ${(large.newest / small.newest).toFixed(2)}x, deep ${(large.deep / small.deep).toFixed(2)}x (flat is about 1x)\n`,
    );
    if (d.delivered !== d.expected) process.exitCode = 1;
  } finally {
    await db.end().catch(() => undefined);
    for (const r of replicas) r.child.kill('SIGTERM');
    await sleep(1000);
    for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await database.drop();
  }
}

runMain(main);
