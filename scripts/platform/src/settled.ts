/**
 * Waits until a platform on this machine has done all the queued work a test caused: the named
 * services' outboxes are empty and the named queues hold no job waiting, running or waiting for
 * a retry, as the services' own metrics report them (each on its port + 1000). The e2e tests
 * (e2e/support/settled.ts) and the resilience suites await this before they assert that
 * something did not happen, or that the stored data no longer moves.
 */
import { METRICS_PORT_OFFSET } from '@teamapp/service-kit';
import type { QueueName } from '@teamapp/contracts';
import { eventually } from '@teamapp/service-kit/testing';
import { loadRegistry } from './registry';

/** The value of each sample of one metric in a Prometheus text answer, with its labels. */
function samples(text: string, metric: string): { labels: string; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${metric}{`) || line.startsWith(`${metric} `))
    .map((line) => {
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      const labels = line.slice(metric.length, line.lastIndexOf(' '));
      return { labels, value };
    });
}

/**
 * The first copy's metrics are enough for a replicated service: the outbox is its database's
 * table and the queue counts are Redis', which every copy shares.
 */
async function scrape(gatewayPort: number, portOffset: number): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${gatewayPort + portOffset + METRICS_PORT_OFFSET}/metrics`,
  );
  if (!res.ok) throw new Error(`metrics answered ${res.status}`);
  return res.text();
}

/**
 * `gatewayPort`: the platform's base port; `services`: the ones whose outboxes and queues the
 * awaited work passes through (each must serve its metrics); `queues`: the queues it travels on.
 */
export async function platformSettled(
  gatewayPort: number,
  services: readonly string[],
  queues: readonly QueueName[],
): Promise<void> {
  const ports = services.map((name) => {
    const service = loadRegistry().services.find((s) => s.name === name && !s.planned);
    if (!service) throw new Error(`no running service ${name}`);
    return service.portOffset;
  });
  const unfinished = (text: string) =>
    samples(text, 'queue_jobs').filter(
      ({ labels, value }) =>
        value > 0 &&
        queues.some((q) => labels.includes(`queue="${q}"`)) &&
        /state="(waiting|active|delayed)"/.test(labels),
    );
  // First every outbox, then the queues: the jobs the outboxes held are queued by then.
  for (const stage of ['outbox', 'queues'] as const) {
    await eventually(
      async () => {
        const texts = await Promise.all(ports.map((offset) => scrape(gatewayPort, offset)));
        return texts.every((text) =>
          stage === 'outbox'
            ? samples(text, 'outbox_backlog').every((s) => s.value === 0)
            : unfinished(text).length === 0,
        );
      },
      { timeoutMs: 30_000, intervalMs: 200, what: `the platform's ${stage} to settle` },
    );
  }
}
