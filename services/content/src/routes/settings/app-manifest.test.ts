import sharp from 'sharp';
import request from 'supertest';
import { startContent, type ContentHarness } from '../../../test/harness';

let h: ContentHarness;
let admin: string;
beforeAll(async () => {
  h = await startContent();
  admin = await h.tokenFor('admin');
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await request(h.server).post('/api/settings/reset').set(auth(admin));
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

const manifest = async () => {
  const res = await request(h.server).get('/api/settings/manifest');
  expect(res.status).toBe(200);
  return { res, body: JSON.parse(res.text) as { icons: Icon[]; [field: string]: unknown } };
};

const png = async (src: string) => {
  const res = await request(h.server)
    .get(src)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { res, bytes: res.body as Buffer };
};

/** A 64 × 64 red square, as an admin would upload it. */
const redLogo = async () => {
  const bytes = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString('base64')}`;
};

describe('GET /api/settings/manifest', () => {
  it('when nobody is signed in, then the manifest follows the default branding', async () => {
    const { res, body } = await manifest();

    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(body).toMatchObject({
      name: 'TeamApp',
      short_name: 'TeamApp',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    expect(body.icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });

  it('when an admin changes the title and header colour, then the manifest follows', async () => {
    await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .send({ appTitle: 'Riverside Rovers Football Club', headerColor: '#7c2d12' });

    const { body } = await manifest();

    expect(body).toMatchObject({
      name: 'Riverside Rovers Football Club',
      short_name: 'Riverside',
      theme_color: '#7c2d12',
    });
  });

  it('when the browser asks again with the ETag it has, then 304', async () => {
    const { res } = await manifest();

    const again = await request(h.server)
      .get('/api/settings/manifest')
      .set('If-None-Match', res.headers.etag!);

    expect(again.status).toBe(304);
  });
});

describe('GET /api/settings/icons/:file', () => {
  it('when there is no logo, then each icon is a PNG of its size with the default mark on the header colour', async () => {
    const { body } = await manifest();

    for (const icon of body.icons) {
      const { res, bytes } = await png(icon.src);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      // The corner is the header colour (#2563eb), opaque.
      const corner = await sharp(bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw();
      expect([...(await corner.toBuffer())]).toEqual([0x25, 0x63, 0xeb, 255]);
    }
  });

  it('when an admin uploads a logo, then the icons are made from it under a new version, the maskable one inside the safe zone', async () => {
    const before = (await manifest()).body.icons;
    await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: await redLogo() });

    const after = (await manifest()).body.icons;
    expect(after[0]!.src).not.toBe(before[0]!.src);

    const icon = await png(after[1]!.src);
    expect(icon.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const centre = await sharp(icon.bytes)
      .extract({ left: 256, top: 256, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...centre]).toEqual([255, 0, 0, 255]);
    // Transparent logo background by default: the corner shows through.
    const corner = await sharp(icon.bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0);

    const maskable = await png(after[2]!.src);
    const stats = await sharp(maskable.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (y * stats.info.width + x) * stats.info.channels;
      return [...stats.data.subarray(i, i + 3)];
    };
    expect(at(256, 256)).toEqual([255, 0, 0]);
    // Outside the middle 80 % circle the header colour only: the logo is within the safe zone.
    expect(at(256, 40)).toEqual([0x25, 0x63, 0xeb]);
    expect(at(60, 60)).toEqual([0x25, 0x63, 0xeb]);
  });

  it('when the icon is asked under an old version, then it is the current one and not kept for long', async () => {
    const { res } = await png('/api/settings/icons/icon-192.png?v=old');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('when the browser asks again with the ETag it has, then 304', async () => {
    const first = await png('/api/settings/icons/icon-192.png');

    const again = await request(h.server)
      .get('/api/settings/icons/icon-192.png')
      .set('If-None-Match', first.res.headers.etag!);

    expect(again.status).toBe(304);
  });

  it('when the file is not one of the icons, then 400 naming the file', async () => {
    const res = await request(h.server).get('/api/settings/icons/icon-64.png');

    expect(res.status).toBe(400);
    expect(res.body.error).toContain('file must be one of icon-192.png');
  });
});
