/**
 * Faults under a steady write load: the whole platform as `npm start` runs it, four
 * writers going at once through the gateway (invitations in auth, each with its mail; events,
 * each notifying everyone; chat messages; news posts, each notifying the other members), and one
 * part at a time crashed with kill -9 and started again. Each request is recorded with its
 * identity as sent, failed or acknowledged. A phase checks that only the crashed service's paths
 * failed meanwhile, each with the JSON 502/503 error body, and afterwards that every acknowledged
 * write can be read back through the API, every acknowledged invitation's mail reached the SMTP
 * receiver and every notification reached the member it was for.
 *
 * Redis phases: the mail and notification queues are paused first so that jobs wait in Redis,
 * Redis is stopped (SIGTERM, or SIGKILL for a crash) and started again, and every job it held
 * before must still be there afterwards; the queues are then resumed and everything arrives.
 *
 * Used by tests/resilience/faults.test.ts and scripts/bench/faults.ts.
 */
import { randomUUID } from 'node:crypto';
import { eventually } from '@teamapp/service-kit/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Platform } from '@teamapp/platform/platform';

/** The services a write goes to, and the parts a phase can crash. */
export type Writer = 'auth' | 'events' | 'chat' | 'content';
export const CRASHABLE = ['auth', 'events', 'chat', 'content', 'mailer'] as const;
export type Crashable = (typeof CRASHABLE)[number];
export type Fault =
  { kind: 'kill'; part: Crashable } | { kind: 'redis'; signal: 'SIGTERM' | 'SIGKILL' };

export const faultName = (fault: Fault) =>
  fault.kind === 'kill'
    ? `${fault.part} (kill -9)`
    : `redis (${fault.signal === 'SIGKILL' ? 'kill -9' : 'restart'})`;

interface ApiAnswer {
  status: number;
  body: unknown;
}

/** What the driver needs of a running platform (tests/resilience/support/harness.ts has it). */
export interface FaultPlatform {
  platform: Platform;
  api: (
    method: string,
    apiPath: string,
    options?: { token?: string; body?: unknown },
  ) => Promise<ApiAnswer>;
  adminToken: () => Promise<string>;
  createMember: (role?: 'player' | 'admin') => Promise<{ id: string; token: string }>;
}

export interface FaultOptions {
  /** The mails the SMTP receiver got so far (the platform's SMTP_URL points at it). */
  mails: () => readonly { to: readonly string[] }[];
  /** REDIS_PREFIX the services were started with. */
  redisPrefix: string;
  /** Load before the crash, time down before the restart, load after the part is back (ms). */
  leadMs?: number;
  downMs?: number;
  tailMs?: number;
  /** Pause between two writes of one writer (ms). */
  paceMs?: number;
  /** How long mails and notifications may take to arrive after the phase (ms). */
  deliveryTimeoutMs?: number;
}

export interface Sent {
  writer: Writer;
  /** The write's identity: an e-mail address, a title or a chat clientId. */
  key: string;
  sentAt: number;
  answeredAt: number;
  /** 0 when no HTTP answer came. */
  status: number;
  acknowledged: boolean;
  /** The answer's body was JSON with an `error` text. */
  jsonError: boolean;
}

export interface PhaseReport {
  fault: string;
  sent: number;
  failed: number;
  acknowledged: number;
  /** Acknowledged writes read back afterwards. */
  found: number;
  /** Failed requests by writer and status, e.g. "events 503". */
  failures: Record<string, number>;
  /** Failures the fault does not explain: another service's path, or not a JSON 502/503. */
  unexpected: Sent[];
  /** Acknowledged writes not read back. */
  missing: string[];
  mails: { expected: number; found: number };
  notifications: { expected: number; found: number };
  /** From the crash until the part answered again (ms). */
  outageMs: number;
  /** Redis phases: jobs waiting in the paused queues before the stop, and of those after it. */
  queued?: { before: number; after: number };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The drill's wait: polls every 250 ms; a check that throws counts as not yet, and a wait that
 * runs out yields undefined, for the caller to report what did not come.
 */
const settled = <T>(check: () => Promise<T>, timeoutMs: number) =>
  eventually(() => check().catch(() => undefined), { timeoutMs, intervalMs: 250 }).catch(
    () => undefined,
  );

const FAILURE_STATUSES = [502, 503];
const QUEUES = ['mail', 'notifications'] as const;
const WAITING = ['wait', 'delayed', 'prioritized'] as const;

export class FaultLoad {
  private phaseNo = 0;
  private constructor(
    private readonly t: FaultPlatform,
    private readonly options: Required<FaultOptions>,
    private readonly admin: string,
    /** Gets every notification; never reads them, so its unread count is its total. */
    private readonly watcher: { id: string; token: string },
    private readonly chatter: { id: string; token: string },
    private readonly roomId: string,
  ) {}

  /** Signs in the admin, makes the members and the chat room, and waits until content knows them. */
  static async prepare(t: FaultPlatform, options: FaultOptions): Promise<FaultLoad> {
    const admin = await t.adminToken();
    const watcher = await t.createMember();
    const chatter = await t.createMember();
    const room = await t.api('POST', '/chat', {
      token: admin,
      body: { name: 'Fault drill', type: 'group', members: [chatter.id] },
    });
    const roomId = (room.body as { data?: { id?: string } }).data?.id;
    if (room.status !== 201 || !roomId) throw new Error(`chat room: ${room.status}`);
    const load = new FaultLoad(
      t,
      {
        leadMs: 2000,
        downMs: 2000,
        tailMs: 2000,
        paceMs: 400,
        deliveryTimeoutMs: 90_000,
        ...options,
      },
      admin,
      watcher,
      chatter,
      roomId,
    );
    // The watcher counts as a member for content once its `members` job is consumed: news
    // reaches it from then on.
    const known = await settled(async () => {
      const posted = await t.api('POST', '/news', {
        token: admin,
        body: { title: 'Welcome', content: 'Welcome to the drill', notify: true },
      });
      if (posted.status !== 201) throw new Error(`news: ${posted.status}`);
      await sleep(750);
      return (await load.notificationTitles()).includes('News: Welcome');
    }, 60_000);
    if (!known) throw new Error('content never learnt of the new member');
    return load;
  }

  /** Runs the load around one fault and checks what came of it. */
  async run(fault: Fault): Promise<PhaseReport> {
    this.phaseNo += 1;
    const phase = `f${this.phaseNo}-${randomUUID().slice(0, 4)}`;
    const { leadMs, downMs, tailMs } = this.options;
    const unreadBefore = await this.unreadCount();
    const log: Sent[] = [];
    let running = true;
    const loops = (['auth', 'events', 'chat', 'content'] as const).map(async (writer) => {
      for (let n = 1; running; n += 1) {
        log.push(await this.write(writer, `${phase}-${writer[0]}${n}`));
        await sleep(this.options.paceMs);
      }
    });

    let queuedBefore: string[] = [];
    let queuedAfter: string[] = [];
    const part = fault.kind === 'kill' ? fault.part : 'redis';
    let killedAt = Number.POSITIVE_INFINITY;
    let backAt = Number.POSITIVE_INFINITY;
    try {
      if (fault.kind === 'redis') await this.withQueues((q) => q.pause());
      await sleep(leadMs);
      if (fault.kind === 'redis') queuedBefore = await this.withQueues(jobIds);
      killedAt = Date.now();
      await this.t.platform.kill(part, fault.kind === 'kill' ? 'SIGKILL' : fault.signal);
      await sleep(downMs);
      await this.t.platform.restart(part);
      if (fault.kind === 'redis') {
        // The services reconnect on their own; the phase goes on once each answers again.
        await this.waitUntilServicesAnswer();
        queuedAfter = await this.withQueues(jobIds);
        await this.withQueues((q) => q.resume());
      }
      backAt = Date.now();
      await sleep(tailMs);
    } finally {
      // Also when the phase failed: no writer goes on after it.
      running = false;
      await Promise.all(loops);
    }

    const explained = (s: Sent) =>
      FAILURE_STATUSES.includes(s.status) &&
      s.jsonError &&
      s.answeredAt >= killedAt &&
      s.sentAt <= backAt &&
      (fault.kind === 'redis' || s.writer === fault.part);
    const failedOnes = log.filter((s) => !s.acknowledged);
    const failures: Record<string, number> = {};
    for (const s of failedOnes) {
      const label = `${s.writer} ${s.status || 'no answer'}`;
      failures[label] = (failures[label] ?? 0) + 1;
    }
    const acked = log.filter((s) => s.acknowledged);
    const missing = await this.missing(acked);
    const mails = await this.checkMails(acked);
    const notifications = await this.checkNotifications(acked, unreadBefore);
    const kept = new Set(queuedAfter);
    return {
      fault: faultName(fault),
      sent: log.length,
      failed: failedOnes.length,
      acknowledged: acked.length,
      found: acked.length - missing.length,
      failures,
      unexpected: failedOnes.filter((s) => !explained(s)),
      missing,
      mails,
      notifications,
      outageMs: backAt - killedAt,
      ...(fault.kind === 'redis' && {
        queued: {
          before: queuedBefore.length,
          after: queuedBefore.filter((id) => kept.has(id)).length,
        },
      }),
    };
  }

  private async write(writer: Writer, key: string): Promise<Sent> {
    const sentAt = Date.now();
    const [path, token, body, okStatus] = this.request(writer, key);
    let status = 0;
    let jsonError = false;
    try {
      const res = await this.t.api('POST', path, { token, body });
      status = res.status;
      const error = (res.body as { error?: unknown } | null)?.error;
      jsonError = typeof res.body === 'object' && typeof error === 'string';
    } catch {
      // no answer (connection refused or reset): status stays 0
    }
    return {
      writer,
      key,
      sentAt,
      answeredAt: Date.now(),
      status,
      acknowledged: status === okStatus,
      jsonError,
    };
  }

  private request(writer: Writer, key: string): [string, string, unknown, number] {
    const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    switch (writer) {
      case 'auth':
        return [
          '/email/send-invitation',
          this.admin,
          { email: `${key}@faults.test`, firstName: 'Fault', lastName: key, role: 'player' },
          201,
        ];
      case 'events':
        return [
          '/events',
          this.admin,
          { title: key, eventDate: soon, location: 'Main pitch', type: 'training' },
          201,
        ];
      case 'chat':
        return [
          `/chat/${this.roomId}/messages`,
          this.chatter.token,
          { content: key, clientId: randomUUID() },
          201,
        ];
      case 'content':
        return ['/news', this.admin, { title: key, content: `Post ${key}`, notify: true }, 201];
    }
  }

  /** Acknowledged writes that cannot be read back through the API. */
  private async missing(acked: Sent[]): Promise<string[]> {
    const users = await this.t.api('GET', '/user/all', { token: this.admin });
    const events = await this.t.api('GET', '/events', { token: this.admin });
    const news = await this.t.api('GET', '/news', { token: this.admin });
    const stored: Record<Writer, Set<string>> = {
      auth: new Set(
        ((users.body as { data?: { email: string }[] }).data ?? []).map((u) => u.email),
      ),
      events: new Set(
        ((events.body as { events?: { title: string }[] }).events ?? []).map((e) => e.title),
      ),
      content: new Set(
        ((news.body as { data?: { title: string }[] }).data ?? []).map((n) => n.title),
      ),
      chat: await this.chatContents(),
    };
    const storedKey = (s: Sent) => (s.writer === 'auth' ? `${s.key}@faults.test` : s.key);
    return acked.filter((s) => !stored[s.writer].has(storedKey(s))).map((s) => s.key);
  }

  /** Every message of the room, newest page first, back to the first. */
  private async chatContents(): Promise<Set<string>> {
    const contents = new Set<string>();
    let before: string | undefined;
    for (;;) {
      const res = await this.t.api(
        'GET',
        `/chat/${this.roomId}/messages?limit=100${before ? `&before=${before}` : ''}`,
        { token: this.chatter.token },
      );
      const page = res.body as { messages?: { id: string; content: string }[]; hasMore?: boolean };
      if (res.status !== 200 || !page.messages) throw new Error(`chat history: ${res.status}`);
      for (const m of page.messages) contents.add(m.content);
      if (!page.hasMore || page.messages.length === 0) return contents;
      before = page.messages[0]!.id;
    }
  }

  /** Waits for the mail of every acknowledged invitation. */
  private async checkMails(acked: Sent[]) {
    const expected = acked.filter((s) => s.writer === 'auth').map((s) => `${s.key}@faults.test`);
    const arrived = () => {
      const to = new Set(this.options.mails().flatMap((m) => m.to));
      return expected.filter((address) => to.has(address)).length;
    };
    await settled(async () => arrived() === expected.length, this.options.deliveryTimeoutMs);
    return { expected: expected.length, found: arrived() };
  }

  /**
   * Waits for the watcher's notification of every acknowledged event and news post: by title
   * among its newest 100, and by its unread count (it never reads them) for the total.
   */
  private async checkNotifications(acked: Sent[], unreadBefore: number) {
    const expected = acked
      .filter((s) => s.writer === 'events' || s.writer === 'content')
      .map((s) => (s.writer === 'events' ? `New event: ${s.key}` : `News: ${s.key}`));
    const found = async () => {
      const titles = new Set(await this.notificationTitles());
      const listed = expected.filter((title) => titles.has(title)).length;
      const total = (await this.unreadCount()) - unreadBefore;
      // The newest 100 are listed: past that, the count says the rest arrived.
      return Math.min(expected.length, listed + Math.max(0, total - titles.size));
    };
    await settled(async () => (await found()) >= expected.length, this.options.deliveryTimeoutMs);
    return { expected: expected.length, found: await found() };
  }

  private async notificationTitles(): Promise<string[]> {
    const res = await this.t.api('GET', '/notifications?limit=100', { token: this.watcher.token });
    return ((res.body as { data?: { title: string }[] }).data ?? []).map((n) => n.title);
  }

  private async unreadCount(): Promise<number> {
    const res = await this.t.api('GET', '/notifications/unread-count', {
      token: this.watcher.token,
    });
    const count = (res.body as { data?: { count?: number } }).data?.count;
    if (res.status !== 200 || typeof count !== 'number') throw new Error(`unread: ${res.status}`);
    return count;
  }

  private async waitUntilServicesAnswer() {
    const probes = ['/user/team', '/events', `/chat/${this.roomId}/messages?limit=1`, '/news'];
    let statuses: number[] = [];
    const ok = await settled(async () => {
      const answers = await Promise.all(
        probes.map((p) => this.t.api('GET', p, { token: this.chatter.token })),
      );
      statuses = answers.map((a) => a.status);
      return answers.every((a) => a.status === 200);
    }, 60_000);
    if (!ok)
      throw new Error(
        `the services did not answer again after Redis came back (${probes.map((p, i) => `${p}: ${statuses[i]}`).join(', ')}; a 401 means the sessions were lost)`,
      );
  }

  /** Does something to the mail and notification queues, on a connection of its own. */
  private async withQueues(action: (queue: Queue) => Promise<string[] | void>): Promise<string[]> {
    const connection = new Redis(this.t.platform.redisUrl, { maxRetriesPerRequest: 1 });
    const queues = QUEUES.map(
      (name) => new Queue(name, { connection, prefix: `${this.options.redisPrefix}bull` }),
    );
    try {
      const results = await Promise.all(queues.map(action));
      return results.flatMap((ids) => ids ?? []);
    } finally {
      await Promise.all(queues.map((q) => q.close()));
      connection.disconnect();
    }
  }
}

async function jobIds(queue: Queue): Promise<string[]> {
  const jobs = await queue.getJobs([...WAITING], 0, -1);
  return jobs.map((j) => `${queue.name}/${j.id}`);
}

/** The table the benchmark prints: one row per fault. */
export function faultTable(reports: PhaseReport[]): string {
  const header = [
    'fault',
    'sent',
    'failed',
    'acknowledged',
    'found',
    'mails',
    'notifications',
    'queued kept',
    'down (s)',
    'failures',
  ];
  const rows = reports.map((r) => [
    r.fault,
    String(r.sent),
    String(r.failed),
    String(r.acknowledged),
    String(r.found),
    `${r.mails.found}/${r.mails.expected}`,
    `${r.notifications.found}/${r.notifications.expected}`,
    r.queued ? `${r.queued.after}/${r.queued.before}` : '-',
    (r.outageMs / 1000).toFixed(1),
    Object.entries(r.failures)
      .map(([k, n]) => `${k} x${n}`)
      .join(', ') || '-',
  ]);
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}
