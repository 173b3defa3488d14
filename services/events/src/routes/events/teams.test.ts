/**
 * The schedule by team, on PGlite or the PostgreSQL at DATABASE_URL: a team's events are run by
 * its coaches (and club admins) and seen by its members; club-wide events by everyone. Two
 * teams: Rovers (coached by `coach`, who also plays for Harbour) and Harbour (coached by
 * `harbourCoach`).
 */
import { randomUUID } from 'node:crypto';
import type { TeamMembership } from '@teamapp/contracts';
import request from 'supertest';
import {
  auth,
  clubDateTime,
  createEvent,
  eventually,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../test/harness';
import { eq } from 'drizzle-orm';
import { members, rsvps } from '../../db/schema';
import { listScope, PAST_PAGE } from '../../domain/list-cache';

let h: EventsHarness;
let admin: Member;
let coach: Member;
let harbourCoach: Member;
let rover: Member;
let harbourPlayer: Member;
const ROVERS = randomUUID();
const HARBOUR = randomUUID();
// Ahead of the clock: member events the harness sends at `joined` carry the time they are handled.
let clock = Date.now() + 3_600_000;
/** Each change later than the one before, as auth's events are. */
const later = () => new Date((clock += 1000)).toISOString();

type Colour = '#1864ab' | '#2b7a3e';
const teamEvent = (teamId: string, name: string, colour: Colour) => ({
  teamId,
  at: later(),
  team: { name, colour, public: false, archived: false },
});

async function team(teamId: string, name: string, colour: Colour) {
  await h.service.deps.teams.teamChanged(teamEvent(teamId, name, colour));
}

async function joinTeams(member: Member, teams: TeamMembership[]) {
  await h.service.deps.members.memberChanged({
    userId: member.userId,
    kind: 'updated',
    at: later(),
    member: {
      name: member.name,
      email: member.email,
      role: 'player',
      profilePicture: null,
      teams,
    },
  });
}

beforeAll(async () => {
  h = await startEvents();
  await team(ROVERS, 'Rovers', '#1864ab');
  await team(HARBOUR, 'Harbour', '#2b7a3e');
  admin = await h.memberFor('admin');
  coach = await h.memberFor('player', 'Casey Coach');
  harbourCoach = await h.memberFor('player', 'Hal Coach');
  rover = await h.memberFor('player', 'Rita Rover');
  harbourPlayer = await h.memberFor('player', 'Hugo Harbour');
  await joinTeams(coach, [
    { teamId: ROVERS, role: 'coach' },
    { teamId: HARBOUR, role: 'player' },
  ]);
  await joinTeams(harbourCoach, [{ teamId: HARBOUR, role: 'coach' }]);
  await joinTeams(rover, [{ teamId: ROVERS, role: 'player' }]);
  await joinTeams(harbourPlayer, [{ teamId: HARBOUR, role: 'player' }]);
});
afterAll(async () => {
  await h.close();
});

type Listed = {
  id: string;
  title: string;
  teamId: string | null;
  team: { id: string; name: string; colour: string } | null;
  attendees: { user_id: string; status?: string }[];
  counts: Record<string, number>;
  away?: { user_id: string }[];
};

async function list(token: string, query = '') {
  const res = await request(h.server).get(`/api/events${query}`).set(auth(token));
  return res;
}
const ids = async (token: string, query = '') =>
  ((await list(token, query)).body.events as Listed[]).map((e) => e.id);

const put = (token: string, id: string, body: Record<string, unknown>) =>
  request(h.server)
    .put(`/api/events/${id}`)
    .set(auth(token))
    .send({ title: 'Changed', eventDate: clubDateTime(8), location: 'Main Field', ...body });

describe('the events-teams consumer', () => {
  it('when auth announces a team, then its events show its name and colour, and a rename shows', async () => {
    const teamId = randomUUID();
    await h.queues.add('events-teams', teamEvent(teamId, 'Juniors', '#1864ab'), randomUUID());
    await eventually(async () => {
      const res = await request(h.server)
        .post('/api/events')
        .set(auth(admin.token))
        .send({ title: 'Juniors', eventDate: clubDateTime(5), location: 'Park', teamId });
      return res.status === 201;
    });
    const listed = ((await list(admin.token, `?teamId=${teamId}`)).body.events as Listed[])[0]!;
    expect(listed.team).toEqual({ id: teamId, name: 'Juniors', colour: '#1864ab' });

    await h.queues.add('events-teams', teamEvent(teamId, 'Under 12', '#2b7a3e'), randomUUID());
    await eventually(
      async () =>
        ((await list(admin.token, `?teamId=${teamId}`)).body.events as Listed[])[0]?.team?.name ===
        'Under 12',
    );
  });

  it('when a member event carries teams, then they are kept', async () => {
    const [row] = await h.service.base.db
      .select()
      .from(members)
      .where(eq(members.userId, coach.userId));
    expect(row?.teams).toEqual([
      { teamId: ROVERS, role: 'coach' },
      { teamId: HARBOUR, role: 'player' },
    ]);
  });
});

describe('creating by team', () => {
  it('when a coach creates an event of their team, then 201 and it answers the team', async () => {
    const [event] = await createEvent(h, coach.token, { title: 'Rovers practice', teamId: ROVERS });
    expect(event).toMatchObject({
      teamId: ROVERS,
      team: { id: ROVERS, name: 'Rovers', colour: '#1864ab' },
    });
  });

  it('when a coach creates a club-wide event, then 403 with the documented message', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(coach.token))
      .send({ title: 'Club BBQ', eventDate: clubDateTime(3), location: 'Park' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only administrators can manage events');
  });

  it('when a coach creates an event of a team they only play in, then 403', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(coach.token))
      .send({ title: 'Mine', eventDate: clubDateTime(3), location: 'Park', teamId: HARBOUR });
    expect(res.status).toBe(403);
  });

  it('when a coach creates an event of a team they are not in, then 403 and nothing is made', async () => {
    const res = await request(h.server)
      .post('/api/events')
      .set(auth(harbourCoach.token))
      .send({ title: 'Not mine', eventDate: clubDateTime(3), location: 'Park', teamId: ROVERS });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only administrators can manage events');
    const titles = ((await list(admin.token)).body.events as Listed[]).map((e) => e.title);
    expect(titles).not.toContain('Not mine');
  });

  it('when the team is unknown, then 404 Team not found, and a bad id 400 naming teamId', async () => {
    const unknown = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({ title: 'X', eventDate: clubDateTime(3), location: 'Park', teamId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Team not found');

    const bad = await request(h.server)
      .post('/api/events')
      .set(auth(admin.token))
      .send({ title: 'X', eventDate: clubDateTime(3), location: 'Park', teamId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('teamId');
  });

  it('when a coach creates a series for their team, then every occurrence carries the team', async () => {
    const events = await createEvent(h, coach.token, {
      teamId: ROVERS,
      recurrence: { weekdays: ['MO', 'TH'], count: 4 },
    });
    expect(events).toHaveLength(4);
    expect(new Set(events.map((e) => (e as unknown as Listed).teamId))).toEqual(new Set([ROVERS]));
  });
});

describe('changing by team', () => {
  it('when the coach changes their team’s event, then 200; another team’s coach gets 404, a player of it 403', async () => {
    const [event] = await createEvent(h, harbourCoach.token, { teamId: HARBOUR });

    expect((await put(coach.token, event!.id, {})).status).toBe(403);
    expect((await put(rover.token, event!.id, {})).status).toBe(403);
    expect((await put(admin.token, event!.id, {})).status).toBe(200);
    const del = await request(h.server).delete(`/api/events/${event!.id}`).set(auth(coach.token));
    expect(del.status).toBe(403);
    const ok = await put(harbourCoach.token, event!.id, { title: 'Harbour drills' });
    expect(ok.status).toBe(200);
  });

  it('when a coach of another team only changes or deletes it, then 404 and it stays', async () => {
    const [event] = await createEvent(h, coach.token, { teamId: ROVERS, title: 'Rovers only' });

    expect((await put(harbourCoach.token, event!.id, {})).status).toBe(404);
    const del = await request(h.server)
      .delete(`/api/events/${event!.id}`)
      .set(auth(harbourCoach.token));
    expect(del.status).toBe(404);
    expect(await ids(coach.token)).toContain(event!.id);
  });

  it('when a coach moves an event to a team they do not coach, in it or not, then 403 and it is unchanged', async () => {
    // Casey coaches Rovers and plays for Harbour; Hal coaches Harbour and is not in Rovers.
    for (const [mover, from, to] of [
      [coach, ROVERS, HARBOUR],
      [harbourCoach, HARBOUR, ROVERS],
    ] as const) {
      const [event] = await createEvent(h, mover.token, { teamId: from, title: 'Stay' });

      const res = await put(mover.token, event!.id, { title: 'Moved', teamId: to });

      expect(res.status).toBe(403);
      const listed = ((await list(admin.token, `?teamId=${from}`)).body.events as Listed[]).find(
        (e) => e.id === event!.id,
      );
      expect(listed).toMatchObject({ title: 'Stay', teamId: from });
    }
  });

  it('when a club admin moves an event to another team, then its members see it and the others do not', async () => {
    const [event] = await createEvent(h, admin.token, { teamId: ROVERS, title: 'Swap' });

    const res = await put(admin.token, event!.id, { title: 'Swap', teamId: HARBOUR });

    expect(res.status).toBe(200);
    expect(res.body.data.events[0].teamId).toBe(HARBOUR);
    expect(await ids(harbourPlayer.token)).toContain(event!.id);
    expect(await ids(rover.token)).not.toContain(event!.id);
  });

  it('when a coach records the result and attendance of their team’s game, then 200; another team’s coach 404', async () => {
    const [game] = await createEvent(h, coach.token, {
      teamId: ROVERS,
      type: 'game',
      eventDate: clubDateTime(-1),
    });
    const result = (token: string) =>
      request(h.server)
        .put(`/api/events/${game!.id}/result`)
        .set(auth(token))
        .send({ ours: 2, theirs: 1, scorers: [{ userId: rover.userId, goals: 1 }] });
    const attendance = (token: string) =>
      request(h.server)
        .put(`/api/attendance/${game!.id}`)
        .set(auth(token))
        .send({ records: [{ userId: rover.userId, presence: 'present' }] });

    expect((await result(harbourCoach.token)).status).toBe(404);
    expect((await attendance(harbourCoach.token)).status).toBe(404);
    expect((await result(rover.token)).status).toBe(403);
    expect((await attendance(rover.token)).status).toBe(403);
    expect((await result(coach.token)).status).toBe(200);
    expect((await attendance(coach.token)).status).toBe(200);
  });
});

describe('reading by team', () => {
  it('when a player lists, then they see club-wide events and their teams’ only, counted over the team; their own entries only', async () => {
    const [club] = await createEvent(h, admin.token, { title: 'Club day' });
    const [rovers] = await createEvent(h, coach.token, { teamId: ROVERS });
    const [harbour] = await createEvent(h, harbourCoach.token, { teamId: HARBOUR });

    const seen = await ids(rover.token);
    expect(seen).toEqual(expect.arrayContaining([club!.id, rovers!.id]));
    expect(seen).not.toContain(harbour!.id);
    expect(await ids(admin.token)).toEqual(
      expect.arrayContaining([club!.id, rovers!.id, harbour!.id]),
    );

    const answer = (await list(rover.token)).body as { events: Listed[]; mine: object };
    const { events } = answer;
    expect(events.every((e) => e.attendees.length === 0)).toBe(true);
    expect(events.find((e) => e.id === rovers!.id)!.counts).toEqual({
      attending: 0,
      maybe: 0,
      'not-attending': 0,
      pending: 2,
    });
    expect(answer.mine).toMatchObject({
      [rovers!.id]: { user_id: rover.userId, status: 'pending' },
      [club!.id]: { user_id: rover.userId, status: 'pending' },
    });
    for (const other of [admin, coach, harbourCoach, harbourPlayer]) {
      expect(JSON.stringify(answer)).not.toContain(other.userId);
    }
    // Those who run the events see every invited member.
    const attendees = async (token: string, id: string) =>
      ((await list(token)).body.events as Listed[])
        .find((e) => e.id === id)!
        .attendees.map((a) => a.user_id);
    expect(new Set(await attendees(coach.token, rovers!.id))).toEqual(
      new Set([coach.userId, rover.userId]),
    );
    expect(await attendees(admin.token, club!.id)).toEqual(
      expect.arrayContaining([admin.userId, rover.userId, harbourPlayer.userId]),
    );
    expect(events.find((e) => e.id === club!.id)!.team).toBeNull();
  });

  it('when a coach who plays for another team lists, then every entry of their team’s events, their own only of the others', async () => {
    const [rovers] = await createEvent(h, coach.token, { teamId: ROVERS });
    const [harbour] = await createEvent(h, harbourCoach.token, { teamId: HARBOUR });

    const res = await list(coach.token);

    const answer = res.body as { events: Listed[]; mine: Record<string, { user_id: string }> };
    const byId = (id: string) => answer.events.find((e) => e.id === id)!;
    expect(byId(rovers!.id).attendees.map((a) => a.user_id)).toContain(rover.userId);
    expect(byId(harbour!.id).attendees).toEqual([]);
    expect(byId(harbour!.id).counts.pending).toBeGreaterThanOrEqual(2);
    expect(answer.mine[harbour!.id]).toMatchObject({ user_id: coach.userId, status: 'pending' });
    expect(answer.mine).not.toHaveProperty(rovers!.id);
  });

  it('when a member asks for one team, then that team’s events only; a team they are not in: 404', async () => {
    const [rovers] = await createEvent(h, coach.token, { teamId: ROVERS });
    const [club] = await createEvent(h, admin.token);

    const only = await ids(rover.token, `?teamId=${ROVERS}`);
    expect(only).toContain(rovers!.id);
    expect(only).not.toContain(club!.id);

    const refused = await list(rover.token, `?teamId=${HARBOUR}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Team not found');
    expect((await list(admin.token, `?teamId=${randomUUID()}`)).status).toBe(404);
  });

  it('when a non-member answers a team’s event, then 404 and no answer is kept', async () => {
    const [event] = await createEvent(h, coach.token, { teamId: ROVERS });

    const res = await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(harbourPlayer.token))
      .send({ status: 'attending' });

    expect(res.status).toBe(404);
    const ok = await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(rover.token))
      .send({ status: 'attending' });
    expect(ok.status).toBe(200);
  });

  it('when the coach asks who is away, then only their team’s members; a player may not ask', async () => {
    const day = clubDateTime(40).slice(0, 10);
    for (const member of [rover, harbourPlayer]) {
      await request(h.server)
        .post('/api/availability')
        .set(auth(member.token))
        .send({ startDate: day, endDate: day, isAvailable: false, reason: 'Away' });
    }
    const away = async (token: string, query = '') => {
      const res = await request(h.server)
        .get(`/api/events/conflicts?date=${day}${query}`)
        .set(auth(token));
      return {
        status: res.status,
        ids:
          res.status === 200
            ? res.body.data[0].away.map((a: { user_id: string }) => a.user_id)
            : [],
      };
    };

    expect((await away(coach.token)).ids).toEqual([rover.userId]);
    expect((await away(admin.token)).ids).toEqual(
      expect.arrayContaining([rover.userId, harbourPlayer.userId]),
    );
    expect((await away(admin.token, `&teamId=${HARBOUR}`)).ids).toEqual([harbourPlayer.userId]);
    expect((await away(coach.token, `&teamId=${HARBOUR}`)).status).toBe(403);
    expect((await away(rover.token)).status).toBe(403);

    // The team's list names who of the team is away, for its coach.
    const [event] = await createEvent(h, coach.token, {
      teamId: ROVERS,
      eventDate: `${day}T10:00`,
    });
    const listed = ((await list(coach.token)).body.events as Listed[]).find(
      (e) => e.id === event!.id,
    )!;
    expect(listed.away?.map((a) => a.user_id)).toEqual([rover.userId]);
  });

  it('when a member’s calendar feed is read, then it holds their teams’ and club-wide events only', async () => {
    const [rovers] = await createEvent(h, coach.token, { teamId: ROVERS, title: 'Rovers feed' });
    const [harbour] = await createEvent(h, harbourCoach.token, {
      teamId: HARBOUR,
      title: 'Harbour feed',
    });
    const feed = await request(h.server).get('/api/calendar/feed').set(auth(rover.token));
    const path = new URL(feed.body.data.url).pathname;

    const ics = (await request(h.server).get(path)).text;

    expect(ics).toContain(`${rovers!.id}@teamapp`);
    expect(ics).not.toContain(`${harbour!.id}@teamapp`);
  });
});

describe('the kept lists by team', () => {
  it('when a member answers team 1’s event, then team 2’s kept list stays', async () => {
    const [event] = await createEvent(h, coach.token, { teamId: ROVERS });
    await list(rover.token);
    await list(harbourPlayer.token);
    const kept = h.service.deps.listCache.cache;
    expect(kept.keptAt(listScope('all', HARBOUR), 'player')).toBeDefined();
    expect(kept.keptAt(listScope('all', ROVERS), 'player')).toBeDefined();
    expect(kept.keptAt(listScope('all'), 'player')).toBeDefined();

    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(rover.token))
      .send({ status: 'maybe' })
      .expect(200);

    expect(kept.keptAt(listScope('all', HARBOUR), 'player')).toBeDefined();
    expect(kept.keptAt(listScope('all'), 'player')).toBeDefined();
    expect(kept.keptAt(listScope('all', ROVERS), 'player')).toBeUndefined();
    const answer = (await list(rover.token)).body as {
      events: Listed[];
      mine: Record<string, { status: string }>;
    };
    expect(answer.mine[event!.id]?.status).toBe('maybe');
    expect(answer.events.find((e) => e.id === event!.id)!.counts.maybe).toBe(1);
    const coached = ((await list(coach.token)).body.events as Listed[]).find(
      (e) => e.id === event!.id,
    );
    expect(coached?.attendees).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: rover.userId, status: 'maybe' })]),
    );
  });
});

describe('attendance and stats by team', () => {
  it('when a coach asks for attendance, then their teams’ events only; a team they do not coach: 403', async () => {
    const [rovers] = await createEvent(h, coach.token, {
      teamId: ROVERS,
      eventDate: clubDateTime(-2),
    });
    const [harbour] = await createEvent(h, harbourCoach.token, {
      teamId: HARBOUR,
      eventDate: clubDateTime(-2),
    });
    const attendance = (token: string, query = '') =>
      request(h.server).get(`/api/attendance${query}`).set(auth(token));

    const mine = (await attendance(coach.token)).body.data.map((e: { id: string }) => e.id);
    expect(mine).toContain(rovers!.id);
    expect(mine).not.toContain(harbour!.id);
    expect((await attendance(coach.token, `?teamId=${HARBOUR}`)).status).toBe(403);
    const one = (await attendance(admin.token, `?teamId=${HARBOUR}`)).body.data;
    expect(one.map((e: { id: string }) => e.id)).toContain(harbour!.id);
    expect(one.map((e: { id: string }) => e.id)).not.toContain(rovers!.id);
    const csv = await request(h.server)
      .get(`/api/attendance/export.csv?teamId=${ROVERS}`)
      .set(auth(coach.token));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Rita Rover');
    expect(csv.text).not.toContain('Hugo Harbour');
  });

  it('when stats are asked for a team, then its record and, for its coach, its members’ lines', async () => {
    const [game] = await createEvent(h, harbourCoach.token, {
      teamId: HARBOUR,
      type: 'game',
      eventDate: clubDateTime(-3),
    });
    await request(h.server)
      .put(`/api/events/${game!.id}/result`)
      .set(auth(harbourCoach.token))
      .send({ ours: 4, theirs: 0, scorers: [{ userId: harbourPlayer.userId, goals: 3 }] })
      .expect(200);
    const stats = (token: string, query = '') =>
      request(h.server).get(`/api/events/stats${query}`).set(auth(token));

    const harbourStats = await stats(harbourCoach.token, `?teamId=${HARBOUR}`);
    expect(harbourStats.status).toBe(200);
    expect(harbourStats.body.data.team).toMatchObject({ played: 1, wins: 1, goalsFor: 4 });
    const lines = harbourStats.body.data.members.map((m: { userId: string }) => m.userId);
    expect(new Set(lines)).toEqual(
      new Set([coach.userId, harbourCoach.userId, harbourPlayer.userId]),
    );
    const asPlayer = await stats(harbourPlayer.token, `?teamId=${HARBOUR}`);
    expect(asPlayer.body.data.members).toEqual([
      { userId: harbourPlayer.userId, games: 1, goals: 3, assists: 0 },
    ]);
    expect((await stats(rover.token, `?teamId=${HARBOUR}`)).status).toBe(404);
    expect((await stats(rover.token, '?teamId=nope')).status).toBe(400);
    const roversRecord = await stats(rover.token, `?teamId=${ROVERS}`);
    expect(roversRecord.body.data.team.goalsFor).not.toBe(4);
  });
});

describe('the bounded list', () => {
  it('when a team has more past events than a page, then the 50 most recent, and ?before= the rest', async () => {
    const teamId = randomUUID();
    await team(teamId, 'Veterans', '#2b7a3e');
    const past = await createEvent(h, admin.token, {
      teamId,
      eventDate: clubDateTime(-60, '09:00'),
      recurrence: { weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], count: PAST_PAGE + 3 },
    });
    const [upcoming] = await createEvent(h, admin.token, { teamId, eventDate: clubDateTime(9) });

    const first = await list(admin.token, `?teamId=${teamId}`);
    const firstIds = (first.body.events as Listed[]).map((e) => e.id);
    expect(firstIds).toHaveLength(PAST_PAGE + 1);
    expect(firstIds.at(-1)).toBe(upcoming!.id);
    expect(firstIds).not.toContain(past[0]!.id);
    expect(first.body.olderBefore).toBe(past[3]!.event_date);

    const older = await list(admin.token, `?teamId=${teamId}&before=${first.body.olderBefore}`);
    expect((older.body.events as Listed[]).map((e) => e.id)).toEqual(
      past.slice(0, 3).map((e) => e.id),
    );
    expect(older.body.olderBefore).toBeNull();
    expect((await list(admin.token, '?before=yesterday')).status).toBe(400);
  });

  it('when nothing older is left, then olderBefore is null', async () => {
    const teamId = randomUUID();
    await team(teamId, 'Masters', '#1864ab');
    await createEvent(h, admin.token, { teamId, eventDate: clubDateTime(-2) });
    expect((await list(admin.token, `?teamId=${teamId}`)).body.olderBefore).toBeNull();
  });
});

describe('reminders and absences by team', () => {
  it('when a team event’s reminder is sent, then only the team’s members without an answer get it', async () => {
    const [event] = await createEvent(h, coach.token, {
      teamId: ROVERS,
      eventDate: clubDateTime(2),
    });
    await request(h.server)
      .post(`/api/events/${event!.id}/rsvp`)
      .set(auth(rover.token))
      .send({ status: 'attending' })
      .expect(200);

    const reminded = await h.service.deps.reminders.send({
      eventId: event!.id,
      step: '24h',
      startsAt: event!.event_date,
    });

    expect(reminded).toBe(1);
  });

  it('when a member is away, then the absence answers their teams’ and club-wide events only', async () => {
    const day = clubDateTime(50).slice(0, 10);
    const [club] = await createEvent(h, admin.token, { eventDate: `${day}T09:00` });
    const [harbour] = await createEvent(h, harbourCoach.token, {
      teamId: HARBOUR,
      eventDate: `${day}T10:00`,
    });
    const [rovers] = await createEvent(h, coach.token, {
      teamId: ROVERS,
      eventDate: `${day}T11:00`,
    });

    await request(h.server)
      .post('/api/availability')
      .set(auth(harbourPlayer.token))
      .send({ startDate: day, endDate: day, isAvailable: false, reason: 'Trip' })
      .expect(201);

    const answered = (
      await h.service.base.db.select().from(rsvps).where(eq(rsvps.userId, harbourPlayer.userId))
    ).map((r) => r.eventId);
    expect(answered).toEqual(expect.arrayContaining([club!.id, harbour!.id]));
    expect(answered).not.toContain(rovers!.id);
  });
});
