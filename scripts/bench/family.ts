/**
 * Benchmark: a guardian's merged schedule on a club of many teams (PostgreSQL, as
 * `npm run bench:teams`): the club of seed.ts's seedTeamsClub (30 teams, 600 members, 3,000
 * events over a season, with answers), plus three young players without a login, each in another
 * team (teams 2, 3 and 4), and one guardian of all three: a member in no team of their own, who
 * answers for each child on half of the child's upcoming events.
 *
 * Measured through nginx, one request at a time, READS rounds each asking, in turn, the
 * guardian's GET /api/events (the club-wide events and the three children's teams', with the
 * children's entries), the guardian's GET /api/family, and, as the baseline, a player of one team
 * reading GET /api/events: per read the answer's size (JSON, and gzip as sent) and p50 / p99 time,
 * each against the player's list (ratio). The guardian's list must hold no event of a team none
 * of the children is in.
 *
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * Run: npm run bench:family   (BENCH_READS, BENCH_TEAMS, BENCH_MEMBERS, BENCH_SEASON_EVENTS, BENCH_PORT)
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import { call, urlOf } from '@teamapp/api-client';
import { eventsEndpoints, familyEndpoints, type AnyEndpoint } from '@teamapp/contracts';
import { createTestDatabase } from '@teamapp/service-kit/testing';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { quantile } from '@teamapp/platform/stats';
import { addMembers, inBatches, seedTeamsClub, signIn, until } from './seed';
import { compiledServices, startBenchPlatform } from './running';
import { runMain } from './run-main';

const READS = Number(process.env.BENCH_READS ?? 200);
const TEAMS = Number(process.env.BENCH_TEAMS ?? 30);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 600);
const SEASON_EVENTS = Number(process.env.BENCH_SEASON_EVENTS ?? 3000);
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 24800);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
const PASSWORD = 'Bench!Player1';
const GUARDIAN = { email: 'guardian@bench.test', password: PASSWORD, name: 'Robin Guardian' };
/** The children's teams (indexes of the club's teams): none of them is the player's team 1. */
const CHILD_TEAMS = [1, 2, 3];
const RUNNING = ['auth', 'events'];

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** One answer as sent (gzip asked, as a browser does) and the JSON inside it. */
function asSent(url: string, token: string): Promise<{ gzip: number; json: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: { 'Accept-Encoding': 'gzip', Authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode !== 200)
              return reject(new Error(`${url} answered ${res.statusCode}`));
            const gzipped = res.headers['content-encoding'] === 'gzip';
            resolve({
              gzip: body.length,
              json: gzipped ? gunzipSync(body).length : body.length,
            });
          });
        },
      )
      .on('error', reject);
  });
}

/** One read, timed from sending to the last byte, over a kept-alive connection. */
function timedRead(url: string, token: string, agent: http.Agent): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { agent, headers: { 'Accept-Encoding': 'gzip', Authorization: `Bearer ${token}` } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${url} answered ${res.statusCode}`)),
          );
        },
      )
      .on('error', reject);
  });
}

interface Read {
  measure: string;
  endpoint: AnyEndpoint;
  token: string;
}

export interface FamilyFigures {
  measure: string;
  json: number;
  gzip: number;
  p50: number;
  p99: number;
}

async function main() {
  const registry = await compiledServices(RUNNING);
  const database = await createTestDatabase(PG_URL).catch(() => null);
  if (!database?.url) throw new Error(`bench:family needs a PostgreSQL server at ${PG_URL}`);
  const port = await findFreePortBlock(PREFERRED_PORT);
  const log = (what: string) => process.stderr.write(`${what}\n`);
  log(`starting Redis, ${RUNNING.join(', ')} and nginx on PostgreSQL...`);
  const platform = await startBenchPlatform('bench-family', {
    port,
    databaseUrl: database.url,
    compiled: true,
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    registry,
    loginRatePerMinute: 6000,
    loginBurst: 1000,
  });
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const club = await seedTeamsClub(gateway, {
      admin: ADMIN,
      password: PASSWORD,
      teams: TEAMS,
      members: MEMBERS,
      events: SEASON_EVENTS,
      log,
    });
    const { admin, teamIds, teamOfEvent, upcoming } = club;
    const player = club.sessionOf(club.player);

    log('three young players in three teams, and their guardian...');
    const children: string[] = [];
    for (const [n, team] of CHILD_TEAMS.entries()) {
      const { data } = await call(admin, familyEndpoints.addChild, {
        body: {
          name: `Young Player ${n + 1}`,
          dateOfBirth: `201${3 + n}-05-0${n + 1}`,
          teamId: teamIds[team]!,
        },
      });
      children.push(data.id);
    }
    // The guardian is a member in no team; linked by address to each child.
    await addMembers(admin, [{ ...GUARDIAN, role: 'player' }]);
    for (const child of children) {
      await call(admin, familyEndpoints.addGuardian, {
        params: { childId: child },
        body: { email: GUARDIAN.email, relation: 'Parent' },
      });
    }
    // The session names the children from sign-in on.
    const guardian = await signIn(gateway, GUARDIAN);
    const childTeams = new Set(CHILD_TEAMS.map((t) => teamIds[t]!));
    await until('the children reaching the events service', async () => {
      const { events } = await call(guardian.request, eventsEndpoints.list, { query: {} });
      const teams = new Set(events.flatMap((e) => (e.teamId ? [e.teamId] : [])));
      return [...childTeams].every((t) => teams.has(t));
    });
    // The guardian answers for each child on every other of the child's upcoming events.
    const answers = children.flatMap((child, n) =>
      upcoming
        .filter(([, i]) => teamOfEvent(i) === teamIds[CHILD_TEAMS[n]!] || teamOfEvent(i) === null)
        .filter((_, k) => k % 2 === 0)
        .map(([id], k) => ({ child, id, status: k % 3 === 2 ? 'maybe' : 'attending' }) as const),
    );
    log(`the guardian answers ${answers.length} times for the children...`);
    await inBatches(answers.length, 10, (k) =>
      call(guardian.request, eventsEndpoints.rsvp, {
        params: { id: answers[k]!.id },
        body: { status: answers[k]!.status, forUserId: answers[k]!.child },
      }),
    );

    const { events } = await call(guardian.request, eventsEndpoints.list, { query: {} });
    const strangers = events.filter((e) => e.teamId && !childTeams.has(e.teamId));
    const family = await call(guardian.request, familyEndpoints.family);
    process.stdout.write(
      `the guardian reads ${events.length} events (${events.filter((e) => !e.teamId).length} club-wide), ${strangers.length} of teams none of the children is in (aim 0: ${mark(strangers.length === 0)}); /api/family: ${family.data.children.length} children, ${family.data.children.map((c) => c.events.length).join(' + ')} events\n`,
    );

    const reads: Read[] = [
      {
        measure: `GET /api/events, a player of 1 of ${TEAMS} teams (baseline)`,
        endpoint: eventsEndpoints.list,
        token: player.token,
      },
      {
        measure: `GET /api/events, a guardian of 3 children in 3 teams`,
        endpoint: eventsEndpoints.list,
        token: guardian.token,
      },
      {
        measure: 'GET /api/family, the same guardian',
        endpoint: familyEndpoints.family,
        token: guardian.token,
      },
    ];
    const urlFor = (r: Read) => `${gateway}/api${urlOf(r.endpoint, {})}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const times = reads.map(() => [] as number[]);
    // Warm up, then READS rounds, the three reads in turn (so they share the machine's moods).
    for (let round = -10; round < READS; round++) {
      for (const [k, r] of reads.entries()) {
        const ms = await timedRead(urlFor(r), r.token, agent);
        if (round >= 0) times[k]!.push(ms);
      }
    }
    agent.destroy();
    const figures: FamilyFigures[] = [];
    for (const [k, r] of reads.entries()) {
      const sorted = times[k]!.sort((a, b) => a - b);
      const size = await asSent(urlFor(r), r.token);
      figures.push({
        measure: r.measure,
        ...size,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
      });
    }
    const base = figures[0]!;
    const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    const lines = figures.map(
      (f) =>
        `${f.measure}: ${kb(f.json)} JSON, ${kb(f.gzip)} gzip; p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms` +
        (f === base
          ? ''
          : ` (x${(f.p50 / base.p50).toFixed(2)} p50, x${(f.p99 / base.p99).toFixed(2)} p99, x${(f.json / base.json).toFixed(2)} bytes of the player's)`),
    );
    process.stdout.write(
      `${READS} reads each, one at a time through nginx, PostgreSQL (load ${os.loadavg()[0]!.toFixed(2)}):\n${lines.map((l) => `  ${l}`).join('\n')}\n`,
    );
    if (process.env.BENCH_JSON)
      writeFileSync(
        process.env.BENCH_JSON,
        JSON.stringify(
          figures.map((f) => ({
            measure: `family: ${f.measure}`,
            result: `${kb(f.json)} (${kb(f.gzip)} gzip), p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms`,
            baseline: f === base ? '' : `player p50 ${base.p50.toFixed(1)} ms`,
            ratio: f === base ? '' : (f.p50 / base.p50).toFixed(2),
            aim: f === figures[1] ? 'no other team' : '',
            ok: f === figures[1] ? strangers.length === 0 : undefined,
          })),
        ),
      );
    if (strangers.length) process.exitCode = 1;
  } finally {
    await platform.stop();
    await database.drop();
  }
}

runMain(main);
