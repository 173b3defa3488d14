/**
 * Consumer contract for attendance tracking (reference §7 attendance): the list, recording who
 * came and the CSV report, driven through the page's own fetchers (`attendanceCalls`,
 * `fetchReport`), so a change to what the page sends or where fails here. Written to
 * pacts/teamapp-web-teamapp-events.json and verified against the real events service in
 * services/events/test/pact.
 */
import {
  bearer,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  TOKEN,
  webPact,
} from '@teamapp/api-client/pact-kit';
import type { AttendanceInput } from '@teamapp/contracts';
import { attendanceCalls as attendance, fetchReport } from './attendance-api';

const { regex, eachLike, arrayContaining, string, boolean } = MatchersV3;
const { pastEvent: PAST_EVENT_ID, player: PLAYER_ID, team: TEAM_ID } = STATE_IDS;
/** Ids the provider states create their records with. */

const pact = webPact('teamapp-events');

/** The past event as the provider state makes it (nothing recorded yet unless said). */
const pastEvent = {
  id: string(PAST_EVENT_ID),
  title: string('Training'),
  date: regex(ISO, '2026-01-01T00:00:00.000Z'),
  type: regex('^(training|game|meeting|social)$', 'training'),
  location: string('Main Field'),
  isRequired: boolean(false),
};

/** The past event as the list shows it: nothing recorded, every member's answer pending. */
const listedEvent = {
  ...pastEvent,
  attendanceRecorded: boolean(false),
  attendees: eachLike({
    userId: string(PLAYER_ID),
    name: string('Sam Striker'),
    status: regex('^(attending|maybe|not-attending|pending)$', 'pending'),
    presence: null,
  }),
};

describe('teamapp-web → teamapp-events: attendance', () => {
  it('when an admin lists attendance, then events with answers and presence', async () => {
    await pact
      .addInteraction()
      .given('a past event exists and an admin is signed in')
      .uponReceiving('a list of attendance')
      .withRequest('GET', '/api/attendance', (b) => b.query({ type: 'all' }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          timeZone: string('America/Chicago'),
          data: eachLike(listedEvent),
        }),
      )
      .executeTest(async (mock) => {
        const res = await attendance.list(requestFor(mock.url), 'all');
        expect(res.data.length).toBeGreaterThan(0);
      });
  });

  it('when an admin records who came, then the saved record comes back', async () => {
    const records: AttendanceInput['records'] = [{ userId: PLAYER_ID, presence: 'late' }];
    await pact
      .addInteraction()
      .given('a past event exists and an admin is signed in')
      .uponReceiving('a record of who came')
      .withRequest('PUT', `/api/attendance/${PAST_EVENT_ID}`, (b) =>
        b.headers(json).jsonBody({ records }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: 'Attendance saved successfully',
          data: {
            ...pastEvent,
            id: PAST_EVENT_ID,
            attendanceRecorded: true,
            // The other members are listed too, with no presence recorded.
            attendees: arrayContaining({
              userId: PLAYER_ID,
              name: string('Sam Striker'),
              status: string('pending'),
              presence: 'late',
            }),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await attendance.record(requestFor(mock.url), PAST_EVENT_ID, records);
        expect(res.message).toBe('Attendance saved successfully');
      });
  });

  it('when an admin exports, then a CSV comes back', async () => {
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('an attendance report export of a type with no events')
      .withRequest('GET', '/api/attendance/export.csv', (b) =>
        b.query({ type: 'social' }).headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': regex('^text/csv.*', 'text/csv; charset=utf-8') }),
      )
      .executeTest(async (mock) => {
        const report = await fetchReport(TOKEN, 'social', mock.url);
        // The rows themselves are checked by the service's own tests (a text body has no matchers).
        expect(report.contentType).toMatch(/^text\/csv/);
      });
  });
});

describe('teamapp-web → teamapp-events: attendance of a team', () => {
  it("when a coach lists their team's attendance, then its events come, each naming the team", async () => {
    await pact
      .addInteraction()
      .given('a past event of a team exists and its coach is signed in')
      .uponReceiving("a list of one team's attendance")
      .withRequest('GET', '/api/attendance', (b) => b.query({ teamId: TEAM_ID }).headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          timeZone: string('America/Chicago'),
          data: eachLike({ ...listedEvent, teamId: string(TEAM_ID) }),
        }),
      )
      .executeTest(async (mock) => {
        const res = await attendance.list(requestFor(mock.url), undefined, TEAM_ID);
        expect(res.data[0]?.teamId).toBe(TEAM_ID);
      });
  });

  it("when a coach exports their team's report, then a CSV comes back", async () => {
    await pact
      .addInteraction()
      .given('a past event of a team exists and its coach is signed in')
      .uponReceiving("an attendance report export of one team's events")
      .withRequest('GET', '/api/attendance/export.csv', (b) =>
        b.query({ teamId: TEAM_ID }).headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.headers({ 'Content-Type': regex('^text/csv.*', 'text/csv; charset=utf-8') }),
      )
      .executeTest(async (mock) => {
        const report = await fetchReport(TOKEN, 'all', mock.url, TEAM_ID);
        expect(report.contentType).toMatch(/^text\/csv/);
      });
  });
});
