import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { memberFamilies } from '../db/schema';
import {
  auth,
  createEvent,
  eventually,
  startEvents,
  type EventsHarness,
  type Member,
} from '../../test/harness';

let h: EventsHarness;
let admin: Member;
beforeAll(async () => {
  h = await startEvents();
  admin = await h.memberFor('admin');
});
afterAll(async () => {
  await h.close();
});

async function attendeeIds(eventId: string): Promise<string[]> {
  const res = await request(h.server).get('/api/events').set(auth(admin.token));
  const event = res.body.events.find((e: { id: string }) => e.id === eventId);
  return event.attendees.map((a: { user_id: string }) => a.user_id);
}

const snapshot = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@club.test`,
  role: 'player' as const,
  profilePicture: null,
});

describe('the events-members consumer', () => {
  it('when auth says a member joined, then they are invited to every event; left, they are not', async () => {
    const [event] = await createEvent(h, admin.token);
    const userId = randomUUID();
    const at = Date.now();

    await h.queues.add(
      'events-members',
      {
        userId,
        kind: 'joined',
        at: new Date(at).toISOString(),
        member: snapshot('Jo Joiner'),
      },
      randomUUID(),
    );
    await eventually(async () => (await attendeeIds(event!.id)).includes(userId));

    await h.queues.add(
      'events-members',
      { userId, kind: 'left', at: new Date(at + 1000).toISOString() },
      randomUUID(),
    );
    await eventually(async () => !(await attendeeIds(event!.id)).includes(userId));
  });

  it('when an update carries a new name, then it is kept; one without a snapshot keeps it', async () => {
    const userId = randomUUID();
    const at = Date.now();
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at).toISOString(),
      member: snapshot('Old Name'),
    });
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'updated',
      at: new Date(at + 1).toISOString(),
      member: snapshot('New Name'),
    });
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'updated',
      at: new Date(at + 2).toISOString(),
    });

    const res = await request(h.server)
      .get(`/api/events/conflicts?date=2030-01-01`)
      .set(auth(admin.token));
    expect(res.status).toBe(200);
    const [row] = await h.service.base.db.query.members.findMany({
      where: (m, { eq }) => eq(m.userId, userId),
    });
    expect(row).toMatchObject({ name: 'New Name', email: 'new.name@club.test', active: true });
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
    await h.service.base.queues
      .queue('events-members')
      .add('events-members', { userId: 'not-a-uuid', kind: 'joined' }, { jobId: id });

    const queue = h.service.base.queues.queue('events-members');
    await eventually(async () => (await queue.getJobState(id)) === 'failed');
    const job = (await queue.getJob(id))!;

    expect(job.failedReason).toContain('invalid payload');
    expect(job.attemptsStarted).toBe(1);
  });
});

describe('families in the member copy', () => {
  const family = async (userId: string) =>
    (
      await h.service.base.db.select().from(memberFamilies).where(eq(memberFamilies.userId, userId))
    )[0];

  it('when the snapshot names guardians, a minor and no login, then they are kept; an older event changes nothing', async () => {
    const userId = randomUUID();
    const guardian = { userId: randomUUID(), name: 'Gail Guardian', relation: 'Mother' };
    const at = Date.now();

    await h.service.deps.members.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at).toISOString(),
      member: { ...snapshot('Kit Kid'), guardians: [guardian], minor: true, hasLogin: false },
    });
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'updated',
      at: new Date(at - 1000).toISOString(),
      member: { ...snapshot('Kit Kid'), guardians: [], minor: false, hasLogin: true },
    });

    expect(await family(userId)).toMatchObject({
      guardians: [guardian],
      minor: true,
      hasLogin: false,
    });
  });

  it('when an event from before families leaves the fields out, then the member has no guardians, is an adult and has a login', async () => {
    const userId = randomUUID();
    const at = Date.now();
    await h.service.deps.members.memberChanged({
      userId,
      kind: 'joined',
      at: new Date(at).toISOString(),
      member: { ...snapshot('Kit Kid'), guardians: [], minor: true, hasLogin: false },
    });

    await h.service.deps.members.memberChanged({
      userId,
      kind: 'updated',
      at: new Date(at + 1000).toISOString(),
      member: snapshot('Kit Grown'),
    });

    expect(await family(userId)).toMatchObject({ guardians: [], minor: false, hasLogin: true });
  });
});
