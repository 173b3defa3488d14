import { crc32 } from 'node:zlib';
import { ADULT_AGE } from '@teamapp/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';

let h: ContentHarness;
let admin: string;
let player: string;
beforeAll(async () => {
  h = await startContent();
  admin = await h.tokenFor('admin');
  player = await h.tokenFor('player');
});
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await request(h.server).post('/api/settings/reset').set(auth(admin));
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const stored = async () => (await request(h.server).get('/api/settings')).body.data;

describe('GET /api/settings', () => {
  it('when nobody is signed in, then the defaults are readable', async () => {
    const res = await request(h.server).get('/api/settings');

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      appTitle: 'TeamApp',
      headerColor: '#2563eb',
      logoBackground: 'transparent',
      logoUrl: null,
    });
  });
});

describe('PUT /api/settings', () => {
  it('when an admin saves, then the new values are returned and stored', async () => {
    const res = await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .send({ appTitle: '  Riverside FC ', headerColor: '#112233', logoBackground: '#ffffff' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ appTitle: 'Riverside FC', headerColor: '#112233' });
    expect(await stored()).toMatchObject({ appTitle: 'Riverside FC', logoBackground: '#ffffff' });
  });

  it('when an admin saves a new title, then the branding is published for the mailer', async () => {
    await request(h.server).put('/api/settings').set(auth(admin)).send({ appTitle: 'Harbour FC' });

    const published = await eventually(async () => {
      const jobs = await h.queues.queue('branding').getJobs(['waiting', 'active', 'completed']);
      return jobs.find((j) => j.data.appTitle === 'Harbour FC');
    });
    expect(published.data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it.each([
    [{ headerColor: 'blue' }, 'headerColor'],
    [{ logoBackground: '#12' }, 'logoBackground'],
    [{ appTitle: '   ' }, 'appTitle'],
    [{ appTitle: 42 }, 'appTitle'],
  ])('when the input is bad (%j), then 400 naming %s and nothing changes', async (body, field) => {
    const res = await request(h.server).put('/api/settings').set(auth(admin)).send(body);

    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(field);
    expect(await stored()).toMatchObject({ appTitle: 'TeamApp', headerColor: '#2563eb' });
  });

  it.each([
    [{ appTitle: 'Changed FC', headerColor: 'not-a-colour' }, 'headerColor'],
    [{ appTitle: 'Changed FC', headerColor: '#000000', logoBackground: 'red' }, 'logoBackground'],
  ])(
    'when a good field comes with a colour that is not one (%j), then 400 naming %s and the stored branding is unchanged',
    async (body, field) => {
      await request(h.server)
        .put('/api/settings')
        .set(auth(admin))
        .send({ appTitle: 'Before FC', headerColor: '#7c2d12', logoBackground: '#ffffff' });
      const before = await stored();

      const res = await request(h.server).put('/api/settings').set(auth(admin)).send(body);

      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.error).toContain(field);
      expect(await stored()).toEqual(before);
    },
  );

  it('when the body is empty, then 400', async () => {
    const res = await request(h.server).put('/api/settings').set(auth(admin)).send({});
    expect(res.status).toBe(400);
  });

  it('when a player tries, then 403 and nothing changes', async () => {
    const res = await request(h.server)
      .put('/api/settings')
      .set(auth(player))
      .send({ appTitle: 'Hijacked' });

    expect(res.status).toBe(403);
    expect((await stored()).appTitle).toBe('TeamApp');
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put('/api/settings').send({ appTitle: 'X' });
    expect(res.status).toBe(401);
  });
});

describe('the adultAge setting (Families)', () => {
  const setAge = (token: string, adultAge: unknown) =>
    request(h.server).put('/api/settings').set(auth(token)).send({ adultAge });
  // A branding reset keeps the adult age: each test puts the default back.
  afterEach(async () => {
    await setAge(admin, ADULT_AGE);
  });

  it('when nothing was set, then it is 18', async () => {
    expect((await stored()).adultAge).toBe(ADULT_AGE);
  });

  it('when an admin sets 17, then it is stored, kept by a reset, and published to auth', async () => {
    const res = await setAge(admin, 17);

    expect(res.status).toBe(200);
    expect(res.body.data.adultAge).toBe(17);
    await request(h.server).post('/api/settings/reset').set(auth(admin));
    expect((await stored()).adultAge).toBe(17);
    const published = await eventually(async () => {
      const jobs = await h.queues
        .queue('auth-branding')
        .getJobs(['waiting', 'active', 'completed']);
      return jobs.find((j) => j.data.adultAge === 17);
    });
    expect(published.data.appTitle).toBe('TeamApp');
  });

  it.each([13, 22, 16.5, '17', null])(
    'when the adult age is %j, then 400 naming adultAge and nothing changes',
    async (value) => {
      const res = await setAge(admin, value);

      expect(res.status).toBe(400);
      expect(res.body.field).toBe('adultAge');
      expect(res.body.error).toBe('adultAge must be a whole number from 14 to 21');
      expect((await stored()).adultAge).toBe(ADULT_AGE);
    },
  );

  it('when a player tries, then 403 and it stays', async () => {
    expect((await setAge(player, 16)).status).toBe(403);
    expect((await stored()).adultAge).toBe(ADULT_AGE);
  });
});

describe('POST /api/settings/logo', () => {
  it('when an admin uploads an image, then it is stored', async () => {
    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: PNG_1PX });

    expect(res.status).toBe(200);
    expect(res.body.data.logoUrl).toBe(PNG_1PX);
    expect((await stored()).logoUrl).toBe(PNG_1PX);
  });

  it("when the data is not an image, then 400 with the reference's message", async () => {
    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: 'data:text/plain;base64,aGVsbG8=' });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please select a valid image file.');
    expect((await stored()).logoUrl).toBeNull();
  });

  it('when the declared type differs from the content, then the type of the content is stored', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();

    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: `data:image/png;base64,${jpeg.toString('base64')}` });

    expect(res.status).toBe(200);
    expect((await stored()).logoUrl).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
  });

  it.each([
    ['bytes that are no image', async () => Buffer.alloc(4096, 1)],
    [
      'an SVG carrying a script',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ],
    [
      'a GIF',
      async () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
    ],
    [
      'a PNG with a page appended after its end (a polyglot)',
      async () =>
        Buffer.concat([
          Buffer.from(PNG_1PX.slice(PNG_1PX.indexOf(',') + 1), 'base64'),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
    ],
    [
      'a JPEG carrying a script in a comment segment (a polyglot)',
      async () => {
        const jpeg = await sharp({
          create: { width: 8, height: 8, channels: 3, background: '#fff' },
        })
          .jpeg()
          .toBuffer();
        const text = Buffer.from('<script>alert(1)</script>', 'latin1');
        const header = Buffer.from([0xff, 0xfe, 0, text.length + 2]);
        return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
      },
    ],
    [
      'a truncated PNG',
      async () => {
        const full = await sharp({
          create: {
            width: 300,
            height: 300,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .png()
          .toBuffer();
        return full.subarray(0, Math.floor(full.length / 2));
      },
    ],
  ])(
    "when the logo is %s, then 400 with the reference's message and the old logo stays",
    async (_what, make) => {
      await request(h.server)
        .post('/api/settings/logo')
        .set(auth(admin))
        .send({ logoUrl: PNG_1PX });

      const res = await request(h.server)
        .post('/api/settings/logo')
        .set(auth(admin))
        .send({ logoUrl: `data:image/png;base64,${(await make()).toString('base64')}` });

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'Please select a valid image file.',
      });
      expect((await stored()).logoUrl).toBe(PNG_1PX);
    },
  );

  it("when the image is over 2 MB, then 400 with the reference's message", async () => {
    const big = Buffer.alloc(2_097_153, 1).toString('base64');

    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: `data:image/png;base64,${big}` });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Logo file size must be under 2MB.');
    expect((await stored()).logoUrl).toBeNull();
  });

  it('when the image is exactly 2 MB, then it is accepted', async () => {
    const png = await sharp({
      create: {
        width: 800,
        height: 800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    // Padding after the image's end would be refused; a private chunk before IEND is part of it.
    const pad = 2_097_152 - png.length - 12;
    expect(pad).toBeGreaterThan(0);
    const chunk = Buffer.alloc(12 + pad);
    chunk.writeUInt32BE(pad, 0);
    chunk.write('prVt', 4, 'latin1');
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + pad)), 8 + pad);
    const iend = png.length - 12;
    const exact = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
    expect(exact.length).toBe(2_097_152);
    const max = exact.toString('base64');

    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(admin))
      .send({ logoUrl: `data:image/png;base64,${max}` });

    expect(res.status).toBe(200);
  });

  it('when a player tries, then 403', async () => {
    const res = await request(h.server)
      .post('/api/settings/logo')
      .set(auth(player))
      .send({ logoUrl: PNG_1PX });
    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).post('/api/settings/logo').send({ logoUrl: PNG_1PX });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/settings/logo', () => {
  it('when an admin removes the logo, then it is cleared and the rest kept', async () => {
    await request(h.server).put('/api/settings').set(auth(admin)).send({ appTitle: 'Keep Me' });
    await request(h.server).post('/api/settings/logo').set(auth(admin)).send({ logoUrl: PNG_1PX });

    const res = await request(h.server).delete('/api/settings/logo').set(auth(admin));

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ logoUrl: null, appTitle: 'Keep Me' });
  });

  it('when a player tries, then 403 and the logo stays', async () => {
    await request(h.server).post('/api/settings/logo').set(auth(admin)).send({ logoUrl: PNG_1PX });

    const res = await request(h.server).delete('/api/settings/logo').set(auth(player));

    expect(res.status).toBe(403);
    expect((await stored()).logoUrl).toBe(PNG_1PX);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).delete('/api/settings/logo')).status).toBe(401);
  });
});

describe('POST /api/settings/reset', () => {
  it('when an admin resets, then the defaults come back and the logo is gone', async () => {
    await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .send({ appTitle: 'Old', headerColor: '#000000' });
    await request(h.server).post('/api/settings/logo').set(auth(admin)).send({ logoUrl: PNG_1PX });

    const res = await request(h.server).post('/api/settings/reset').set(auth(admin));

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      appTitle: 'TeamApp',
      headerColor: '#2563eb',
      logoUrl: null,
    });
  });

  it('when a player tries, then 403', async () => {
    expect((await request(h.server).post('/api/settings/reset').set(auth(player))).status).toBe(
      403,
    );
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).post('/api/settings/reset')).status).toBe(401);
  });

  it('when the body is malformed JSON, then 400 not 500', async () => {
    const res = await request(h.server)
      .put('/api/settings')
      .set(auth(admin))
      .set('Content-Type', 'application/json')
      .send('{oops');
    expect(res.status).toBe(400);
  });
});
