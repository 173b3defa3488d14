import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';

let h: EventsHarness;
let admin: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin', 'Coach Carter');
});
afterAll(async () => {
  await h.close();
});

type Line = { userId: string; name: string | null; status: string; presence: string | null };
type AttendanceEvent = { id: string; title: string; type: string; attendees: Line[] };

const rsvp = (token: string, eventId: string, status: string) =>
  request(h.server).post(`/api/events/${eventId}/rsvp`).set(auth(token)).send({ status });

const record = (eventId: string, records: unknown, token = admin.token) =>
  request(h.server).put(`/api/attendance/${eventId}`).set(auth(token)).send({ records });

/** An event that has just started: answers were given before, presence can now be recorded. */
async function justPlayed(title: string, answers: [Member, string][], type = 'game') {
  const [event] = await createEvent(h, admin.token, {
    title,
    type,
    eventDate: new Date(h.now().getTime() + 60_000).toISOString(),
  });
  for (const [member, status] of answers) await rsvp(member.token, event!.id, status);
  h.advance(2 * 60_000);
  return event!;
}

async function attendance(query = ''): Promise<AttendanceEvent[]> {
  const res = await request(h.server).get(`/api/attendance${query}`).set(auth(admin.token));
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('GET /api/attendance', () => {
  it('when an admin asks, then each event lists every member with answer and presence', async () => {
    const going = await h.memberFor('player', 'Gus Going');
    const event = await justPlayed('League Match', [[going, 'attending']]);

    const res = await request(h.server).get('/api/attendance').set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/Chicago');
    const listed = res.body.data.find((e: AttendanceEvent) => e.id === event.id);
    expect(listed).toMatchObject({
      title: 'League Match',
      type: 'game',
      attendanceRecorded: false,
    });
    expect(listed.attendees).toEqual(
      expect.arrayContaining([
        { userId: going.userId, name: 'Gus Going', status: 'attending', presence: null },
        { userId: admin.userId, name: 'Coach Carter', status: 'pending', presence: null },
      ]),
    );
  });

  it('when filtered by type, then only that type is listed', async () => {
    await justPlayed('Quiz Night', [], 'social');

    const socials = await attendance('?type=social');

    expect(socials.length).toBeGreaterThan(0);
    expect(socials.every((e) => e.type === 'social')).toBe(true);
  });

  it('when the type is unknown, then 400', async () => {
    const res = await request(h.server).get('/api/attendance?type=x').set(auth(admin.token));
    expect(res.status).toBe(400);
  });

  it('when a player asks, then 403', async () => {
    const player = await h.memberFor('player');
    const res = await request(h.server).get('/api/attendance').set(auth(player.token));
    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/attendance')).status).toBe(401);
  });
});

describe('PUT /api/attendance/:eventId', () => {
  it('when an admin records who came, then presence shows and the attended count follows it', async () => {
    const early = await h.memberFor('player');
    const late = await h.memberFor('player');
    const noShow = await h.memberFor('player');
    const event = await justPlayed('Cup Tie', [
      [early, 'attending'],
      [late, 'maybe'],
      [noShow, 'attending'],
    ]);
    const before = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events;
    expect(before.find((e: { id: string }) => e.id === event.id)).toMatchObject({
      attended: 2,
      attendanceRecorded: false,
    });

    const res = await record(event.id, [
      { userId: early.userId, presence: 'present' },
      { userId: late.userId, presence: 'late' },
      { userId: noShow.userId, presence: 'absent' },
    ]);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Attendance saved successfully' });
    const presence = Object.fromEntries(
      res.body.data.attendees.map((a: Line) => [a.userId, a.presence]),
    );
    expect(presence).toMatchObject({
      [early.userId]: 'present',
      [late.userId]: 'late',
      [noShow.userId]: 'absent',
    });
    const after = (await request(h.server).get('/api/events').set(auth(admin.token))).body.events;
    expect(after.find((e: { id: string }) => e.id === event.id)).toMatchObject({
      attended: 2,
      attendanceRecorded: true,
    });
  });

  it('when a record is corrected, then the newest presence counts', async () => {
    const player = await h.memberFor('player');
    const event = await justPlayed('Replay', [[player, 'attending']]);
    await record(event.id, [{ userId: player.userId, presence: 'absent' }]);

    await record(event.id, [{ userId: player.userId, presence: 'excused' }]);

    const listed = (await attendance()).find((e) => e.id === event.id)!;
    expect(listed.attendees.find((a) => a.userId === player.userId)?.presence).toBe('excused');
  });

  it('when the event has not started yet, then 400', async () => {
    const [event] = await createEvent(h, admin.token, { eventDate: clubDateTime(5) });
    const res = await record(event!.id, [{ userId: admin.userId, presence: 'present' }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Attendance can be recorded once the event has started');
  });

  it.each([
    [[], 'records'],
    ['all', 'records'],
    [[{ userId: 'me', presence: 'present' }], 'userId'],
    [[{ userId: randomUUID(), presence: 'here' }], 'presence'],
  ])('when the records are %j, then 400 naming %s', async (records, field) => {
    const event = await justPlayed('Bad Input', []);
    const res = await record(event.id, records);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(field);
  });

  it('when the event does not exist, then 404', async () => {
    const res = await record(randomUUID(), [{ userId: admin.userId, presence: 'present' }]);
    expect(res.status).toBe(404);
  });

  it('when the event id is malformed, then 400', async () => {
    const res = await record('nope', [{ userId: admin.userId, presence: 'present' }]);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('eventId');
  });

  it('when a player records attendance, then 403', async () => {
    const player = await h.memberFor('player');
    const event = await justPlayed('Not Yours', []);
    const res = await record(
      event.id,
      [{ userId: player.userId, presence: 'present' }],
      player.token,
    );
    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    const res = await request(h.server).put(`/api/attendance/${randomUUID()}`).send({});
    expect(res.status).toBe(401);
  });
});

describe('GET /api/attendance/export.csv', () => {
  it('when an admin exports, then a CSV with a header and one row per player per event parses back', async () => {
    const player = await h.memberFor('player', 'Dana "The Wall", Jr.');
    const event = await justPlayed('=Derby, "Home"', [[player, 'attending']], 'meeting');
    await record(event.id, [{ userId: player.userId, presence: 'late' }]);

    const res = await request(h.server)
      .get('/api/attendance/export.csv?type=meeting')
      .set(auth(admin.token));

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="attendance-meeting-/,
    );
    const rows: string[][] = parse(res.text, { bom: true });
    expect(rows[0]).toEqual([
      'Event',
      'Type',
      'Date',
      'Time',
      'Location',
      'Required',
      'Player',
      'Response',
      'Reason',
      'Presence',
    ]);
    const meetings = (await attendance('?type=meeting')).reduce(
      (n, e) => n + e.attendees.length,
      0,
    );
    expect(rows).toHaveLength(1 + meetings);
    const row = rows.find((r) => r[6] === 'Dana "The Wall", Jr.');
    expect(row).toEqual([
      '\'=Derby, "Home"',
      'Meeting',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/),
      'Main Field',
      'No',
      'Dana "The Wall", Jr.',
      'Attending',
      '',
      'Late',
    ]);
    expect(rows.find((r) => r[6] === 'Coach Carter')?.[7]).toBe('No Response');
  });

  it('when there are no events of the type, then only the header row comes back', async () => {
    const fresh = await startEvents();
    try {
      const boss = await fresh.memberFor('admin');
      const res = await request(fresh.server)
        .get('/api/attendance/export.csv')
        .set(auth(boss.token));
      expect(parse(res.text, { bom: true })).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('when the type is unknown, then 400', async () => {
    const res = await request(h.server)
      .get('/api/attendance/export.csv?type=%00')
      .set(auth(admin.token));
    expect(res.status).toBe(400);
  });

  it('when a player exports, then 403', async () => {
    const player = await h.memberFor('player');
    const res = await request(h.server).get('/api/attendance/export.csv').set(auth(player.token));
    expect(res.status).toBe(403);
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/attendance/export.csv')).status).toBe(401);
  });
});
