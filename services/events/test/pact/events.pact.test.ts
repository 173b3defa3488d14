/** Provider verification: the real events app answers the web consumer's contract. */
import { keptBy, teamStates, verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { availability, events } from '../../src/db/schema';
import { startEvents, type EventsHarness } from '../harness';
import { STATE_IDS, STATE_TEAM } from '@teamapp/api-client/pact-states';
const {
  event: EVENT_ID,
  pastEvent: PAST_EVENT_ID,
  availabilityEntry: ENTRY_ID,
  player: PLAYER_ID,
  game: GAME_ID,
} = STATE_IDS;

/**
 * The ids the consumer's pact tests use in paths and bodies (mfe-schedule's schedule, results,
 * attendance and availability, mfe-club's season stats).
 */
const DAY = 86_400_000;

let h: EventsHarness;
beforeAll(async () => {
  h = await startEvents();
  await h.service.deps.members.memberChanged({
    userId: PLAYER_ID,
    kind: 'joined',
    member: { name: 'Sam Striker', email: 'sam@club.test', role: 'player', profilePicture: null },
  });
});
afterAll(async () => {
  await h.close();
});

/**
 * Every state starts from no events and no availability entries, so what the contract expects
 * (every attendee pending with no answer date, no series, Sam away only where a state says) does
 * not depend on the order the interactions are replayed in. The kept event lists are dropped too,
 * as a write through the service would drop them.
 */
async function fresh() {
  const { db } = h.service.base;
  await db.delete(events);
  await db.delete(availability);
  await h.service.deps.listCache.cache.invalidate();
}

const adminToken = async () => (await h.memberFor('admin')).token;
const samToken = async () => (await h.userFor('player', PLAYER_ID)).token;

/** The contract's team with Sam as its player; `theTeam()` returns its coach's token. */
const SAM = { userId: PLAYER_ID, name: 'Sam Striker', email: 'sam@club.test' };
const teamState = teamStates({ ...keptBy(() => h), teamId: STATE_IDS.team, team: STATE_TEAM });
const theTeam = () => teamState.withCoach(SAM);

/** An event with a known id, put back as the contract expects it before each interaction. */
async function ensureEvent(
  id: string,
  eventDate: Date,
  type: 'training' | 'game' = 'training',
  teamId: string | null = null,
) {
  await fresh();
  const row = {
    id,
    title: type === 'game' ? 'League Match' : 'Training',
    description: '',
    eventDate,
    location: 'Main Field',
    type,
    isRequired: false,
    seriesId: null,
    teamId,
  };
  await h.service.base.db
    .insert(events)
    .values(row)
    .onConflictDoUpdate({ target: events.id, set: row });
}

async function ensureSamsEntry() {
  await fresh();
  const row = {
    id: ENTRY_ID,
    userId: PLAYER_ID,
    startDate: '2030-06-30',
    endDate: '2030-07-02',
    isAvailable: false,
    reason: 'Vacation',
  };
  await h.service.base.db
    .insert(availability)
    .values(row)
    .onConflictDoUpdate({ target: availability.id, set: row });
}

/**
 * The family state: the child (no login, a player of the contract's team, Pat Young their
 * mother) invited to the team's upcoming event; the guardian's token.
 */
async function childWithEvent() {
  await theTeam();
  const guardian = { userId: STATE_IDS.guardian, name: 'Pat Young', email: 'pat@club.test' };
  await h.publishMember(guardian);
  await h.publishMember(
    { userId: STATE_IDS.child, name: 'Robin Young' },
    {
      teams: [{ teamId: STATE_IDS.team, role: 'player' }],
      guardians: [{ userId: guardian.userId, name: guardian.name, relation: 'Mother' }],
      minor: true,
      hasLogin: false,
    },
  );
  await ensureEvent(EVENT_ID, new Date(Date.now() + 7 * DAY), 'training', STATE_IDS.team);
  return (await h.userFor('player', guardian.userId)).token;
}

it('when the web consumer contract is replayed, then the events service honours it', async () => {
  await verifyWebContract({
    app: h.service.app,
    provider: 'teamapp-events',
    stateHandlers: {
      'an admin is signed in': async () => {
        await fresh();
        return adminToken();
      },
      'a player is signed in': async () => {
        await fresh();
        return samToken();
      },
      'an upcoming event exists and a player is signed in': async () => {
        await ensureEvent(EVENT_ID, new Date(Date.now() + 7 * DAY));
        return samToken();
      },
      'an upcoming event exists and an admin is signed in': async () => {
        await ensureEvent(EVENT_ID, new Date(Date.now() + 7 * DAY));
        return adminToken();
      },
      'a past event exists and an admin is signed in': async () => {
        await ensureEvent(PAST_EVENT_ID, new Date(Date.now() - 2 * DAY));
        return adminToken();
      },
      'a team exists and its coach is signed in': async () => {
        await fresh();
        return theTeam();
      },
      'a team exists and a player in it is signed in': async () => {
        await fresh();
        await theTeam();
        return samToken();
      },
      'a past event of a team exists and its coach is signed in': async () => {
        const coach = await theTeam();
        await ensureEvent(
          PAST_EVENT_ID,
          new Date(Date.now() - 2 * DAY),
          'training',
          STATE_IDS.team,
        );
        return coach;
      },
      'an event on 2020-01-01 exists and a player is signed in': async () => {
        await ensureEvent(PAST_EVENT_ID, new Date('2020-01-01T18:00:00.000Z'));
        return samToken();
      },
      'a past game exists and an admin is signed in': async () => {
        await ensureEvent(GAME_ID, new Date(Date.now() - 2 * DAY), 'game');
        return adminToken();
      },
      'a past game exists and a player is signed in': async () => {
        await ensureEvent(GAME_ID, new Date(Date.now() - 2 * DAY), 'game');
        return samToken();
      },
      'a past game with a result exists and a player is signed in': async () => {
        await ensureEvent(GAME_ID, new Date(Date.now() - 2 * DAY), 'game');
        const admin = await h.memberFor('admin');
        await h.service.deps.results.record(
          GAME_ID,
          { ours: 3, theirs: 1, scorers: [{ userId: PLAYER_ID, goals: 2, assists: 1 }] },
          { id: admin.userId, role: 'admin' },
        );
        return samToken();
      },
      'a player with an availability entry is signed in': async () => {
        await ensureSamsEntry();
        return samToken();
      },
      'a player with an availability entry exists and an admin is signed in': async () => {
        await ensureSamsEntry();
        return adminToken();
      },
      'a child with an upcoming event and their guardian is signed in': childWithEvent,
    },
  });
});
