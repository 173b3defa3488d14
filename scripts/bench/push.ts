/**
 * Benchmark: an event's change reaching the members' phones as a push, against the same change
 * reaching their bell in the app, in the same run.
 *
 * The platform as `npm start` runs it (compiled services, nginx, its own Redis, PGlite) with
 * auth, events, content and chat, and a push service on this machine (the content service's test
 * receiver, services/content/test/push-receiver.ts: an RFC 8030 endpoint that checks each push's
 * VAPID header and decrypts its RFC 8291 payload with the subscription's keys, as a browser's push
 * service and the browser would), listed in PUSH_ALLOWED_ORIGINS. MEMBERS members each turn push
 * on for one device there and open the live socket through the gateway (the bell's live feed).
 *
 * A club-wide event starting in a day (so quiet hours never hold its pushes) is moved to another
 * place RUNS times, one change after the other has reached everyone. Per member and change: the
 * time from just before the PUT through the gateway to the push arriving at the receiver
 * (decrypted), and, as the baseline, to the bell's `notification` frame arriving on the member's
 * socket (the same path, events -> outbox -> queue -> content, ending at the bell instead of a
 * push job per device). Printed: p50 and p99 of both and their ratios (aim: push p99 under 2 s),
 * and every push and bell item delivered once (exits 1 otherwise). A first change, not measured,
 * waits until every member is in the events service's audience.
 *
 * Run: npm run bench:push   (BENCH_MEMBERS, BENCH_RUNS, BENCH_PORT)
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, send } from '@teamapp/api-client';
import {
  eventsEndpoints,
  notificationSettingsEndpoints,
  type ChatServerFrame,
  type EventInput,
  type PushPayload,
} from '@teamapp/contracts';
import { startPushReceiver, type ReceivedPush } from '@teamapp/content/test/push-receiver';
import { openLiveClient, type LiveClient } from '@teamapp/platform/live-chat';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { quantile } from '@teamapp/platform/stats';
import { addEvents, addMembers, inBatches, liveTicket, players, signIn, signInAll } from './seed';
import { compiledServices, startBenchPlatform } from './running';
import { runMain } from './run-main';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 24900);
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };
const PASSWORD = 'Bench!Player1';
const RUNNING = ['auth', 'events', 'content', 'chat'];
/** How long one change has to reach every member before it counts as lost. */
const DELIVERY_TIMEOUT_MS = 60_000;
const P99_AIM_MS = 2000;

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export interface PushFigures {
  members: number;
  runs: number;
  push: { p50: number; p99: number; delivered: number; duplicates: number };
  bell: { p50: number; p99: number; delivered: number; duplicates: number };
  expected: number;
  refused: number;
}

/** Arrivals of one change, by member index: when (performance.now()) and how many times. */
interface Arrivals {
  at: Map<number, number>;
  times: Map<number, number>;
}

const arrivals = (): Arrivals => ({ at: new Map(), times: new Map() });

function note(arrived: Arrivals, member: number, at: number) {
  if (!arrived.at.has(member)) arrived.at.set(member, at);
  arrived.times.set(member, (arrived.times.get(member) ?? 0) + 1);
}

async function main() {
  const registry = await compiledServices(RUNNING);
  const receiver = await startPushReceiver();
  const port = await findFreePortBlock(PREFERRED_PORT);
  process.stderr.write(`starting Redis, ${RUNNING.join(', ')} and nginx...\n`);
  const platform = await startBenchPlatform('bench-push', {
    port,
    compiled: true,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUSH_ALLOWED_ORIGINS: receiver.origin,
    },
    registry,
    loginRatePerMinute: 6000,
    loginBurst: 1000,
  });
  const sockets: LiveClient[] = [];
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const { request: admin } = await signIn(gateway, ADMIN);
    process.stderr.write(`${MEMBERS} members, each with push on one device and a live socket...\n`);
    const accounts = players(MEMBERS, PASSWORD, { pad: 3 });
    await addMembers(admin, accounts, 8);
    const sessions = await signInAll(gateway, accounts, 8);
    /** Subscription id (the endpoint's last segment) -> member index. */
    const deviceOf = new Map<string, number>();
    await inBatches(MEMBERS, 10, async (i) => {
      const device = receiver.subscribe();
      await call(sessions[i]!.request, notificationSettingsEndpoints.subscribe, { body: device });
      deviceOf.set(device.endpoint.split('/').pop()!, i);
    });
    const wsUrl = `${gateway.replace(/^http/, 'ws')}/api/chat/live`;
    await inBatches(MEMBERS, 20, async (i) => {
      sockets[i] = await openLiveClient(wsUrl, await liveTicket(sessions[i]!.request));
    });

    // What each change is told apart by: its place, in the push's body and the bell item's message.
    const byPlace = new Map<string, { push: Arrivals; bell: Arrivals }>();
    const placeIn = (text: string) => / at (Pitch \d+)/.exec(text)?.[1];
    // The receiver keeps what it decrypted in `received`; each push is noted as it is added.
    const received = receiver.received;
    const keep = received.push.bind(received);
    received.push = (...pushes: ReceivedPush[]) => {
      const at = performance.now();
      for (const p of pushes) {
        const place = placeIn((p.payload as PushPayload).body);
        const member = deviceOf.get(p.subscription);
        if (place && member !== undefined) {
          const change = byPlace.get(place);
          if (change) note(change.push, member, at);
        }
      }
      return keep(...pushes);
    };
    sockets.forEach((socket, member) =>
      socket.ws.on('message', (raw) => {
        const at = performance.now();
        const frame = JSON.parse(raw.toString()) as ChatServerFrame;
        if (frame.type !== 'notification') return;
        const place = placeIn(frame.notification.message);
        const change = place ? byPlace.get(place) : undefined;
        if (change) note(change.bell, member, at);
      }),
    );

    const tomorrow = Date.now() + 86_400_000;
    const input: EventInput = {
      title: 'Derby day',
      eventDate: new Date(tomorrow).toISOString(),
      location: 'Club House',
      type: 'game',
      teamId: null,
    };
    const [eventId] = await addEvents(admin, [input]);

    /** Moves the event to `place`; answers when every member has both, or the time is up. */
    const change = async (place: string) => {
      const arrived = { push: arrivals(), bell: arrivals() };
      byPlace.set(place, arrived);
      const started = performance.now();
      await send(admin, eventsEndpoints.update, {
        params: { id: eventId! },
        query: { scope: 'this' },
        body: { ...input, location: place },
      });
      const deadline = started + DELIVERY_TIMEOUT_MS;
      while (
        (arrived.push.at.size < MEMBERS || arrived.bell.at.size < MEMBERS) &&
        performance.now() < deadline
      )
        await sleep(5);
      return { started, ...arrived };
    };

    // Members reach the events service through the queues: the first change to reach all of
    // them on both paths starts the measured ones.
    for (let warm = 0; ; warm++) {
      const first = await change(`Pitch ${100 + warm}`);
      if (first.push.at.size === MEMBERS && first.bell.at.size === MEMBERS) break;
      if (warm === 10) throw new Error('the members never all reached the events service');
    }

    const push: number[] = [];
    const bell: number[] = [];
    let pushDuplicates = 0;
    let bellDuplicates = 0;
    process.stderr.write(`${RUNS} changes, each to ${MEMBERS} members...\n`);
    for (let run = 1; run <= RUNS; run++) {
      const result = await change(`Pitch ${run}`);
      for (const at of result.push.at.values()) push.push(at - result.started);
      for (const at of result.bell.at.values()) bell.push(at - result.started);
      pushDuplicates += [...result.push.times.values()].filter((n) => n > 1).length;
      bellDuplicates += [...result.bell.times.values()].filter((n) => n > 1).length;
    }
    push.sort((a, b) => a - b);
    bell.sort((a, b) => a - b);
    const figures: PushFigures = {
      members: MEMBERS,
      runs: RUNS,
      push: {
        p50: quantile(push, 0.5),
        p99: quantile(push, 0.99),
        delivered: push.length,
        duplicates: pushDuplicates,
      },
      bell: {
        p50: quantile(bell, 0.5),
        p99: quantile(bell, 0.99),
        delivered: bell.length,
        duplicates: bellDuplicates,
      },
      expected: MEMBERS * RUNS,
      refused: receiver.refused.length,
    };
    process.stdout.write(`${pushLines(figures).join('\n')}\n`);
    if (process.env.BENCH_JSON)
      writeFileSync(process.env.BENCH_JSON, JSON.stringify(pushRows(figures)));
    if (!whole(figures)) process.exitCode = 1;
  } finally {
    for (const socket of sockets) socket?.close();
    await platform.stop();
    await receiver.close();
  }
}

const whole = (f: PushFigures) =>
  f.push.delivered === f.expected &&
  f.bell.delivered === f.expected &&
  f.push.duplicates === 0 &&
  f.bell.duplicates === 0 &&
  f.refused === 0;

const ms = (n: number) => `${n.toFixed(0)} ms`;

export function pushLines(f: PushFigures): string[] {
  return [
    `an event's change to ${f.members} members, ${f.runs} times (${f.expected} per path), through the gateway (load ${os.loadavg()[0]!.toFixed(2)}):`,
    `  to the push at the push service (decrypted): p50 ${ms(f.push.p50)}, p99 ${ms(f.push.p99)} (aim p99 < ${P99_AIM_MS} ms: ${mark(f.push.p99 < P99_AIM_MS)}); ${f.push.delivered} delivered, ${f.push.duplicates} twice, ${f.refused} refused`,
    `  to the bell (the live socket's notification frame), baseline: p50 ${ms(f.bell.p50)}, p99 ${ms(f.bell.p99)}; ${f.bell.delivered} delivered, ${f.bell.duplicates} twice`,
    `  ratio push/bell: p50 ${(f.push.p50 / f.bell.p50).toFixed(2)}, p99 ${(f.push.p99 / f.bell.p99).toFixed(2)}; every push and bell item once: ${mark(whole(f))}`,
  ];
}

/** The rows of `npm run bench`'s table. */
function pushRows(f: PushFigures) {
  return [
    {
      measure: `push: event change -> push, ${f.members} members x ${f.runs}`,
      result: `p50 ${ms(f.push.p50)}, p99 ${ms(f.push.p99)}`,
      baseline: `bell p50 ${ms(f.bell.p50)}, p99 ${ms(f.bell.p99)}`,
      ratio: (f.push.p99 / f.bell.p99).toFixed(2),
      aim: `p99 < ${P99_AIM_MS} ms`,
      ok: f.push.p99 < P99_AIM_MS,
    },
    {
      measure: 'push: every push and bell item delivered once',
      result: `${f.push.delivered}/${f.expected} pushes, ${f.bell.delivered}/${f.expected} bell`,
      aim: 'all, once',
      ok: whole(f),
    },
  ];
}

runMain(main);
