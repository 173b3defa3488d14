import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { bearer, startAuth, userWithToken, type AuthHarness } from '../../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(async () => {
  await h.close();
});

const INVALID = 'Please select a valid image file (JPEG, PNG, or WebP).';
const TOO_LARGE = 'Image must be smaller than 5MB.';

/** A real photo-like JPEG carrying EXIF with a GPS position and an artist's name. */
const photoWithGps = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Secret Artist', Copyright: 'Private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
const png = (colour = '#ff0000') =>
  sharp({ create: { width: 300, height: 300, channels: 4, background: colour } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 64, height: 200, channels: 3, background: '#0000ff' } })
    .webp()
    .toBuffer();

const smallJpeg = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toBuffer();
/** An empty ZIP archive: just its end-of-central-directory record. */
const ZIP_END_RECORD = Buffer.from([
  0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** The JPEG with a comment segment (FF FE) holding `text` right after its start marker. */
const withComment = (jpeg: Buffer, text: string) => {
  const body = Buffer.from(text, 'latin1');
  const header = Buffer.from([0xff, 0xfe, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
};

const upload = (token: string, data: Buffer, filename = 'me.jpg', field = 'profilePicture') =>
  request(h.server)
    .post('/api/upload/profile-picture')
    .set(bearer(token))
    .attach(field, data, { filename, contentType: 'image/jpeg' });
const storedFiles = () =>
  existsSync(path.join(h.uploadsDir, 'avatars'))
    ? readdirSync(path.join(h.uploadsDir, 'avatars'))
    : [];
const fetchPicture = (publicPath: string) =>
  request(h.server)
    .get(publicPath)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('POST /api/upload/profile-picture', () => {
  it('when a JPEG with a GPS position is uploaded, then it is stored as square WebP in two sizes with no metadata left', async () => {
    const me = await userWithToken(h, 'player');
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(me.token, photo);

    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile picture updated successfully!');
    expect(res.body.profilePicture).toMatch(
      new RegExp(`^/uploads/avatars/${me.user.id}-[0-9a-f]{16}-512\\.webp$`),
    );
    expect((await h.findUser(me.email))?.profilePicture).toBe(res.body.profilePicture);
    for (const [publicPath, size] of [
      [res.body.profilePicture as string, 512],
      [(res.body.profilePicture as string).replace('-512.webp', '-128.webp'), 128],
    ] as const) {
      const served = await fetchPicture(publicPath);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect((served.body as Buffer).includes('Secret Artist')).toBe(false);
    }
  });

  it('when a JPEG carries a plain comment, or zero padding after its end, then it is taken', async () => {
    const me = await userWithToken(h, 'player');

    const commented = await upload(me.token, withComment(await smallJpeg(), 'Created with GIMP'));
    const padded = await upload(me.token, Buffer.concat([await smallJpeg(), Buffer.alloc(64)]));

    expect([commented.status, padded.status]).toEqual([200, 200]);
  });

  it('when a PNG and then a WebP are uploaded, then each replaces the last and the old files are gone', async () => {
    const me = await userWithToken(h, 'player');
    const first = await upload(me.token, await png(), 'me.png');
    const firstFiles = storedFiles().filter((f) => f.startsWith(me.user.id));
    expect(firstFiles).toHaveLength(2);

    const second = await upload(me.token, await webp(), 'me.webp');

    expect(second.status).toBe(200);
    expect(second.body.profilePicture).not.toBe(first.body.profilePicture);
    const files = storedFiles().filter((f) => f.startsWith(me.user.id));
    expect(files).toHaveLength(2);
    expect(files.some((f) => firstFiles.includes(f))).toBe(false);
    expect((await fetchPicture(first.body.profilePicture)).status).toBe(404);
  });

  it.each([
    [
      'a renamed text file',
      () => Buffer.from('just some text, not a picture\n'.repeat(20)),
      'x.jpg',
    ],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
      'x.png',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'x.gif',
    ],
    [
      'a renamed HTML page',
      () => Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      'x.jpg',
    ],
    [
      'a JPEG with a page appended after its end (a polyglot)',
      async () =>
        Buffer.concat([await smallJpeg(), Buffer.from('<html><script>alert(1)</script></html>')]),
      'x.jpg',
    ],
    [
      'a PNG with a ZIP archive appended (a polyglot)',
      async () => Buffer.concat([await png(), ZIP_END_RECORD]),
      'x.png',
    ],
    [
      'a WebP with bytes after its RIFF end (a polyglot)',
      async () => Buffer.concat([await webp(), Buffer.from('<?php system($_GET["c"]); ?>')]),
      'x.webp',
    ],
    [
      'a JPEG carrying a script in a comment segment (a polyglot)',
      async () => withComment(await smallJpeg(), '*/alert(1)/*<script>alert(1)</script>'),
      'x.jpg',
    ],
    [
      'a truncated JPEG',
      async () => {
        const full = await sharp({
          create: {
            width: 800,
            height: 800,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        return full.subarray(0, Math.floor(full.length / 2));
      },
      'x.jpg',
    ],
  ])(
    "when %s is uploaded, then 400 with the reference's message and the old picture stays",
    async (_what, make, filename) => {
      const me = await userWithToken(h, 'player');
      const before = (await upload(me.token, await png('#00ff00'), 'ok.png')).body.profilePicture;

      const res = await upload(me.token, await make(), filename);

      expect(res.status).toBe(400);
      expect(res.body.error).toBe(INVALID);
      expect((await h.findUser(me.email))?.profilePicture).toBe(before);
      expect((await fetchPicture(before)).status).toBe(200);
    },
  );

  it("when the file is over 5 MB, then 400 with the reference's message and the old picture stays", async () => {
    const me = await userWithToken(h, 'player');
    const before = (await upload(me.token, await png('#123456'), 'ok.png')).body.profilePicture;
    const photo = await photoWithGps();
    const big = Buffer.concat([photo, Buffer.alloc(5_242_881 - photo.length, 0)]);

    const res = await upload(me.token, big);

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TOO_LARGE);
    expect((await h.findUser(me.email))?.profilePicture).toBe(before);
  });

  it('when the file is in another form field or missing, then 400', async () => {
    const me = await userWithToken(h, 'player');

    const wrongField = await upload(me.token, await png(), 'me.png', 'avatar');
    const noFile = await request(h.server)
      .post('/api/upload/profile-picture')
      .set(bearer(me.token))
      .send({ profilePicture: 'not a file' });

    expect(wrongField.status).toBe(400);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toBe(INVALID);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server)
      .post('/api/upload/profile-picture')
      .attach('profilePicture', await png(), 'me.png');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/upload/profile-picture', () => {
  it('when a user removes their picture, then the profile has none and the files are gone', async () => {
    const me = await userWithToken(h, 'player');
    const stored = (await upload(me.token, await png('#abcdef'), 'me.png')).body.profilePicture;

    const res = await request(h.server).delete('/api/upload/profile-picture').set(bearer(me.token));

    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile picture removed successfully!');
    expect((await h.findUser(me.email))?.profilePicture).toBeNull();
    expect((await fetchPicture(stored)).status).toBe(404);
    expect(storedFiles().filter((f) => f.startsWith(me.user.id))).toHaveLength(0);
  });

  it('when there is no picture, then it still succeeds', async () => {
    const me = await userWithToken(h, 'player');
    const res = await request(h.server).delete('/api/upload/profile-picture').set(bearer(me.token));
    expect(res.status).toBe(200);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).delete('/api/upload/profile-picture')).status).toBe(401);
  });
});

describe('GET /uploads/avatars/{file}', () => {
  it.each(['../../etc/passwd', 'nope.webp', '%2e%2e%2fsecret'])(
    'when the name is not a stored picture (%s), then 404',
    async (name) => {
      const res = await request(h.server).get(`/uploads/avatars/${name}`);
      expect(res.status).toBe(404);
    },
  );
});

describe('a deleted user', () => {
  it("when an admin deletes someone, then their picture's files are removed too", async () => {
    const me = await userWithToken(h, 'player');
    const admin = await userWithToken(h, 'admin');
    await upload(me.token, await png('#fedcba'), 'me.png');

    await request(h.server).delete(`/api/user/${me.user.id}`).set(bearer(admin.token));

    expect(storedFiles().filter((f) => f.startsWith(me.user.id))).toHaveLength(0);
  });
});
