/**
 * Waits until the platform has done all the queued work a test caused: the named services'
 * outboxes are empty and the named queues hold no job waiting, running or waiting for a retry,
 * as the services' own metrics report them (each on its port + 1000). A test awaits this before it
 * asserts that something did not happen: a mail or notification still on its way has arrived
 * by then.
 */
import { METRICS_PORT_OFFSET } from '@teamapp/service-kit';
import type { QueueName } from '@teamapp/contracts';
import { eventually } from '@teamapp/service-kit/testing';
import { loadRegistry } from '../../scripts/lib/registry';
import { E2E_PORT } from './config';

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

async function scrape(portOffset: number): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${E2E_PORT + portOffset + METRICS_PORT_OFFSET}/metrics`,
  );
  if (!res.ok) throw new Error(`metrics answered ${res.status}`);
  return res.text();
}

/**
 * `services`: the ones whose outboxes and queues the awaited work passes through (each must
 * serve its metrics); `queues`: the queues it travels on.
 */
export async function settled(services: string[], queues: QueueName[]): Promise<void> {
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
        const texts = await Promise.all(ports.map(scrape));
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
