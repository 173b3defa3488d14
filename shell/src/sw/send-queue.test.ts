/**
 * The worker's queue of sends made offline (send-queue.ts), on a real HTTP server standing for
 * the API. workbox-background-sync's Queue keeps its entries in IndexedDB, which Node lacks: the
 * store here keeps them in memory with the Queue's own order and replay rules (shift, fetch, put
 * back in front and stop at the first network failure). The browser's side is covered end to end
 * by e2e/tests/offline.e2e.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkerMessage } from './caches';
import { createSendQueue, isQueuedSend, type SendStore } from './send-queue';

type Entry = { request: Request; timestamp: number };

/** An in-memory stand-in for workbox-background-sync's Queue. */
function memoryStore(): SendStore & { entries: Entry[] } {
  const entries: Entry[] = [];
  const store = {
    entries,
    pushRequest: async ({ request }: { request: Request }) => {
      entries.push({ request: request.clone(), timestamp: Date.now() });
    },
    getAll: async () => entries.map((e) => ({ ...e, request: e.request.clone() })),
    shiftRequest: async () => entries.shift(),
    replayRequests: async () => {
      let entry: Entry | undefined;
      while ((entry = entries.shift())) {
        try {
          await fetch(entry.request.clone());
        } catch (error) {
          entries.unshift(entry);
          throw error;
        }
      }
    },
  };
  return store as unknown as SendStore & { entries: Entry[] };
}

/** The API: every POST it received, as `path body`. */
let server: Server;
let base: string;
const received: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(`${req.url} ${body}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const post = (path: string, body: unknown) =>
  new Request(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
    body: JSON.stringify(body),
  });

const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

function queueWith(send: (request: Request) => Promise<Response>) {
  const store = memoryStore();
  const told: WorkerMessage[] = [];
  const sends = createSendQueue({ store, send, tellPages: async (m) => void told.push(m) });
  return { store, told, sends };
}

describe('isQueuedSend', () => {
  it.each(['/api/events/6f1c0d8e-1b1a-4c55-9d5e-0a4b2b8f9a10/rsvp', '/api/chat/r1/messages'])(
    'when the page posts to %s, then the send is kept while offline',
    (path) => {
      expect(isQueuedSend('POST', path)).toBe(true);
    },
  );

  it.each([
    ['GET', '/api/chat/r1/messages'],
    ['POST', '/api/events'],
    ['PUT', '/api/events/e1/rsvp'],
    ['POST', '/api/chat'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/events/e1/attendance'],
  ])('when the page sends %s %s, then it is never kept', (method, path) => {
    expect(isQueuedSend(method, path)).toBe(false);
  });
});

it('when an RSVP and a chat message find no network, then both are kept, the pages hear they wait, and each answers 503 waiting_to_send', async () => {
  const { store, told, sends } = queueWith(offline);
  const rsvp = { status: 'attending', forUserId: 'child-1' };
  const message = { content: 'On my way', messageType: 'text', clientId: 'c-1' };

  const first = await sends.handle(post('/api/events/e1/rsvp', rsvp));
  const second = await sends.handle(post('/api/chat/r1/messages', message));

  for (const answer of [first, second]) {
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      success: false,
      error: 'Waiting to send',
      code: 'waiting_to_send',
    });
  }
  expect(store.entries).toHaveLength(2);
  expect(told.at(-1)).toMatchObject({
    type: 'SENDS_WAITING',
    sent: 0,
    sends: [
      { path: '/api/events/e1/rsvp', body: JSON.stringify(rsvp) },
      { path: '/api/chat/r1/messages', body: JSON.stringify(message) },
    ],
  });
  // Kept with its token and body, as it was made.
  expect(store.entries[0]!.request.headers.get('authorization')).toBe('Bearer t');
});

it('when the network answers, then the send goes through at once and nothing is kept', async () => {
  const { store, told, sends } = queueWith((request) => fetch(request));

  const answer = await sends.handle(post('/api/events/e1/rsvp', { status: 'maybe' }));

  expect(answer.status).toBe(200);
  expect(received).toEqual(['/api/events/e1/rsvp {"status":"maybe"}']);
  expect(store.entries).toHaveLength(0);
  expect(told).toHaveLength(0);
});

it('when the page comes back online while the sync also fires, then each kept send reaches the server once, in order, and the pages hear they went', async () => {
  const { store, told, sends } = queueWith(offline);
  await sends.handle(post('/api/events/e1/rsvp', { status: 'not-attending' }));
  await sends.handle(post('/api/chat/r1/messages', { content: 'Late', clientId: 'c-2' }));

  // The page's SEND_WAITING and the browser's sync at the same moment: one replay.
  await Promise.all([sends.replay(), sends.replay()]);
  await sends.replay();

  expect(received).toEqual([
    '/api/events/e1/rsvp {"status":"not-attending"}',
    '/api/chat/r1/messages {"content":"Late","clientId":"c-2"}',
  ]);
  expect(store.entries).toHaveLength(0);
  expect(told.filter((m) => m.type === 'SENDS_WAITING' && m.sent > 0)).toEqual([
    { type: 'SENDS_WAITING', sends: [], sent: 2 },
  ]);
});

it('when the network is still gone at a replay, then the sends stay kept in order and the replay fails (the sync tries again)', async () => {
  const { store, sends } = queueWith(offline);
  const deadBase = 'http://127.0.0.1:9';
  await store.pushRequest({
    request: new Request(`${deadBase}/api/events/e1/rsvp`, {
      method: 'POST',
      body: '{"status":"maybe"}',
    }),
  });
  await store.pushRequest({
    request: new Request(`${deadBase}/api/chat/r1/messages`, {
      method: 'POST',
      body: '{"content":"x","clientId":"c-3"}',
    }),
  });

  await expect(sends.replay()).rejects.toThrow();

  expect(store.entries.map((e) => new URL(e.request.url).pathname)).toEqual([
    '/api/events/e1/rsvp',
    '/api/chat/r1/messages',
  ]);
});

it('when the member signs out, then every kept send is dropped unsent and the pages hear none waits', async () => {
  const { store, told, sends } = queueWith(offline);
  await sends.handle(post('/api/events/e1/rsvp', { status: 'attending' }));
  await sends.handle(post('/api/chat/r1/messages', { content: 'Hi', clientId: 'c-4' }));

  await sends.forget();
  await sends.replay();

  expect(store.entries).toHaveLength(0);
  expect(received).toEqual([]);
  expect(told.at(-1)).toEqual({ type: 'SENDS_WAITING', sends: [], sent: 0 });
});
