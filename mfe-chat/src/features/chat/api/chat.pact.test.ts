/**
 * Consumer contract for chat (reference §7 chat calls): the member's rooms, room creation
 * and deletion, a room's messages (newest page, older by `before`), sending with a client id,
 * editing one's own message, and the live socket's ticket. Driven through the chat page's own
 * fetchers (`chatCalls`) and the live channel's ticket call (`liveTicket`, which the
 * chat page's socket opens with), so a change to what they send or where fails here. No screen
 * edits a message yet: that call goes through its endpoint definition directly. Written to
 * pacts/teamapp-web-teamapp-chat.json and verified against the real chat service in
 * services/chat/test/pact.
 */
import { call } from '@teamapp/api-client';
import {
  bearer,
  failure,
  ISO,
  json,
  MatchersV3,
  requestFor,
  STATE_IDS,
  webPact,
} from '@teamapp/api-client/pact-kit';
import {
  chatEndpoints,
  type CreateChatRoomInput,
  type SendChatMessageInput,
} from '@teamapp/contracts';
import { liveTicket } from '@teamapp/ui';
import { chatCalls as chat } from './chat-api';

const { regex, eachLike, string, boolean, integer, nullValue } = MatchersV3;
const {
  room: ROOM_ID,
  message: MESSAGE_ID,
  olderMessage: OLDER_ID,
  player: PLAYER_ID,
  team: TEAM_ID,
} = STATE_IDS;
/** Ids the provider states create their records with. */
const CLIENT_ID = '1b9a0f1e-2d3c-4e4f-8a5b-7c8d9e0f1a2b';

const pact = webPact('teamapp-chat');

const room = {
  id: string(ROOM_ID),
  name: string('First Team'),
  description: string(''),
  type: regex('^(group|private)$', 'group'),
  memberCount: integer(2),
  lastMessage: {
    senderName: string('Sam Striker'),
    content: string('See you at training'),
    createdAt: regex(ISO, '2026-11-20T18:05:00.000Z'),
  },
  unreadCount: integer(0),
  createdBy: string(PLAYER_ID),
  createdAt: regex(ISO, '2026-11-01T10:00:00.000Z'),
  /** A club room: no team, not a team's own room. */
  teamId: nullValue(),
  teamRoom: boolean(false),
};

const message = (id: string, content: string) => ({
  id: string(id),
  roomId: string(ROOM_ID),
  senderId: string(PLAYER_ID),
  senderName: string('Sam Striker'),
  content: string(content),
  messageType: 'text',
  createdAt: regex(ISO, '2026-11-20T18:05:00.000Z'),
  isEdited: boolean(false),
  clientId: nullValue(),
});

describe('teamapp-web → teamapp-chat', () => {
  it("when a member lists rooms, then each has its count, preview and the member's unread count", async () => {
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('a list of chat rooms')
      .withRequest('GET', '/api/chat', (b) => b.headers(bearer))
      .willRespondWith(200, (b) => b.jsonBody({ success: true, chatRooms: eachLike(room) }))
      .executeTest(async (mock) => {
        const res = await chat.rooms(requestFor(mock.url));
        expect(res.chatRooms[0]?.id).toBe(ROOM_ID);
      });
  });

  it('when an admin creates a group room, then documented success and the room with its members', async () => {
    const body: CreateChatRoomInput = {
      name: 'Goalkeepers',
      description: 'Keepers only',
      type: 'group',
      members: [],
    };
    await pact
      .addInteraction()
      .given('an admin is signed in')
      .uponReceiving('a new chat room')
      .withRequest('POST', '/api/chat', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Chat room created successfully',
          data: {
            ...room,
            name: string('Goalkeepers'),
            description: string('Keepers only'),
            lastMessage: nullValue(),
            members: eachLike(string(PLAYER_ID)),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await chat.createRoom(requestFor(mock.url), body);
        expect(res.message).toBe('Chat room created successfully');
      });
  });

  it("when a team's coach creates a room for it among its members, then the room comes back with its team", async () => {
    const body: CreateChatRoomInput = {
      name: 'Defence',
      description: null,
      type: 'private',
      members: [PLAYER_ID],
      teamId: TEAM_ID,
    };
    await pact
      .addInteraction()
      .given('a team with a player exists and its coach is signed in')
      .uponReceiving('a new chat room for a team')
      .withRequest('POST', '/api/chat', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: 'Chat room created successfully',
          data: {
            ...room,
            name: string('Defence'),
            type: 'private',
            lastMessage: nullValue(),
            members: eachLike(string(PLAYER_ID)),
            teamId: TEAM_ID,
            teamRoom: false,
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await chat.createRoom(requestFor(mock.url), body);
        expect(res.data).toMatchObject({ teamId: TEAM_ID, teamRoom: false });
      });
  });

  it('when a player creates a room, then 403', async () => {
    const body: CreateChatRoomInput = { name: 'Players only', type: 'group' };
    await pact
      .addInteraction()
      .given('a player is signed in')
      .uponReceiving('a new chat room from a player')
      .withRequest('POST', '/api/chat', (b) => b.headers(json).jsonBody(body))
      .willRespondWith(403, (b) => b.jsonBody({ success: false, error: string('Forbidden') }))
      .executeTest(async (mock) => {
        const error = await failure(chat.createRoom(requestFor(mock.url), body));
        expect(error).toMatchObject({ status: 403 });
      });
  });

  it('when an admin deletes a room, then documented success', async () => {
    await pact
      .addInteraction()
      .given('a room with messages exists and an admin is signed in')
      .uponReceiving('a delete of a chat room')
      .withRequest('DELETE', `/api/chat/${ROOM_ID}`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({ success: true, message: 'Chat room deleted successfully' }),
      )
      .executeTest(async (mock) => {
        const res = await chat.removeRoom(requestFor(mock.url), ROOM_ID);
        expect(res.message).toBe('Chat room deleted successfully');
      });
  });

  it('when a member opens a room, then the newest messages, oldest first, and whether older remain', async () => {
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('the newest page of messages')
      .withRequest('GET', `/api/chat/${ROOM_ID}/messages`, (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          messages: eachLike(message(MESSAGE_ID, 'See you at training')),
          hasMore: boolean(false),
        }),
      )
      .executeTest(async (mock) => {
        const res = await chat.messages(requestFor(mock.url), ROOM_ID);
        expect(res.messages.at(-1)?.id).toBe(MESSAGE_ID);
      });
  });

  it('when a member scrolls up, then the page before a message', async () => {
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('an older page of messages')
      .withRequest('GET', `/api/chat/${ROOM_ID}/messages`, (b) =>
        b.query({ before: MESSAGE_ID }).headers(bearer),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          messages: eachLike(message(OLDER_ID, 'Training is at 6')),
          hasMore: boolean(false),
        }),
      )
      .executeTest(async (mock) => {
        const res = await chat.messages(requestFor(mock.url), ROOM_ID, { before: MESSAGE_ID });
        expect(res.messages[0]?.id).toBe(OLDER_ID);
      });
  });

  it('when someone outside a private room asks for its messages, then 404', async () => {
    await pact
      .addInteraction()
      .given('a private room exists and a player outside it is signed in')
      .uponReceiving('the messages of a private room from an outsider')
      .withRequest('GET', `/api/chat/${ROOM_ID}/messages`, (b) => b.headers(bearer))
      .willRespondWith(404, (b) =>
        b.jsonBody({ success: false, error: string('Resource not found.') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(chat.messages(requestFor(mock.url), ROOM_ID));
        expect(error).toMatchObject({ status: 404 });
      });
  });

  it('when a member sends with a client id, then the stored message comes back', async () => {
    const body: SendChatMessageInput = {
      content: 'On my way',
      messageType: 'text',
      clientId: CLIENT_ID,
    };
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('a new message')
      .withRequest('POST', `/api/chat/${ROOM_ID}/messages`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          success: true,
          message: { ...message(MESSAGE_ID, 'On my way'), clientId: string(CLIENT_ID) },
        }),
      )
      .executeTest(async (mock) => {
        const res = await chat.send(requestFor(mock.url), ROOM_ID, body);
        expect(res.message.content).toBe('On my way');
      });
  });

  it('when the content is blank, then 400 naming it', async () => {
    const body: SendChatMessageInput = { content: '   ', messageType: 'text' };
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('a blank message')
      .withRequest('POST', `/api/chat/${ROOM_ID}/messages`, (b) => b.headers(json).jsonBody(body))
      .willRespondWith(400, (b) =>
        b.jsonBody({ success: false, error: regex('^content.*', 'content is required') }),
      )
      .executeTest(async (mock) => {
        const error = await failure(chat.send(requestFor(mock.url), ROOM_ID, body));
        expect(error).toMatchObject({ status: 400 });
      });
  });

  it('when a member edits their own message, then it comes back edited', async () => {
    const body = { content: 'See you at training, 6 sharp' };
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('an edit of their own message')
      .withRequest('PUT', `/api/chat/${ROOM_ID}/messages/${MESSAGE_ID}`, (b) =>
        b.headers(json).jsonBody(body),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          message: {
            ...message(MESSAGE_ID, body.content),
            isEdited: boolean(true),
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await call(requestFor(mock.url), chatEndpoints.edit, {
          params: { id: ROOM_ID, messageId: MESSAGE_ID },
          body,
        });
        expect(res.message.isEdited).toBe(true);
      });
  });

  it('when a member asks for a live ticket, then a single-use ticket for 30 seconds', async () => {
    await pact
      .addInteraction()
      .given('a room with messages exists and its member is signed in')
      .uponReceiving('a live-socket ticket')
      .withRequest('POST', '/api/chat/ticket', (b) => b.headers(bearer))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          success: true,
          data: {
            ticket: regex('^[A-Za-z0-9_-]{20,100}$', 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6'),
            expiresIn: 30,
          },
        }),
      )
      .executeTest(async (mock) => {
        const res = await liveTicket(requestFor(mock.url));
        expect(res.data.ticket.length).toBeGreaterThanOrEqual(20);
      });
  });
});
