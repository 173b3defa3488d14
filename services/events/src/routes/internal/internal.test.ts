/**
 * GET /internal/showcase: the schedule's public figures for the showcase (no token; the gateway
 * never publishes /internal), on PGlite or the PostgreSQL at DATABASE_URL.
 */
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
let striker: Member;
let winger: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin', 'Casey Coach');
  striker = await h.memberFor('player', 'Sam Striker');
  winger = await h.memberFor('player', 'Wes Winger');
});
afterAll(async () => {
  await h.close();
});

const games = async () => {
  const res = await request(h.server).get('/internal/showcase');
  expect(res.status).toBe(200);
  return res.body.data as {
    upcoming: { id: string; title: string; location: string; date: string; time: string }[];
    team: Record<string, number>;
    performers: { name: string; minor?: boolean; goals: number; assists: number }[];
  };
};

describe('GET /internal/showcase', () => {
  it('when nothing is scheduled, then it answers empty lists and a zero record without a token', async () => {
    const data = await games();

    expect(data.upcoming).toEqual([]);
    expect(data.performers).toEqual([]);
    expect(data.team).toMatchObject({ played: 0, wins: 0, draws: 0, losses: 0 });
  });

  it('when games are scheduled and played, then it lists upcoming games soonest first, the record and the scorers by name', async () => {
    const [later] = await createEvent(h, admin.token, {
      title: 'vs Harbour Town',
      type: 'game',
      location: 'Riverside Park',
      eventDate: clubDateTime(9, '15:30'),
    });
    const [sooner] = await createEvent(h, admin.token, {
      title: 'vs Hill United',
      type: 'game',
      location: 'Hill Ground',
      eventDate: clubDateTime(3, '19:00'),
    });
    await createEvent(h, admin.token, { title: 'Training', eventDate: clubDateTime(2) });
    const [played] = await createEvent(h, admin.token, {
      title: 'vs Old Rivals',
      type: 'game',
      eventDate: clubDateTime(-2),
    });
    const saved = await request(h.server)
      .put(`/api/events/${played!.id}/result`)
      .set(auth(admin.token))
      .send({
        ours: 3,
        theirs: 1,
        scorers: [
          { userId: striker.userId, goals: 2, assists: 0 },
          { userId: winger.userId, goals: 1, assists: 2 },
        ],
      });
    expect(saved.status).toBe(200);

    const data = await games();

    expect(data.upcoming.map((g) => g.id)).toEqual([sooner!.id, later!.id]);
    expect(data.upcoming[0]).toMatchObject({
      title: 'vs Hill United',
      location: 'Hill Ground',
      time: '7:00 PM',
    });
    expect(data.upcoming[1]!.time).toBe('3:30 PM');
    expect(data.upcoming[0]!.date).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(data.team).toMatchObject({ played: 1, wins: 1, goalsFor: 3, goalsAgainst: 1 });
    expect(data.performers).toEqual([
      { name: 'Sam Striker', minor: false, goals: 2, assists: 0 },
      { name: 'Wes Winger', minor: false, goals: 1, assists: 2 },
    ]);
  });

  it('when it answers, then no private field (e-mail, RSVP, user id) is in it', async () => {
    const res = await request(h.server).get('/internal/showcase');

    expect(res.text).not.toContain('@club.test');
    expect(res.text).not.toContain(striker.userId);
    expect(res.text).not.toContain('rsvp');
  });

  it('when the path is not one it serves, then 404', async () => {
    const res = await request(h.server).get('/internal/nothing-here');

    expect(res.status).toBe(404);
  });
});
