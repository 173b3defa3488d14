/**
 * Prometheus metrics (prom-client), one registry per service: requests by route template and
 * status with their duration, the depth of every queue the service uses, its outbox backlog, the
 * event loop lag and Node's default metrics. They are served on a port of their own
 * (METRICS_PORT, by default the service port + 1000), which the gateway never routes to.
 */
import { createServer, type Server } from 'node:http';
import type { Context, Next } from 'koa';
import client from 'prom-client';
import type { Logger } from './logger';

/** The job states counted per queue. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** What the queue-depth gauge reads: job counts per state of one queue. */
export interface QueueDepthSource {
  name: string;
  getJobCounts: (...states: QueueState[]) => Promise<Record<string, number>>;
}

export interface ServiceMetrics {
  registry: client.Registry;
  /** Koa middleware counting and timing each request by route template, method and status. */
  middleware: (ctx: Context, next: Next) => Promise<void>;
  /** Where the queue-depth gauge looks (called at each scrape). */
  watchQueues: (list: () => QueueDepthSource[]) => void;
  /** Where the outbox-backlog gauge looks (called at each scrape). */
  watchOutbox: (pending: () => Promise<number>) => void;
  /**
   * A counter of the service's own, by one label (keep its values few: a team, never a member):
   * what `inc(value)` counts shows in the scrape as `name{label="value"}`.
   */
  counter: (name: string, help: string, label: string) => (value: string) => void;
  /** The Prometheus text exposition. */
  render: () => Promise<{ contentType: string; body: string }>;
}

export function createMetrics(service: string): ServiceMetrics {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new RequestSeries();
  registry.registerMetric(requests.counter());
  registry.registerMetric(requests.histogram());

  let queueSources: () => QueueDepthSource[] = () => [];
  new client.Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue the service uses, by state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      await Promise.all(
        queueSources().map(async (queue) => {
          try {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES)
              this.set({ queue: queue.name, state }, counts[state] ?? 0);
          } catch {
            // Redis is away: the queue is left out of this scrape rather than failing it.
          }
        }),
      );
    },
  });

  let outboxPending: (() => Promise<number>) | undefined;
  new client.Gauge({
    name: 'outbox_backlog',
    help: 'Jobs written to the outbox that have not reached their queue yet.',
    registers: [registry],
    async collect() {
      if (!outboxPending) return;
      try {
        this.set(await outboxPending());
      } catch {
        // The database is away; /ready reports that.
      }
    },
  });

  return {
    registry,
    async middleware(ctx, next) {
      const started = performance.now();
      try {
        await next();
      } finally {
        // The router's path template, never the raw URL (ids would make a series each).
        const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
        requests.observe(
          ctx.method,
          typeof matched === 'string' ? matched : 'unmatched',
          ctx.status,
          (performance.now() - started) / 1000,
        );
      }
    },
    watchQueues: (list) => {
      queueSources = list;
    },
    watchOutbox: (pending) => {
      outboxPending = pending;
    },
    counter(name, help, label) {
      const counter = new client.Counter({
        name,
        help,
        labelNames: [label],
        registers: [registry],
      });
      return (value) => counter.inc({ [label]: value });
    },
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** Serves GET /metrics on its own port; anything else is a 404. */
export async function listenMetrics(
  metrics: ServiceMetrics,
  port: number,
  host: string,
  log?: Logger,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log?.error({ err }, 'metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}

/** Upper bounds (seconds) of the request-duration buckets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

interface Series {
  labels: { method: string; route: string; status: string };
  /** Requests per bucket (not cumulative); the last counts those above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

type MetricValue = {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
};

/**
 * http_requests_total and http_request_duration_seconds, kept as plain numbers per series and
 * written out for prom-client only when Prometheus scrapes. Counting every answer through
 * prom-client's Counter and Histogram (label objects hashed and checked on each request) was a
 * tenth of a cached read's cost; here a request is one map lookup and three additions.
 */
class RequestSeries {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let one = this.series.get(key);
    if (!one) {
      one = {
        labels: { method, route, status: String(status) },
        buckets: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, one);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    one.buckets[bucket]! += 1;
    one.sum += seconds;
    one.count += 1;
  }

  /** The request count, as prom-client's registry reads a metric. */
  counter() {
    return this.metric(
      'http_requests_total',
      'HTTP requests answered, by route template, method and status.',
      'counter',
      () => [...this.series.values()].map((one) => ({ value: one.count, labels: one.labels })),
    );
  }

  /** The request durations, in prom-client's histogram shape (cumulative buckets, sum, count). */
  histogram() {
    const name = 'http_request_duration_seconds';
    return this.metric(
      name,
      'Time to answer an HTTP request, by route template, method and status.',
      'histogram',
      () =>
        [...this.series.values()].flatMap((one) => {
          let below = 0;
          const values: MetricValue[] = DURATION_BUCKETS.map((le, i) => {
            below += one.buckets[i]!;
            return { value: below, labels: { ...one.labels, le }, metricName: `${name}_bucket` };
          });
          values.push(
            {
              value: one.count,
              labels: { ...one.labels, le: '+Inf' },
              metricName: `${name}_bucket`,
            },
            { value: one.sum, labels: one.labels, metricName: `${name}_sum` },
            { value: one.count, labels: one.labels, metricName: `${name}_count` },
          );
          return values;
        }),
    );
  }

  private metric(
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => MetricValue[],
  ) {
    const metric = {
      name,
      help,
      type,
      aggregator: 'sum' as const,
      get: async () => ({ name, help, type, aggregator: metric.aggregator, values: values() }),
      reset: () => this.series.clear(),
    };
    return metric as unknown as client.Metric;
  }
}
