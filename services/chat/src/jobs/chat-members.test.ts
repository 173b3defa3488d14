import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  auth,
  createRoom,
  eventually,
  sendMessage,
  startChat,
  type ChatHarness,
  type Member,
} from '../../test/harness';

let h: ChatHarness;
let admin: Member;
beforeAll(async () => {
  h = await startChat();
  admin = await h.memberFor('admin', 'Coach Queue');
});
afterAll(async () => {
  await h.close();
});

const snapshot = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@club.test`,
  role: 'player' as const,
  profilePicture: null,
});

async function roomIdsOf(token: string): Promise<string[]> {
  const res = await request(h.server).get('/api/chat').set(auth(token));
  return res.body.chatRooms.map((r: { id: string }) => r.id);
}

describe('the chat-members consumer', () => {
  it('when auth says a member joined, then they are in every group room; left, in none', async () => {
    const group = await createRoom(h, admin.token, { name: 'Everyone' });
    const secret = await createRoom(h, admin.token, { type: 'private', members: [] });
    const user = await h.userFor('player');
    const at = Date.now();

    await h.queues.add(
      'chat-members',
      {
        userId: user.userId,
        kind: 'joined',
        at: new Date(at).toISOString(),
        member: snapshot('Jo Joiner'),
      },
      randomUUID(),
    );
    await eventually(async () => (await roomIdsOf(user.token)).includes(group.id));
    expect(await roomIdsOf(user.token)).not.toContain(secret.id);
    const sent = await sendMessage(h, user.token, group.id, 'hello all');
    expect(sent).toMatchObject({ senderName: 'Jo Joiner' });

    await h.queues.add(
      'chat-members',
      { userId: user.userId, kind: 'left', at: new Date(at + 1000).toISOString() },
      randomUUID(),
    );
    await eventually(async () => (await roomIdsOf(user.token)).length === 0);
    const after = await request(h.server)
      .get(`/api/chat/${group.id}/messages`)
      .set(auth(admin.token));
    expect(after.body.messages[0]).toMatchObject({ senderName: 'Jo Joiner' });
  });

  it('when a member who left is picked for a private room, then 400', async () => {
    const gone = await h.memberFor('player', 'Gone Player');
    await h.service.deps.members.memberChanged({
      userId: gone.userId,
      kind: 'left',
      at: new Date(Date.now() + 1000).toISOString(),
    });

    const res = await request(h.server)
      .post('/api/chat')
      .set(auth(admin.token))
      .send({ name: 'Private', type: 'private', members: [gone.userId] });

    expect(res.status).toBe(400);
  });

  it('when an update renames a member, then their messages show the new name', async () => {
    const member = await h.memberFor('player', 'Old Name');
    const room = await createRoom(h, admin.token);
    await sendMessage(h, member.token, room.id, 'hi');

    await h.service.deps.members.memberChanged({
      userId: member.userId,
      kind: 'updated',
      at: new Date(Date.now() + 1000).toISOString(),
      member: snapshot('New Name'),
    });

    const res = await request(h.server).get(`/api/chat/${room.id}/messages`).set(auth(admin.token));
    expect(res.body.messages[0].senderName).toBe('New Name');
  });

  it('when an older joined arrives after left, then the member stays out', async () => {
    const userId = randomUUID();
    const at = Date.now();
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'left',
      at: new Date(at + 2000).toISOString(),
    });

    const applied = await h.service.deps.members.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at).toISOString(),
    });

    expect(applied).toBe(false);
  });

  it('when a payload breaks the contract, then it fails for good without a retry', async () => {
    const id = randomUUID();
    const queue = h.service.base.queues.queue('chat-members');
    await queue.add('chat-members', { userId: 'not-a-uuid', kind: 'joined' }, { jobId: id });

    await eventually(async () => (await queue.getJobState(id)) === 'failed');
    const job = (await queue.getJob(id))!;

    expect(job.failedReason).toContain('invalid payload');
    expect(job.attemptsStarted).toBe(1);
  });
});
