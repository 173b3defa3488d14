/** Provider verification: the real events app answers the web consumer's contract. */
import { verifyWebContract } from '@teamapp/service-kit/pact-provider';
import { availability, events } from '../../src/db/schema';
import { startEvents, type EventsHarness } from '../harness';

/**
 * The ids the consumer's pact tests use in paths and bodies (mfe-schedule's schedule, results,
 * attendance and availability, mfe-club's season stats).
 */
const EVENT_ID = '3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const PAST_EVENT_ID = '4a2f3e4d-5c6b-4d7e-9f8a-0b1c2d3e4f5a';
const ENTRY_ID = '5b3a4f5e-6d7c-4e8f-8a9b-1c2d3e4f5a6b';
const PLAYER_ID = '6c4b5a6f-7e8d-4f9a-9b0c-2d3e4f5a6b7c';
const GAME_ID = '7d5c6b7a-8f9e-4a0b-8c1d-3e4f5a6b7c8d';
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

/** An event with a known id, put back as the contract expects it before each interaction. */
async function ensureEvent(id: string, eventDate: Date, type: 'training' | 'game' = 'training') {
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
          admin.userId,
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
    },
  });
});
