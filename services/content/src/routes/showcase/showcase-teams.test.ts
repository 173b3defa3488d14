/**
 * The showcase's team tabs (reference §2 Showcase page), on PGlite or the PostgreSQL at
 * DATABASE_URL: with two or more active teams, GET /api/showcase answers a tab per public team
 * with its own figures from the real events service (started in-process, listening on a free
 * port), and nothing of a team that is not public; an admin sets each team's league position;
 * a team event reaching content drops the kept page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { ShowcaseTeam, TeamEvent } from '@teamapp/contracts';
import {
  auth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../../../events/test/harness';
import { keptBy, teamStates } from '@teamapp/service-kit/pact-provider';
import { eventually, startContent, type ContentHarness } from '../../../test/harness';
import { SHOWCASE_SCOPE } from '../../domain/list-scopes';
import { unknownTeamMessage } from '../../domain/showcase';

const RED = randomUUID();
const BLUE = randomUUID();
const GREY = randomUUID();
// Ahead of the clock, each team change later than the one before, as auth's events are.
let clock = Date.now() + 3_600_000;
const later = () => new Date((clock += 1000)).toISOString();

type Team = TeamEvent['team'];
const teamsNow: Record<string, Team> = {
  [RED]: { name: 'Red Hawks', colour: '#c92a2a', public: true, archived: false },
  [BLUE]: { name: 'Blue Jays', colour: '#1864ab', public: true, archived: false },
  [GREY]: { name: 'Grey Owls', colour: '#495057', public: false, archived: false },
};

let events: EventsHarness;
let eventsServer: http.Server;
let h: ContentHarness;
let admin: string;
let player: string;
let coach: Member;
let sam: Member;
let gina: Member;

/** Tells both services of a team's change (as auth's team event does). */
async function changeTeam(teamId: string, change: Partial<Team>) {
  teamsNow[teamId] = { ...teamsNow[teamId]!, ...change };
  const event = { teamId, at: later(), team: teamsNow[teamId]! };
  await events.service.deps.teams.teamChanged(event);
  await h.service.deps.showcase.teamChanged(event);
  return event;
}

const showcase = async () => {
  await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);
  const res = await request(h.server).get('/api/showcase');
  expect(res.status).toBe(200);
  return res;
};
const put = (body: unknown, token = admin) =>
  request(h.server)
    .put('/api/showcase')
    .set({ Authorization: `Bearer ${token}` })
    .send(body as object);
const tab = (teams: ShowcaseTeam[], id: string) => teams.find((t) => t.id === id);

beforeAll(async () => {
  events = await startEvents();
  coach = await events.memberFor('admin', 'Casey Coach');
  sam = await events.memberFor('player', 'Sam Striker');
  gina = await events.memberFor('player', 'Gina Hidden');
  eventsServer = http.createServer(events.server);
  await new Promise<void>((resolve) => eventsServer.listen(0, '127.0.0.1', resolve));
  const { port } = eventsServer.address() as AddressInfo;
  h = await startContent({ env: { EVENTS_INTERNAL_URL: `http://127.0.0.1:${port}` } });
  admin = await h.tokenFor('admin');
  player = await h.tokenFor('player');
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => eventsServer.close(resolve));
  await events.close();
});

describe('with one team in the club', () => {
  it("when the club has a single team, public or not, then no team tab is answered and the Men's Team figures are as before", async () => {
    expect((await showcase()).body.data).toMatchObject({
      teams: [],
      teamStats: { mens: { title: "Men's Team", record: '0-0-0' } },
    });

    await changeTeam(RED, {});

    expect((await showcase()).body.data.teams).toEqual([]);
  });
});

describe('with several teams in the club', () => {
  let redGame: string;
  let greyGame: string;
  let clubGame: string;
  beforeAll(async () => {
    await changeTeam(RED, {});
    await changeTeam(BLUE, {});
    await changeTeam(GREY, {});
    const game = async (title: string, teamId: string | null, days: number) => {
      const [created] = await createEvent(events, coach.token, {
        title,
        type: 'game',
        eventDate: clubDateTime(days),
        ...(teamId ? { teamId } : {}),
      });
      return created!.id;
    };
    redGame = await game('vs Red Rivals', RED, 3);
    greyGame = await game('vs Grey Rivals', GREY, 4);
    clubGame = await game('vs Club Rivals', null, 5);
    const result = async (teamId: string, scorer: Member, ours: number) => {
      const id = await game(`vs Past ${scorer.name}`, teamId, -2);
      const res = await request(events.server)
        .put(`/api/events/${id}/result`)
        .set(auth(coach.token))
        .send({ ours, theirs: 0, scorers: [{ userId: scorer.userId, goals: ours, assists: 0 }] });
      expect(res.status).toBe(200);
    };
    // A team's figures count its own players: Sam plays for the Reds, Gina for the Greys.
    for (const [member, teamId] of [
      [sam, RED],
      [gina, GREY],
    ] as const) {
      const states = teamStates({ ...keptBy(() => events), teamId, team: teamsNow[teamId]! });
      await states.withCoach(member);
    }
    await result(RED, sam, 2);
    await result(GREY, gina, 1);
  });

  it('when a visitor reads the showcase, then each public team has a tab by name with its own record, goal difference, fixtures and top performers', async () => {
    const { teams } = (await showcase()).body.data as { teams: ShowcaseTeam[] };

    expect(teams.map((t) => t.name)).toEqual(['Blue Jays', 'Red Hawks']);
    expect(tab(teams, RED)).toMatchObject({
      colour: '#c92a2a',
      record: '1-0-0',
      goalDifference: '+2',
      position: '',
      players: [{ name: 'Sam Striker', goals: 2, assists: 0 }],
    });
    expect(tab(teams, RED)!.fixtures.map((f) => f.id)).toEqual([redGame]);
    expect(tab(teams, RED)!.fixtures[0]).toMatchObject({ opponent: 'Red Rivals' });
    expect(tab(teams, BLUE)).toMatchObject({
      record: '0-0-0',
      goalDifference: '0',
      fixtures: [],
      players: [],
    });
  });

  it('when a team is not public, then nothing of it is in the anonymous answer: no tab, name, fixture or scorer', async () => {
    const res = await showcase();
    const { data } = res.body;

    expect(res.text).not.toContain('Grey');
    expect(res.text).not.toContain(GREY);
    expect(res.text).not.toContain(greyGame);
    expect(res.text).not.toContain('Gina Hidden');
    expect(data.fixtures.map((f: { id: string }) => f.id)).toEqual([redGame, clubGame]);
    expect(data.players.map((p: { name: string }) => p.name)).toEqual(['Sam Striker']);
    // The club's own figures stay as they were: every recorded game counts.
    expect(data.teamStats.mens.record).toBe('2-0-0');
  });

  it('when the server renders the page, then it shows a tab per public team and nothing of the private one', async () => {
    await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);

    const res = await request(h.server).get('/internal/showcase-page');

    expect(res.status).toBe(200);
    expect(res.text).toMatch(/role="tab"[^>]*>Blue Jays<\/button>/);
    expect(res.text).toMatch(/role="tab"[^>]*>Red Hawks<\/button>/);
    expect(res.text).not.toContain('Men&#x27;s Team</button>');
    expect(res.text).not.toContain('Grey');
    expect(res.text).not.toContain('Gina Hidden');
  });

  it("when an admin sets each team's league position, then each tab shows its own, and a save that leaves them out keeps them", async () => {
    const res = await put({
      leaguePosition: '1st',
      teamPositions: { [RED]: ' 2nd ', [BLUE]: '7th' },
    });

    expect(res.status).toBe(200);
    expect(tab(res.body.data.teams, RED)!.position).toBe('2nd');
    expect(tab(res.body.data.teams, BLUE)!.position).toBe('7th');
    expect(res.body.data.teamStats.mens.position).toBe('1st');

    const kept = await put({ subtitle: 'Since 1921' });

    expect(kept.status).toBe(200);
    expect(tab(kept.body.data.teams, RED)!.position).toBe('2nd');
    // A private team's position may be set, and shows nowhere while it is private.
    expect((await put({ teamPositions: { [GREY]: '9th' } })).status).toBe(200);
    expect((await showcase()).text).not.toContain('9th');
  });

  const stranger = randomUUID();
  it.each([
    ['an unknown team', { [stranger]: '3rd' }, unknownTeamMessage(stranger)],
    ['a key that is no team id', { reds: '3rd' }, 'teamPositions must be keyed by team ids'],
    ['no map', 'second', 'teamPositions must map team ids to text'],
    [
      'a position too long',
      { [RED]: 'x'.repeat(41) },
      `teamPositions.${RED}: teamPositions must be at most 40 characters`,
    ],
    [
      'a position that is no text',
      { [RED]: 3 },
      `teamPositions.${RED}: teamPositions must be text`,
    ],
  ])(
    'when the positions hold %s, then 400 naming it and nothing is stored',
    async (_, given, message) => {
      await put({ teamPositions: { [RED]: '2nd' } });

      const res = await put({ teamPositions: given });

      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(tab((await showcase()).body.data.teams, RED)!.position).toBe('2nd');
    },
  );

  it('when a player sets the positions, then 403 and nothing changes', async () => {
    const res = await put({ teamPositions: { [RED]: '1st' } }, player);

    expect(res.status).toBe(403);
  });

  describe('the kept page', () => {
    const warm = async () => {
      await showcase();
      const at = h.service.deps.showcase.cachedAt();
      expect(at).toEqual(expect.any(Number));
    };
    const teamEvent = (teamId: string, change: Partial<Team>, at = later()) => {
      teamsNow[teamId] = { ...teamsNow[teamId]!, ...change };
      return { teamId, at, team: teamsNow[teamId]! };
    };

    it('when a team is made public through the content-teams queue, then the kept page is dropped and its tab shows', async () => {
      await warm();
      const event = teamEvent(GREY, { public: true });
      await events.service.deps.teams.teamChanged(event);

      await h.queues.add('content-teams', event, randomUUID());

      await eventually(() => h.service.deps.showcase.cachedAt() === undefined);
      const res = await request(h.server).get('/api/showcase');
      expect(res.body.data.teams.map((t: ShowcaseTeam) => t.name)).toEqual([
        'Blue Jays',
        'Grey Owls',
        'Red Hawks',
      ]);
      expect(tab(res.body.data.teams, GREY)).toMatchObject({ record: '1-0-0' });
    });

    it('when a team is renamed, made private or archived, then the kept page is dropped each time', async () => {
      await warm();
      await h.service.deps.showcase.teamChanged(teamEvent(GREY, { name: 'Silver Owls' }));
      expect(h.service.deps.showcase.cachedAt()).toBeUndefined();
      expect(
        (await request(h.server).get('/api/showcase')).body.data.teams.map(
          (t: ShowcaseTeam) => t.name,
        ),
      ).toEqual(['Blue Jays', 'Red Hawks', 'Silver Owls']);

      await warm();
      await h.service.deps.showcase.teamChanged(teamEvent(GREY, { public: false }));
      expect(h.service.deps.showcase.cachedAt()).toBeUndefined();
      expect((await request(h.server).get('/api/showcase')).text).not.toContain('Silver Owls');

      await warm();
      await h.service.deps.showcase.teamChanged(teamEvent(BLUE, { archived: true }));
      expect(h.service.deps.showcase.cachedAt()).toBeUndefined();
      expect(
        (await request(h.server).get('/api/showcase')).body.data.teams.map(
          (t: ShowcaseTeam) => t.name,
        ),
      ).toEqual(['Red Hawks']);
    });

    it('when an older team event arrives, then it is not applied and the kept page stays', async () => {
      await warm();
      const at = h.service.deps.showcase.cachedAt();

      const applied = await h.service.deps.showcase.teamChanged({
        teamId: RED,
        at: new Date(0).toISOString(),
        team: { ...teamsNow[RED]!, name: 'Stale Name' },
      });

      expect(applied).toBe(false);
      expect(h.service.deps.showcase.cachedAt()).toBe(at);
    });
  });

  it("when a team's scorer is a young player, then their tab and the club's list name them by first name and initial, or leave them out", async () => {
    // Auth's member event reaches both services: content and events each keep who is a minor.
    // (A day ahead: later than the team states' events, which keep a clock of their own.)
    let step = 0;
    const minor = async (isMinor: boolean) => {
      const event = {
        userId: sam.userId,
        kind: 'updated' as const,
        at: new Date(Date.now() + 86_400_000 + ++step * 1000).toISOString(),
        member: {
          name: sam.name,
          email: sam.email,
          role: 'player' as const,
          profilePicture: null,
          minor: isMinor,
          teams: [{ teamId: RED, role: 'player' as const }],
        },
      };
      await h.service.deps.notifications.memberChanged(event);
      await events.service.deps.members.memberChanged(event);
    };
    const setting = (showcaseMinors: string) =>
      request(h.server)
        .put('/api/settings')
        .set({ Authorization: `Bearer ${admin}` })
        .send({ showcaseMinors });
    await minor(true);

    const initial = (await showcase()).body.data;
    await setting('hidden');
    const hidden = await showcase();
    await setting('initial');
    await minor(false);

    expect(tab(initial.teams, RED)!.players.map((p) => p.name)).toEqual(['Sam S.']);
    expect(initial.players.map((p: { name: string }) => p.name)).toEqual(['Sam S.']);
    expect(tab(hidden.body.data.teams, RED)!.players).toEqual([]);
    expect(hidden.body.data.players).toEqual([]);
    expect(hidden.text).not.toContain('Sam');
  });
});
