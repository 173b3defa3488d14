/**
 * Consumer contract for saving a player card (reference §5 Player form, §7 user), driven through
 * the card's own fetcher (`savePlayer`): a member's own phone, bio and nickname, the refusal of
 * anything else, and an admin's edit of anyone's card. Written to
 * pacts/teamapp-web-teamapp-auth.json and verified against the real auth service in
 * services/auth/test/pact.
 */
import {
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import { savePlayer } from './update-player';

const { regex, string, boolean } = MatchersV3;
const { sam: PLAYER_ID } = STATE_IDS;
/** The id the provider state creates Sam with. */

/** A player the provider state signs in: no contact details or picture until they add them. */
const newPlayer = {
  id: string('6c4b5a6f-7e8d-4f9a-9b0c-2d3e4f5a6b7c'),
  name: string('Player 1'),
  email: string('player1@club.test'),
  role: 'player',
  phone: null,
  position: null,
  bio: null,
  nickname: null,
  profile_picture: null,
  is_active: boolean(true),
  created_at: regex(ISO, '2026-01-01T00:00:00.000Z'),
};

const pact = webPact('teamapp-auth');

describe('teamapp-web → teamapp-auth: player cards', () => {
  it('when a player edits their own phone, bio and nickname, then their card comes back', async () => {
    const body = { phone: '555-0199', bio: 'Left winger', nickname: 'Zippy' };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an edit of the own card')
      .withRequest('PUT', '/api/user/profile', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, data: { ...newPlayer, ...body } }))
      .executeTest(async (mock) => {
        const res = await savePlayer(requestFor(mock.url), null, body);
        expect(res.data.nickname).toBe('Zippy');
      });
  });

  it('when a player tries to change their own name, then access is denied', async () => {
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('an edit of the own name by a player')
      .withRequest('PUT', '/api/user/profile', (b) =>
        b.headers(json).jsonBody({ name: 'New Name' }),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({ success: false, error: string('Contact an admin') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(savePlayer(requestFor(mock.url), null, { name: 'New Name' }));
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it("when an admin edits a player's card, then the saved card comes back", async () => {
    const body = { name: 'Sam Striker', email: 'sam@club.test', coach_notes: 'Work on headers' };
    await pact
      .addInteraction()
      .given('an admin is signed in and sam@club.test exists')
      .uponReceiving("an admin's edit of a player's card")
      .withRequest('PUT', `/api/user/profile/${PLAYER_ID}`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          // Sam as the provider state makes him, with the edit applied.
          data: {
            ...newPlayer,
            id: PLAYER_ID,
            phone: '555-0100',
            position: 'Forward',
            bio: 'Scores',
            nickname: 'Sniper',
            ...body,
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await savePlayer(requestFor(mock.url), PLAYER_ID, body);
        expect(res.data.coach_notes).toBe('Work on headers');
      });
  });
});
