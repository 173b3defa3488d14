/**
 * Game results and season stats: PUT /api/events/{id}/result (admins, games only, once started)
 * and GET /api/events/stats (admins: every member; players: their own line), on PGlite or the PostgreSQL at DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  RESULT_GAMES_ONLY,
  RESULT_NOT_STARTED,
  RESULT_SAVED,
  RESULT_SCORER_TWICE,
  RESULT_TOO_MANY_GOALS,
  RESULT_UNKNOWN_SCORER,
} from '@teamapp/contracts';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';
import { rsvps } from '../../db/schema';

let h: EventsHarness;
let admin: Member;
let striker: Member;
let keeper: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin', 'Casey Coach');
  striker = await h.memberFor('player', 'Sam Striker');
  keeper = await h.memberFor('player', 'Kai Keeper');
});
afterAll(async () => {
  await h.close();
});

const pastGame = async (daysAgo = 2, title = 'League Match') =>
  (
    await createEvent(h, admin.token, { title, type: 'game', eventDate: clubDateTime(-daysAgo) })
  )[0]!.id;

const putResult = (token: string, id: string, body: object) =>
  request(h.server).put(`/api/events/${id}/result`).set(auth(token)).send(body);

const stats = async (token = admin.token) => {
  const res = await request(h.server).get('/api/events/stats').set(auth(token));
  expect(res.status).toBe(200);
  return res.body.data as {
    members: { userId: string; games: number; goals: number; assists: number }[];
    team: Record<string, number>;
  };
};
const statsOf = async (userId: string) => (await stats()).members.find((m) => m.userId === userId);

describe('PUT /api/events/:id/result', () => {
  it('when an admin records a played game, then the score and scorers are saved and listed', async () => {
    const id = await pastGame();

    const res = await putResult(admin.token, id, {
      ours: 3,
      theirs: 1,
      scorers: [
        { userId: striker.userId, goals: 2, assists: 0 },
        { userId: keeper.userId, goals: 0, assists: 1 },
      ],
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: RESULT_SAVED });
    expect(res.body.data.result).toMatchObject({ ours: 3, theirs: 1, outcome: 'win' });
    const listed = (
      await request(h.server).get('/api/events').set(auth(striker.token))
    ).body.events.find((e: { id: string }) => e.id === id);
    expect(listed.result.scorers).toEqual(
      expect.arrayContaining([
        { userId: striker.userId, goals: 2, assists: 0 },
        { userId: keeper.userId, goals: 0, assists: 1 },
      ]),
    );
  });

  it('when a result is recorded again, then it replaces the first one', async () => {
    const id = await pastGame();
    await putResult(admin.token, id, {
      ours: 1,
      theirs: 0,
      scorers: [{ userId: striker.userId, goals: 1 }],
    });

    const res = await putResult(admin.token, id, { ours: 1, theirs: 1, scorers: [] });

    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({
      ours: 1,
      theirs: 1,
      outcome: 'draw',
      scorers: [],
    });
  });

  it('when the game has not started, then 400 and nothing is saved', async () => {
    const [future] = await createEvent(h, admin.token, {
      type: 'game',
      eventDate: clubDateTime(3),
    });

    const res = await putResult(admin.token, future!.id, { ours: 2, theirs: 0 });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RESULT_NOT_STARTED);
    const listed = (
      await request(h.server).get('/api/events').set(auth(admin.token))
    ).body.events.find((e: { id: string }) => e.id === future!.id);
    expect(listed.result).toBeNull();
  });

  it('when the event is not a game, then 400 naming it', async () => {
    const [training] = await createEvent(h, admin.token, { eventDate: clubDateTime(-1) });

    const res = await putResult(admin.token, training!.id, { ours: 2, theirs: 0 });

    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RESULT_GAMES_ONLY);
  });

  it.each([
    [{ theirs: 0 }, /ours/],
    [{ ours: -1, theirs: 0 }, /ours must be a whole number/],
    [{ ours: 1.5, theirs: 0 }, /ours must be a whole number/],
    [{ ours: '2', theirs: 0 }, /ours must be a whole number/],
    [{ ours: 1, theirs: 100 }, /theirs must be a whole number/],
    [{ ours: 1, theirs: 0, scorers: 'Sam' }, /scorers must be a list/],
    [{ ours: 1, theirs: 0, scorers: [{ userId: 'sam', goals: 1 }] }, /userId/],
    [{ ours: 1, theirs: 0, scorers: [{ userId: randomUUID(), goals: -2 }] }, /goals/],
    [{ ours: 1, theirs: 0, scorers: [{ userId: randomUUID(), assists: 'one' }] }, /assists/],
    [{ ours: 1, theirs: 0, scorers: [{ goals: 1 }] }, /userId/],
    [[1, 0], /ours/],
  ])('when the body is %j, then 400 naming the problem', async (body, error) => {
    const id = await pastGame();

    const res = await putResult(admin.token, id, body);

    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(error);
  });

  it('when a scorer is named twice or is not a member, then 400', async () => {
    const id = await pastGame();
    const twice = await putResult(admin.token, id, {
      ours: 2,
      theirs: 0,
      scorers: [
        { userId: striker.userId, goals: 1 },
        { userId: striker.userId, goals: 1 },
      ],
    });
    const stranger = await putResult(admin.token, id, {
      ours: 2,
      theirs: 0,
      scorers: [{ userId: randomUUID(), goals: 2 }],
    });

    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(RESULT_SCORER_TWICE);
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe(RESULT_UNKNOWN_SCORER);
  });

  it("when the scorers' goals add up to more than our score, then 400 naming scorers", async () => {
    const id = await pastGame();

    const res = await putResult(admin.token, id, {
      ours: 1,
      theirs: 0,
      scorers: [
        { userId: striker.userId, goals: 1 },
        { userId: keeper.userId, goals: 1 },
      ],
    });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: RESULT_TOO_MANY_GOALS,
      message: RESULT_TOO_MANY_GOALS,
    });
  });

  it('when only some goals have a scorer (an own goal), then it is saved', async () => {
    const id = await pastGame();

    const res = await putResult(admin.token, id, {
      ours: 2,
      theirs: 2,
      scorers: [{ userId: striker.userId, goals: 1 }],
    });

    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({ ours: 2, theirs: 2, outcome: 'draw' });
  });

  it('when the event does not exist or the id is malformed, then 404 or 400', async () => {
    expect((await putResult(admin.token, randomUUID(), { ours: 1, theirs: 0 })).status).toBe(404);
    expect((await putResult(admin.token, 'not-an-id', { ours: 1, theirs: 0 })).status).toBe(400);
  });

  it('when a player records a result, then 403 with documented message; signed out, 401', async () => {
    const id = await pastGame();

    const res = await putResult(striker.token, id, { ours: 9, theirs: 0 });
    const anonymous = await request(h.server)
      .put(`/api/events/${id}/result`)
      .send({ ours: 9, theirs: 0 });

    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      error: 'Only administrators can manage events',
      message: 'Only administrators can manage events',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/events/stats', () => {
  it('when games are played, then games come from presence or Going, goals and the record from results', async () => {
    const fresh = await startEvents();
    try {
      const coach = await fresh.memberFor('admin', 'Casey Coach');
      const sam = await fresh.memberFor('player', 'Sam Striker');
      const kai = await fresh.memberFor('player', 'Kai Keeper');
      const game = async (daysAgo: number) =>
        (
          await createEvent(fresh, coach.token, {
            type: 'game',
            eventDate: clubDateTime(-daysAgo),
          })
        )[0]!.id;
      const rsvp = (token: string, id: string, status: string) =>
        request(fresh.server).post(`/api/events/${id}/rsvp`).set(auth(token)).send({ status });
      const result = (id: string, body: object) =>
        request(fresh.server).put(`/api/events/${id}/result`).set(auth(coach.token)).send(body);

      // Game 1: both said Going, no attendance taken; won 2-1, Sam scored twice, Kai assisted.
      const g1 = await game(10);
      // Answers close once an event starts, so the Going answers go in through the repo.
      await fresh.service.base.db.insert(rsvps).values([
        { eventId: g1, userId: sam.userId, status: 'attending' },
        { eventId: g1, userId: kai.userId, status: 'attending' },
      ]);
      await result(g1, {
        ours: 2,
        theirs: 1,
        scorers: [
          { userId: sam.userId, goals: 2 },
          { userId: kai.userId, assists: 1 },
        ],
      });
      // Game 2: attendance taken (Kai present, Sam absent); lost 0-3.
      const g2 = await game(3);
      await request(fresh.server)
        .put(`/api/attendance/${g2}`)
        .set(auth(coach.token))
        .send({
          records: [
            { userId: kai.userId, presence: 'present' },
            { userId: sam.userId, presence: 'absent' },
          ],
        });
      await result(g2, { ours: 0, theirs: 3 });
      // Game 3: played, no result recorded: counts as played for Kai (late), not in the record.
      const g3 = await game(1);
      await request(fresh.server)
        .put(`/api/attendance/${g3}`)
        .set(auth(coach.token))
        .send({ records: [{ userId: kai.userId, presence: 'late' }] });
      // Game 4: nobody answered and no attendance taken, drawn 1-1: the coach scored, so played.
      const g4 = await game(2);
      await result(g4, { ours: 1, theirs: 1, scorers: [{ userId: coach.userId, goals: 1 }] });
      // An upcoming game with a Going answer counts for nothing yet.
      const upcoming = (
        await createEvent(fresh, coach.token, { type: 'game', eventDate: clubDateTime(5) })
      )[0]!.id;
      expect((await rsvp(sam.token, upcoming, 'attending')).status).toBe(200);

      const res = await request(fresh.server).get('/api/events/stats').set(auth(coach.token));

      expect(res.status).toBe(200);
      const { members, team } = res.body.data;
      expect(team).toEqual({
        played: 3,
        wins: 1,
        draws: 1,
        losses: 1,
        goalsFor: 3,
        goalsAgainst: 5,
      });
      expect(members).toEqual(
        expect.arrayContaining([
          { userId: sam.userId, games: 1, goals: 2, assists: 0 },
          { userId: kai.userId, games: 3, goals: 0, assists: 1 },
          { userId: coach.userId, games: 1, goals: 1, assists: 0 },
        ]),
      );
    } finally {
      await fresh.close();
    }
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await request(h.server).get('/api/events/stats')).status).toBe(401);
  });

  it('when an admin asks, then every member and the record; when a player asks, then only their own figures and the same record', async () => {
    const asAdmin = await stats(admin.token);
    const asPlayer = await stats(striker.token);

    expect(asAdmin.members.map((m) => m.userId)).toEqual(
      expect.arrayContaining([admin.userId, striker.userId, keeper.userId]),
    );
    expect(asPlayer.members.map((m) => m.userId)).toEqual([striker.userId]);
    expect(asPlayer.members[0]).toEqual(asAdmin.members.find((m) => m.userId === striker.userId));
    expect(Object.keys(asAdmin.team).sort()).toEqual(
      ['draws', 'goalsAgainst', 'goalsFor', 'losses', 'played', 'wins'].sort(),
    );
    expect(asPlayer.team).toEqual(asAdmin.team);
  });

  it('when a member asks, then the figures follow the results recorded in this run', async () => {
    const before = await statsOf(striker.userId);
    const id = await pastGame(4, 'Cup Tie');
    await putResult(admin.token, id, {
      ours: 4,
      theirs: 0,
      scorers: [{ userId: striker.userId, goals: 3, assists: 1 }],
    });

    const after = await statsOf(striker.userId);

    expect(after!.goals - before!.goals).toBe(3);
    expect(after!.assists - before!.assists).toBe(1);
  });
});
