import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createServiceApp, createRouter } from './app';
import { createLogger } from './logger';
import { createMetrics, listenMetrics } from './metrics';
import type { PublicContext } from './validate';

const metrics = createMetrics('teams');
let backlog = 3;
metrics.watchOutbox(async () => backlog);
metrics.watchQueues(() => [
  { name: 'mail', getJobCounts: async () => ({ waiting: 2, active: 1, delayed: 0, failed: 4 }) },
]);

const router = createRouter('/api/teams');
router.get('/slow/:id', async (ctx: PublicContext) => {
  // A real 12 ms: what is measured is the time a request really takes, on the metrics library's
  // own clock; past the 10 ms bucket even when Node fires the timer a millisecond early.
  await new Promise((resolve) => setTimeout(resolve, 12));
  ctx.body = { success: true };
});
router.get('/:id', (ctx: PublicContext) => {
  ctx.body = { success: true, id: ctx.params.id };
});
const app = createServiceApp({
  logger: createLogger('teams', 'silent'),
  routers: [router],
  readiness: [],
  metrics,
});

let server: Server;
let base: string;
beforeAll(async () => {
  server = await listenMetrics(metrics, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const scrape = async () => (await fetch(`${base}/metrics`)).text();

describe('service metrics', () => {
  it('when requests are answered, then they are counted by route template and status, not raw URL', async () => {
    await request(app.callback()).get('/api/teams/1');
    await request(app.callback()).get('/api/teams/2');
    await request(app.callback()).get('/api/nothing');

    const text = await scrape();

    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/teams/:id",status="200",service="teams"} 2',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="unmatched",status="404",service="teams"} 1',
    );
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/api\/teams\/:id"/);
    expect(text).not.toContain('/api/teams/1');
  });

  it('when a request takes 12 ms, then its duration lands above the 10 ms bucket, in cumulative buckets, the sum and the count', async () => {
    await request(app.callback()).get('/api/teams/slow/1');

    const text = await scrape();

    const series = (name: string, le?: string) =>
      Number(
        text
          .split('\n')
          .find((line) =>
            line.startsWith(
              `http_request_duration_seconds_${name}{method="GET",route="/api/teams/slow/:id",status="200",${le ? `le="${le}",` : ''}service="teams"} `,
            ),
          )
          ?.split(' ')[1],
      );
    expect(series('bucket', '0.005')).toBe(0);
    expect(series('bucket', '0.01')).toBe(0);
    expect(series('bucket', '+Inf')).toBe(1);
    expect(series('count')).toBe(1);
    expect(series('sum')).toBeGreaterThanOrEqual(0.011);
    // Buckets count every request at or below their bound: they never go down.
    const bounds = [
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '+Inf',
    ];
    const counts = bounds.map((le) => series('bucket', le));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE http_requests_total counter');
  });

  it('when scraped, then queue depth by state, the outbox backlog and the event loop lag are there', async () => {
    backlog = 5;

    const text = await scrape();

    expect(text).toContain('queue_jobs{queue="mail",state="waiting",service="teams"} 2');
    expect(text).toContain('queue_jobs{queue="mail",state="failed",service="teams"} 4');
    expect(text).toContain('outbox_backlog{service="teams"} 5');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds\{service="teams"\} [\d.e-]+/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it("when a service's own counter counts, then each label value shows with its count", async () => {
    const built = metrics.counter('lists_built_total', 'Lists computed afresh.', 'team');
    built('red');
    built('red');
    built('club');

    const text = await scrape();

    expect(text).toContain('lists_built_total{team="red",service="teams"} 2');
    expect(text).toContain('lists_built_total{team="club",service="teams"} 1');
  });

  it('when anything but GET /metrics is asked on the metrics port, then 404', async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('when the service port is asked for /metrics, then it is not there (it is on its own port)', async () => {
    expect((await request(app.callback()).get('/metrics')).status).toBe(404);
  });
});
