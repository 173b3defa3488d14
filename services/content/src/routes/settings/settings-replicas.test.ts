/**
 * GET /api/settings is served from memory and cleared across replicas: two content services on
 * one Redis (one key prefix), as two replicas behind the gateway run.
 */
import sharp from 'sharp';
import request from 'supertest';
import { testRedisPrefix } from '@teamapp/service-kit/testing';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { createSettingsRepo } from '../../db/settings.repo';
import { DEFAULT_SETTINGS } from '../../domain/settings';

let a: ContentHarness;
let b: ContentHarness;
let admin: string;
beforeAll(async () => {
  const prefix = testRedisPrefix();
  a = await startContent({ prefix });
  b = await startContent({ prefix });
  admin = await a.tokenFor('admin');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const title = async (h: ContentHarness) =>
  ((await request(h.server).get('/api/settings')).body as { data: { appTitle: string } }).data
    .appTitle;

/** Writes the title into one replica's store behind its back (no request, so no message). */
const writeQuietly = (h: ContentHarness, appTitle: string) =>
  createSettingsRepo(h.service.base.db).upsert(DEFAULT_SETTINGS, { appTitle });

it('when the store changes without a write request, then the kept answer is still served', async () => {
  await request(b.server)
    .post('/api/settings/reset')
    .set({ Authorization: `Bearer ${admin}` });
  expect(await title(b)).toBe('TeamApp');

  await writeQuietly(b, 'Quiet Change');

  expect(await title(b)).toBe('TeamApp');
});

it('when an admin writes on one replica, then the other reads its store again', async () => {
  await writeQuietly(b, 'Quiet Change');
  expect(await title(b)).not.toBe('Quiet Change');

  const res = await request(a.server)
    .put('/api/settings')
    .set({ Authorization: `Bearer ${admin}` })
    .send({ appTitle: 'Harbour FC' });

  expect(res.status).toBe(200);
  expect(await title(a)).toBe('Harbour FC');
  await eventually(async () => ((await title(b)) === 'Quiet Change' ? true : undefined));
});

it('when a large logo is stored and the client accepts gzip, then the answer is gzipped', async () => {
  const png = await sharp({
    create: {
      width: 120,
      height: 120,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const logo = `data:image/png;base64,${png.toString('base64')}`;
  const stored = await request(a.server)
    .post('/api/settings/logo')
    .set({ Authorization: `Bearer ${admin}` })
    .send({ logoUrl: logo });
  expect(stored.status).toBe(200);

  const res = await request(a.server).get('/api/settings').set('Accept-Encoding', 'gzip');

  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers.vary).toContain('Accept-Encoding');
  expect((res.body as { data: { logoUrl: string } }).data.logoUrl).toBe(logo);
});
