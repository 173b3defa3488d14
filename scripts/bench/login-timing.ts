/**
 * Benchmark: sign-in answer times for an account that exists (wrong password) against one that
 * does not, and, once each is being throttled, the 429s for both. Equal times say nothing about
 * which accounts exist. The auth service runs in-process on PGlite and the Redis at REDIS_URL.
 * Run: node --import tsx scripts/bench/login-timing.ts   (prints medians and their ratios)
 */
import { randomBytes } from 'node:crypto';
import { createAuthService } from '@teamapp/auth/src/app';
import { loadAuthConfig } from '@teamapp/auth/src/config';
import { median } from '@teamapp/platform/stats';
import { runMain } from './run-main';

const BENCH_CLIENT = { address: '127.0.0.1', userAgent: 'login-timing bench' };
const RUNS = 5;
const ROUNDS = 8;

async function main() {
  const service = await createAuthService(
    loadAuthConfig({
      NODE_ENV: 'test',
      SERVICE_PORT: '0',
      DATA_DIR: 'memory://',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `teamapp-bench:${randomBytes(4).toString('hex')}:`,
      ADMIN_EMAIL: 'bench-admin@bench.test',
      ADMIN_PASSWORD: 'Bench!Admin1',
      LOG_LEVEL: 'silent',
    }),
  );
  const times = { known: [] as number[], unknown: [] as number[] };
  const throttled = { known: [] as number[], unknown: [] as number[] };
  const timed = async (email: string) => {
    const started = performance.now();
    const outcome = await service.deps.sessions.login(email, 'Wrong!Guess1', BENCH_CLIENT).then(
      () => 200,
      (err: { status?: number }) => err.status ?? 500,
    );
    return { ms: performance.now() - started, outcome };
  };
  try {
    // Each round a fresh pair: 5 failures each (timed alternately), then one throttled try each.
    for (let round = 0; round < ROUNDS; round++) {
      const known = `member${round}@bench.test`;
      await service.deps.users.create({
        name: `Member ${round}`,
        email: known,
        role: 'player',
        password: 'Right!Pass12',
      });
      const unknown = `nobody${round}@bench.test`;
      // Which goes first alternates, so neither gains from a warm cache.
      const pair = (
        [
          ['known', known],
          ['unknown', unknown],
        ] as const
      ).slice();
      if (round % 2) pair.reverse();
      for (let i = 0; i < RUNS; i++) {
        for (const [kind, email] of pair) {
          const { ms, outcome } = await timed(email);
          if (outcome !== 401) throw new Error(`expected 401, got ${outcome}`);
          times[kind].push(ms);
        }
      }
      for (const [kind, email] of pair) {
        const { ms, outcome } = await timed(email);
        if (outcome !== 429) throw new Error(`expected 429, got ${outcome}`);
        throttled[kind].push(ms);
      }
    }
  } finally {
    await service.close();
  }
  const row = (label: string, a: number[], b: number[]) =>
    `${label.padEnd(28)} ${median(a).toFixed(1).padStart(8)} ms ${median(b).toFixed(1).padStart(8)} ms   ratio ${(median(b) / median(a)).toFixed(2)}`;
  process.stdout.write(
    [
      `sign-in answer times (median of ${ROUNDS * RUNS} wrong-password tries, ${ROUNDS} throttled)`,
      `${''.padEnd(28)} ${'known'.padStart(11)} ${'unknown'.padStart(11)}`,
      row('401 (password checked)', times.known, times.unknown),
      row('429 (waiting, no check)', throttled.known, throttled.unknown),
      '',
    ].join('\n'),
  );
}

runMain(main);
