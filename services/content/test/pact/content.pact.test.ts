/**
 * Provider verification: the real content app answers the web consumer's contract. The showcase's
 * schedule figures come from the real events service, started beside it on a free port.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { showcaseEditableSchema } from '@teamapp/contracts';
import { teamStates, verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { memberFactory } from '@teamapp/service-kit/testing';
import request from 'supertest';
import {
  auth as eventsAuth,
  clubDateTime,
  createEvent,
  startEvents,
  type EventsHarness,
} from '../../../events/test/harness';
import { news } from '../../src/db/schema';
import { createTeamsRepo } from '../../src/db/teams.repo';
import { SHOWCASE_SCOPE } from '../../src/domain/list-scopes';
import { startContent, type ContentHarness } from '../harness';
import {
  PUSH_DEVICE,
  STATE_IDS,
  STATE_PUBLIC_TEAM,
  STATE_TEAM,
} from '@teamapp/api-client/pact-states';
import type { TeamEvent } from '@teamapp/contracts';
const { news: NEWS_ID, team: TEAM_ID, publicTeam: PUBLIC_TEAM_ID } = STATE_IDS;

/** The post id the news consumer test (mfe-club news.pact.test.ts) uses in its paths. */

let events: EventsHarness;
let eventsServer: http.Server;
let h: ContentHarness;
beforeAll(async () => {
  events = await startEvents();
  eventsServer = http.createServer(events.server);
  await new Promise<void>((resolve) => eventsServer.listen(0, '127.0.0.1', resolve));
  const { port } = eventsServer.address() as AddressInfo;
  h = await startContent({ env: { EVENTS_INTERNAL_URL: `http://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => eventsServer.close(resolve));
  await events.close();
});

/**
 * The contract's team and its coach, as content's `content-teams` and `members` consumers record
 * them.
 */
const teamState = teamStates({
  teamChanged: (event) => createTeamsRepo(h.service.base.db).apply(event),
  memberChanged: (event) => h.service.deps.notifications.memberChanged(event),
  memberFor: (role, name) =>
    memberFactory(h.userFor, (event) => h.service.deps.notifications.memberChanged(event))(
      role,
      name,
    ),
  teamId: TEAM_ID,
  team: STATE_TEAM,
});

/** The news as the contract expects it: one post with a known id, by an admin. */
async function onlyThePost() {
  const author = await h.userFor('admin');
  await h.service.base.db.delete(news);
  await h.service.base.db.insert(news).values({
    id: NEWS_ID,
    title: 'Season opener',
    content: 'Kick-off at three.\nBring a friend.',
    imageUrl: 'https://images.example.com/kickoff.jpg',
    isPinned: false,
    authorId: author.userId,
  });
}

/** An upcoming game and a played one won 2-0, both scored by one striker. */
async function gamesPlayed() {
  // The contract's showcase has no news cards: the news interactions leave posts behind.
  await h.service.base.db.delete(news);
  const coach = await events.memberFor('admin', 'Casey Coach');
  const striker = await events.memberFor('player', 'Sam Striker');
  await createEvent(events, coach.token, {
    title: 'vs Harbour Town',
    type: 'game',
    location: 'Riverside Park',
    eventDate: clubDateTime(5, '15:00'),
  });
  const [played] = await createEvent(events, coach.token, {
    title: 'vs Hill United',
    type: 'game',
    eventDate: clubDateTime(-2),
  });
  await request(events.server)
    .put(`/api/events/${played!.id}/result`)
    .set(eventsAuth(coach.token))
    .send({ ours: 2, theirs: 0, scorers: [{ userId: striker.userId, goals: 2, assists: 1 }] });
  await h.service.deps.lists.invalidate([SHOWCASE_SCOPE]);
}

/** The showcase as an admin edited it, over the club's games (gamesPlayed). */
async function editedShowcase(teamPositions?: Record<string, string>) {
  await h.service.deps.settings.reset();
  await gamesPlayed();
  const admin = await h.userFor('admin');
  await h.service.deps.showcase.save(
    showcaseEditableSchema.parse({
      subtitle: 'Community football since 1921',
      featured: {
        main: {
          title: 'Season tickets',
          action: { type: 'modal', title: 'About', content: '<p>Founded in 1921.</p>' },
        },
        side: [],
      },
      partners: [{ name: 'Harbour Bank' }],
      navigation: {
        tickets: {
          enabled: true,
          action: { type: 'link', url: 'https://tickets.example' },
        },
        shop: { enabled: false, action: null },
      },
      leaguePosition: '3rd',
      joinEmail: 'join@club.example',
      teamPositions,
    }),
    admin.userId,
  );
}

// The showcase states' team events, later than every other state's (theirs start an hour ahead).
let showcaseClock = Date.now() + 10 * 3_600_000;
const showcaseLater = () => new Date((showcaseClock += 1000)).toISOString();

/** A team event as auth sends it, to the services that keep teams (content and events). */
async function teamChanged(teamId: string, team: TeamEvent['team']) {
  const event = { teamId, at: showcaseLater(), team };
  await events.service.deps.teams.teamChanged(event);
  await h.service.deps.showcase.teamChanged(event);
}

/** The club has one active team again: the public team the team state below makes is archived. */
const oneTeamClub = () => teamChanged(PUBLIC_TEAM_ID, { ...STATE_PUBLIC_TEAM, archived: true });

/**
 * The public team beside the (private) contract team: a striker of its own scored both goals of
 * its 2-0 win, and it has an upcoming game.
 */
async function publicAndPrivateTeams() {
  await teamChanged(TEAM_ID, STATE_TEAM);
  await teamChanged(PUBLIC_TEAM_ID, STATE_PUBLIC_TEAM);
  const admin = await events.memberFor('admin', 'Casey Coach');
  const striker = await events.memberFor('player', 'Sam Striker');
  await events.service.deps.members.memberChanged({
    userId: striker.userId,
    kind: 'updated',
    at: showcaseLater(),
    member: {
      name: striker.name,
      email: striker.email,
      role: 'player',
      profilePicture: null,
      teams: [{ teamId: PUBLIC_TEAM_ID, role: 'player' }],
    },
  });
  await createEvent(events, admin.token, {
    title: 'vs Harbour Town',
    type: 'game',
    teamId: PUBLIC_TEAM_ID,
    eventDate: clubDateTime(6, '15:00'),
  });
  const [played] = await createEvent(events, admin.token, {
    title: 'vs Hill United',
    type: 'game',
    teamId: PUBLIC_TEAM_ID,
    eventDate: clubDateTime(-2),
  });
  await request(events.server)
    .put(`/api/events/${played!.id}/result`)
    .set(eventsAuth(admin.token))
    .send({ ours: 2, theirs: 0, scorers: [{ userId: striker.userId, goals: 2, assists: 1 }] });
}

it('when the web consumer contract is replayed, then the content service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-content',
    stateHandlers: {
      'the settings are the defaults': async () => {
        await h.service.deps.settings.reset();
      },
      'an admin is signed in': () => h.tokenFor('admin'),
      'a player is signed in': () => h.tokenFor('player'),
      'a team exists and its coach is signed in': () => teamState.withCoach(),
      'a news post exists and a player is signed in': async () => {
        await onlyThePost();
        return h.tokenFor('player');
      },
      'a news post exists and an admin is signed in': async () => {
        await onlyThePost();
        return h.tokenFor('admin');
      },
      'no news post exists and an admin is signed in': async () => {
        await h.service.base.db.delete(news);
        return h.tokenFor('admin');
      },
      'a player with push on for a device is signed in': async () => {
        const player = await h.userFor('player');
        await h.service.deps.push.subscribe(player.userId, PUSH_DEVICE);
        return player.token;
      },
      'a player with one unread notification is signed in': async () => {
        const player = await h.userFor('player');
        await h.service.deps.notifications.deliver(
          randomUUID(),
          { userIds: [player.userId] },
          { title: 'Your password was changed', message: 'Your password was reset.' },
        );
        return player.token;
      },
      'the showcase is edited and the club has an upcoming game and a recorded result':
        async () => {
          await oneTeamClub();
          await editedShowcase();
        },
      'the showcase is edited and the club has a public and a private team, the public one with an upcoming game and a recorded result':
        async () => {
          await publicAndPrivateTeams();
          await editedShowcase({ [PUBLIC_TEAM_ID]: '2nd' });
        },
      'an admin is signed in and the club has an upcoming game and a recorded result': async () => {
        await oneTeamClub();
        await h.service.deps.settings.reset();
        await gamesPlayed();
        return h.tokenFor('admin');
      },
    },
  });
});
