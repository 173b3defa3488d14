/**
 * Team posts beside club posts, through the real app, database and queues (PGlite, or the
 * PostgreSQL at DATABASE_URL): who may publish, edit, pin and delete each, who reads them, who is
 * told of them, and that the public showcase shows club posts only. Two teams: the Reds and the
 * Blues, each with a coach and players.
 */
import { randomUUID } from 'node:crypto';
import {
  NEWS_NOT_FOUND,
  TEAM_COACH_ONLY,
  TEAM_NOT_FOUND,
  type NewsPost,
  type Role,
  type TeamMembership,
} from '@teamapp/contracts';
import request from 'supertest';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { createNewsRepo } from '../../db/news.repo';
import { createTeamsRepo } from '../../db/teams.repo';
import { NEWS_ALL_SCOPE, NEWS_SCOPE, newsTeamScope } from '../../domain/list-scopes';
import {
  ACCESS_DENIED,
  auth,
  memberEvent,
  newsMemberFor,
  type NewsMember,
} from '../../../test/news-members';

type Member = NewsMember;

const REDS = randomUUID();
const BLUES = randomUUID();
const ARCHIVED = randomUUID();

let h: ContentHarness;
let admin: Member;
let redCoach: Member;
let redPlayer: Member;
let blueCoach: Member;
let bluePlayer: Member;
/** A member of no team. */
let loner: Member;

/** A team as auth announces it, `offsetMs` after now. */
const teamEvent = (teamId: string, name: string, archived = false, offsetMs = 0) => ({
  teamId,
  at: new Date(Date.now() + offsetMs).toISOString(),
  team: { name, colour: '#1864ab' as const, public: false, archived },
});

const memberFor = (role: Role, name: string, teams: TeamMembership[]) =>
  newsMemberFor(h, role, name, teams);

beforeAll(async () => {
  h = await startContent();
  const teams = createTeamsRepo(h.service.base.db);
  await teams.apply(teamEvent(REDS, 'Reds'));
  await teams.apply(teamEvent(BLUES, 'Blues'));
  await teams.apply(teamEvent(ARCHIVED, 'Old Boys', true));
  admin = await memberFor('admin', 'Casey Admin', []);
  redCoach = await memberFor('player', 'Riley Red Coach', [{ teamId: REDS, role: 'coach' }]);
  redPlayer = await memberFor('player', 'Robin Red', [{ teamId: REDS, role: 'player' }]);
  blueCoach = await memberFor('player', 'Bailey Blue Coach', [{ teamId: BLUES, role: 'coach' }]);
  bluePlayer = await memberFor('player', 'Blair Blue', [{ teamId: BLUES, role: 'player' }]);
  loner = await memberFor('player', 'Lee Loner', []);
});
afterAll(async () => {
  await h.close();
});

const post = (body: Record<string, unknown>, who: Member) =>
  request(h.server).post('/api/news').set(auth(who.token)).send(body);
const put = (id: string, body: Record<string, unknown>, who: Member) =>
  request(h.server).put(`/api/news/${id}`).set(auth(who.token)).send(body);
const del = (id: string, who: Member) =>
  request(h.server).delete(`/api/news/${id}`).set(auth(who.token));

/** Publishes a post without notifying anyone and returns it. */
async function published(who: Member, fields: Record<string, unknown> = {}): Promise<NewsPost> {
  const res = await post(
    { title: `Post ${randomUUID()}`, content: 'Body', notify: false, ...fields },
    who,
  );
  expect(res.status).toBe(201);
  return res.body.data as NewsPost;
}

async function list(who: Member): Promise<NewsPost[]> {
  const res = await request(h.server).get('/api/news').set(auth(who.token));
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Every post, as a club admin reads them. */
const allTitles = async () => (await list(admin)).map((p) => p.title);

/** The audience of the notification published for the post titled `title`. */
async function audienceOf(title: string): Promise<string[] | 'everyone' | undefined> {
  const job = (await h.published('notifications')).find((j) => j.title === `News: ${title}`);
  if (!job) return undefined;
  return 'everyone' in job.audience ? 'everyone' : [...job.audience.userIds].sort();
}

describe('POST /api/news with a team', () => {
  it('when a coach publishes to their team, then 201 with the post and its team', async () => {
    const res = await post(
      { title: 'Reds training moved', content: 'To 6pm', notify: false, teamId: REDS },
      redCoach,
    );

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Reds training moved',
      author_name: 'Riley Red Coach',
      teamId: REDS,
    });
  });

  it('when a club admin publishes to any team, then 201', async () => {
    const res = await post(
      { title: 'Blues kit', content: 'New shirts', notify: false, teamId: BLUES },
      admin,
    );

    expect(res.status).toBe(201);
    expect(res.body.data.teamId).toBe(BLUES);
  });

  it('when the team is unknown, then 404 naming the team, nothing is stored and nobody is told', async () => {
    const title = `Nowhere ${randomUUID()}`;

    const res = await post({ title, content: 'x', teamId: randomUUID() }, admin);

    expect(res.status).toBe(404);
    expect(res.body.error).toBe(TEAM_NOT_FOUND);
    expect(await allTitles()).not.toContain(title);
    expect(await audienceOf(title)).toBeUndefined();
  });

  it('when the team is archived, then 404 and nothing is stored', async () => {
    const title = `Archived ${randomUUID()}`;

    const res = await post({ title, content: 'x', teamId: ARCHIVED }, admin);

    expect(res.status).toBe(404);
    expect(res.body.error).toBe(TEAM_NOT_FOUND);
    expect(await allTitles()).not.toContain(title);
  });

  it('when a coach of another team publishes to it, then 403, nothing is stored and nobody is told', async () => {
    const title = `Poach ${randomUUID()}`;

    const res = await post({ title, content: 'x', teamId: REDS }, blueCoach);

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(TEAM_COACH_ONLY);
    expect(await allTitles()).not.toContain(title);
    expect(await audienceOf(title)).toBeUndefined();
  });

  it('when a player publishes to their own team, then 403 and nothing is stored', async () => {
    const title = `Player post ${randomUUID()}`;

    const res = await post({ title, content: 'x', teamId: REDS }, redPlayer);

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(TEAM_COACH_ONLY);
    expect(await allTitles()).not.toContain(title);
  });

  it('when a coach publishes a club post, then 403 with the access-denied text and nothing is stored', async () => {
    const title = `Club by coach ${randomUUID()}`;

    const res = await post({ title, content: 'x' }, redCoach);

    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ACCESS_DENIED);
    expect(await allTitles()).not.toContain(title);
  });

  it('when the team id is not an id, then 400 naming it', async () => {
    const res = await post({ title: 'x', content: 'x', teamId: 'reds' }, admin);

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'teamId', error: 'teamId must be a valid identifier' });
  });
});

describe('who is told of a post', () => {
  it('when a coach publishes a team post, then its active members other than the author are told, nobody else', async () => {
    const leaver = await memberFor('player', 'Lou Leaver', [{ teamId: REDS, role: 'player' }]);
    await h.service.deps.notifications.memberChanged({
      userId: leaver.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });
    const title = `Reds only ${randomUUID().slice(0, 8)}`;

    const res = await post({ title, content: 'Team talk at 5', teamId: REDS }, redCoach);

    expect(res.status).toBe(201);
    expect(await audienceOf(title)).toEqual([redPlayer.userId].sort());
    await eventually(async () => {
      const notes = await request(h.server).get('/api/notifications').set(auth(redPlayer.token));
      return notes.body.data.some((n: { title: string }) => n.title === `News: ${title}`);
    });
  });

  it('when a club admin publishes a team post, then the team (its coach too) is told', async () => {
    const title = `Blues from the club ${randomUUID().slice(0, 8)}`;

    await post({ title, content: 'Well played' }, admin);
    const teamTitle = `Blues team ${randomUUID().slice(0, 8)}`;
    await post({ title: teamTitle, content: 'Well played', teamId: BLUES }, admin);

    expect(await audienceOf(teamTitle)).toEqual([blueCoach.userId, bluePlayer.userId].sort());
    // The club post goes to every other active member, as before teams.
    const clubAudience = await audienceOf(title);
    expect(clubAudience).toEqual(
      expect.arrayContaining([redPlayer.userId, loner.userId, bluePlayer.userId]),
    );
    expect(clubAudience).not.toContain(admin.userId);
  });
});

describe('GET /api/news with teams', () => {
  it('when members read the news, then each sees the club posts and their own teams’ posts; a club admin sees all', async () => {
    const club = await published(admin, { title: `Club ${randomUUID()}` });
    const reds = await published(redCoach, { title: `Reds ${randomUUID()}`, teamId: REDS });
    const blues = await published(blueCoach, { title: `Blues ${randomUUID()}`, teamId: BLUES });
    const ids = async (who: Member) => (await list(who)).map((p) => p.id);

    expect(await ids(redPlayer)).toEqual(expect.arrayContaining([club.id, reds.id]));
    expect(await ids(redPlayer)).not.toContain(blues.id);
    expect(await ids(blueCoach)).toEqual(expect.arrayContaining([club.id, blues.id]));
    expect(await ids(blueCoach)).not.toContain(reds.id);
    expect(await ids(loner)).toContain(club.id);
    expect(await ids(loner)).not.toContain(reds.id);
    expect(await ids(loner)).not.toContain(blues.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([club.id, reds.id, blues.id]));
    expect((await list(redPlayer)).find((p) => p.id === reds.id)?.teamId).toBe(REDS);
    expect((await list(redPlayer)).find((p) => p.id === club.id)?.teamId).toBeNull();
  });

  it('when the club and team boards are merged, then pinned posts come first, then the newest', async () => {
    const clubPinned = await published(admin, { isPinned: true });
    const redOld = await published(redCoach, { teamId: REDS });
    const clubNew = await published(admin);
    const redPinned = await published(redCoach, { teamId: REDS, isPinned: true });
    const redNew = await published(redCoach, { teamId: REDS });

    const ids = (await list(redPlayer)).map((p) => p.id);
    const mine = ids.filter((id) =>
      [clubPinned.id, redOld.id, clubNew.id, redPinned.id, redNew.id].includes(id),
    );

    expect(mine).toEqual([redPinned.id, clubPinned.id, redNew.id, clubNew.id, redOld.id]);
    const adminIds = (await list(admin)).map((p) => p.id).filter((id) => mine.includes(id));
    expect(adminIds).toEqual(mine);
  });

  it('when a member joins or leaves a team, then their news follows at once', async () => {
    const member = await memberFor('player', 'Sam Switcher', [{ teamId: REDS, role: 'player' }]);
    const reds = await published(redCoach, { teamId: REDS });
    const blues = await published(blueCoach, { teamId: BLUES });
    expect((await list(member)).map((p) => p.id)).toContain(reds.id);

    await h.service.deps.notifications.memberChanged(
      memberEvent(member, 'player', [{ teamId: BLUES, role: 'player' }], 1000),
    );

    const ids = (await list(member)).map((p) => p.id);
    expect(ids).toContain(blues.id);
    expect(ids).not.toContain(reds.id);
  });

  it('when a member has left the club, then they read no team’s posts', async () => {
    const member = await memberFor('player', 'Gone Red', [{ teamId: REDS, role: 'player' }]);
    const reds = await published(redCoach, { teamId: REDS });
    await h.service.deps.notifications.memberChanged({
      userId: member.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });

    expect((await list(member)).map((p) => p.id)).not.toContain(reds.id);
  });
});

describe('PUT and DELETE /api/news/:id of a team post', () => {
  it('when the team’s coach edits, pins and deletes it, then each is done', async () => {
    const mine = await published(redCoach, { teamId: REDS });

    const edit = await put(mine.id, { title: 'Reds: new time' }, redCoach);
    const pin = await put(mine.id, { isPinned: true }, redCoach);
    const gone = await del(mine.id, redCoach);

    expect([edit.status, pin.status, gone.status]).toEqual([200, 200, 200]);
    expect(edit.body.data).toMatchObject({ title: 'Reds: new time', teamId: REDS });
    expect(pin.body.data.is_pinned).toBe(true);
    expect((await list(admin)).some((p) => p.id === mine.id)).toBe(false);
  });

  it('when a club admin edits and deletes it, then each is done', async () => {
    const theirs = await published(redCoach, { teamId: REDS });

    const edit = await put(theirs.id, { content: 'Edited by the club' }, admin);
    const gone = await del(theirs.id, admin);

    expect([edit.status, gone.status]).toEqual([200, 200]);
  });

  it('when a coach of another team addresses it, then 404 and it is unchanged', async () => {
    const reds = await published(redCoach, { teamId: REDS });

    const edit = await put(reds.id, { title: 'Hijacked' }, blueCoach);
    const pin = await put(reds.id, { isPinned: true }, blueCoach);
    const gone = await del(reds.id, blueCoach);

    expect([edit.status, pin.status, gone.status]).toEqual([404, 404, 404]);
    expect(edit.body.error).toBe(NEWS_NOT_FOUND);
    expect((await list(redPlayer)).find((p) => p.id === reds.id)).toMatchObject({
      title: reds.title,
      is_pinned: false,
    });
  });

  it('when a coach who plays in that team addresses it, then 403 and it is unchanged', async () => {
    const both = await memberFor('player', 'Dual Role', [
      { teamId: BLUES, role: 'coach' },
      { teamId: REDS, role: 'player' },
    ]);
    const reds = await published(redCoach, { teamId: REDS });

    const edit = await put(reds.id, { title: 'Hijacked' }, both);
    const gone = await del(reds.id, both);

    expect([edit.status, gone.status]).toEqual([403, 403]);
    expect(edit.body.error).toBe(TEAM_COACH_ONLY);
    expect((await list(redPlayer)).find((p) => p.id === reds.id)?.title).toBe(reds.title);
  });

  it('when a player of the team edits or deletes it, then 403 and it stays', async () => {
    const reds = await published(redCoach, { teamId: REDS });

    const edit = await put(reds.id, { isPinned: true }, redPlayer);
    const gone = await del(reds.id, redPlayer);

    expect([edit.status, gone.status]).toEqual([403, 403]);
    expect((await list(redPlayer)).find((p) => p.id === reds.id)?.is_pinned).toBe(false);
  });

  it('when a coach edits, pins or deletes a club post, then 403 with the access-denied text and it stays', async () => {
    const club = await published(admin);

    const edit = await put(club.id, { title: 'Coach edit' }, redCoach);
    const pin = await put(club.id, { isPinned: true }, redCoach);
    const gone = await del(club.id, redCoach);

    expect([edit.status, pin.status, gone.status]).toEqual([403, 403, 403]);
    expect(gone.body.error).toBe(ACCESS_DENIED);
    expect((await list(admin)).find((p) => p.id === club.id)).toMatchObject({
      title: club.title,
      is_pinned: false,
    });
  });
});

describe('the showcase and team posts', () => {
  it('when a team post is the newest, then the public showcase still shows club posts only', async () => {
    const club = await published(admin, { title: `Showcase club ${randomUUID()}` });
    const team = await published(redCoach, {
      title: `Showcase team ${randomUUID()}`,
      teamId: REDS,
    });

    const res = await request(h.server).get('/api/showcase');
    const latest = await createNewsRepo(h.service.base.db).latest(50);

    expect(res.status).toBe(200);
    const shown = res.body.data.news.map((n: { id: string }) => n.id);
    expect(shown).toContain(club.id);
    expect(shown).not.toContain(team.id);
    expect(latest.map((n) => n.id)).not.toContain(team.id);
  });
});

describe('the kept news boards', () => {
  /** Reads every board and the showcase, so each is kept. */
  async function readAll() {
    await Promise.all([list(admin), list(redPlayer), list(bluePlayer), list(loner)]);
    expect((await request(h.server).get('/api/showcase')).status).toBe(200);
  }

  function dropped(): string[] {
    const { lists, showcase } = h.service.deps;
    const kept = {
      club: lists.keptAt(NEWS_SCOPE, 'board'),
      all: lists.keptAt(NEWS_ALL_SCOPE, 'board'),
      reds: lists.keptAt(newsTeamScope(REDS), 'board'),
      blues: lists.keptAt(newsTeamScope(BLUES), 'board'),
      showcase: showcase.cachedAt(),
    };
    return Object.entries(kept)
      .filter(([, at]) => at === undefined)
      .map(([name]) => name);
  }

  it('when a team post is published, edited and deleted, then only its team’s board and the admins’ are dropped', async () => {
    await readAll();
    const reds = await published(redCoach, { teamId: REDS });
    expect(dropped()).toEqual(['all', 'reds']);

    await readAll();
    expect((await put(reds.id, { isPinned: true }, redCoach)).status).toBe(200);
    expect(dropped()).toEqual(['all', 'reds']);

    await readAll();
    expect((await del(reds.id, redCoach)).status).toBe(200);
    expect(dropped()).toEqual(['all', 'reds']);
  });

  it('when a club post is published, then the club board, the admins’ and the showcase are dropped', async () => {
    await readAll();
    await published(admin);
    expect(dropped()).toEqual(['club', 'all', 'showcase']);
  });

  it('when a team post is refused, then nothing is dropped', async () => {
    await readAll();
    expect((await post({ title: 'x', content: 'x', teamId: REDS }, blueCoach)).status).toBe(403);
    expect(dropped()).toEqual([]);
  });

  it('when an author of a team post is renamed, then the boards naming them are dropped', async () => {
    await published(blueCoach, { teamId: BLUES });
    await readAll();

    await h.service.deps.notifications.memberChanged(
      memberEvent({ ...blueCoach, name: 'Bailey Renamed' }, 'player', undefined, 5000),
    );

    expect(dropped()).toEqual(['club', 'all', 'blues', 'showcase']);
    const theirs = (await list(bluePlayer)).filter((p) => p.author_id === blueCoach.userId);
    expect(theirs.every((p) => p.author_name === 'Bailey Renamed')).toBe(true);
  });
});

describe('the teams and memberships content keeps', () => {
  it('when auth announces a team on the content-teams queue, then its coach may post to it', async () => {
    const greens = randomUUID();
    const coach = await memberFor('player', 'Gale Green', [{ teamId: greens, role: 'coach' }]);
    expect((await post({ title: 'Early', content: 'x', teamId: greens }, coach)).status).toBe(404);

    await h.queues.add('content-teams', teamEvent(greens, 'Greens'), randomUUID());

    await eventually(
      async () =>
        (await post({ title: 'Greens', content: 'x', notify: false, teamId: greens }, coach))
          .status === 201,
    );
  });

  it('when an archived team comes back, then it takes posts again; an older event changes nothing', async () => {
    const teams = createTeamsRepo(h.service.base.db);
    const back = randomUUID();
    await teams.apply(teamEvent(back, 'Comeback', true));

    expect(await teams.apply(teamEvent(back, 'Comeback', false, 1000))).toBe(true);
    expect(await teams.apply(teamEvent(back, 'Comeback', true, -60_000))).toBe(false);

    expect(await teams.isActive(back)).toBe(true);
  });

  it('when a member event carries no teams, then the teams known stay; one with teams replaces them', async () => {
    const coach = await memberFor('player', 'Kept Coach', [{ teamId: REDS, role: 'coach' }]);

    await h.service.deps.notifications.memberChanged(memberEvent(coach, 'player', undefined, 1000));
    await h.service.deps.notifications.memberChanged({
      userId: coach.userId,
      kind: 'updated',
      at: new Date(Date.now() + 2000).toISOString(),
    });
    expect(
      (await post({ title: 'Still coach', content: 'x', notify: false, teamId: REDS }, coach))
        .status,
    ).toBe(201);

    await h.service.deps.notifications.memberChanged(memberEvent(coach, 'player', [], 3000));
    expect(
      (await post({ title: 'No longer', content: 'x', notify: false, teamId: REDS }, coach)).status,
    ).toBe(403);
  });
});
