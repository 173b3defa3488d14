/** The content service's metrics: its own queues' depth and its outbox backlog, scraped live. */
import request from 'supertest';
import { startContent, type ContentHarness } from '../test/harness';

let h: ContentHarness;
beforeAll(async () => {
  h = await startContent();
});
afterAll(async () => {
  await h.close();
});

describe('content metrics', () => {
  it('when scraped, then the queues it consumes, its outbox backlog and its routes are reported', async () => {
    await request(h.server).get('/api/settings');

    const { body } = await h.service.base.metrics.render();

    expect(body).toMatch(
      /queue_jobs\{queue="notifications",state="waiting",service="content"\} \d+/,
    );
    expect(body).toMatch(/queue_jobs\{queue="members",state="failed",service="content"\} \d+/);
    expect(body).toMatch(/outbox_backlog\{service="content"\} \d+/);
    expect(body).toContain(
      'http_requests_total{method="GET",route="/api/settings",status="200",service="content"} 1',
    );
  });
});
