/**
 * `npm run jobs`: the queues' failed jobs, which are kept rather than dropped.
 *   npm run jobs                  list failed jobs of every queue
 *   npm run jobs -- retry <queue> put that queue's failed jobs back to be tried again
 * Talks to REDIS_URL, or to the Redis that `npm start` runs (PORT + 10).
 */
import { QUEUE_NAMES, type QueueName } from '@teamapp/contracts';
import { createQueues, createRedis } from '@teamapp/service-kit';

async function ensureReachable(url: string) {
  const redis = createRedis(url, { lazy: true });
  redis.on('error', () => undefined);
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
  } catch {
    throw new Error(`no Redis answers at ${url}; is the platform running? (set REDIS_URL)`);
  } finally {
    redis.disconnect();
  }
}

async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const redisUrl = process.env.REDIS_URL || `redis://127.0.0.1:${port + 10}`;
  await ensureReachable(redisUrl);
  const queues = createQueues({ redisUrl, prefix: process.env.REDIS_PREFIX ?? 'teamapp:' });
  const [command, target] = process.argv.slice(2);
  try {
    if (command === 'retry') {
      if (!target || !(Object.values(QUEUE_NAMES) as string[]).includes(target)) {
        throw new Error(`name a queue: ${Object.values(QUEUE_NAMES).join(', ')}`);
      }
      const failed = await queues.queue(target as QueueName).getFailed();
      await Promise.all(failed.map((job) => job.retry()));
      process.stdout.write(`${failed.length} job(s) of ${target} put back\n`);
      return;
    }
    for (const name of Object.values(QUEUE_NAMES)) {
      const queue = queues.queue(name);
      const counts = await queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'failed',
        'completed',
      );
      process.stdout.write(`${name}: ${JSON.stringify(counts)}\n`);
      for (const job of await queue.getFailed(0, 20)) {
        process.stdout.write(`  ${job.id} attempts=${job.attemptsMade} ${job.failedReason}\n`);
      }
    }
  } finally {
    await queues.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
