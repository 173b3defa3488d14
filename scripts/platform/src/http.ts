/**
 * HTTP calls for the scripts. The gateway rate-limits per client address, and the kernel picks
 * 127.0.0.1 as the source for any 127.x destination unless told otherwise: postJsonFrom, and an
 * agent with a `localAddress` for requestJson, send from another loopback address.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { urlOf } from '@teamapp/api-client';
import type { AnyEndpoint, EndpointInput } from '@teamapp/contracts';

export function postJsonFrom(
  localAddress: string,
  url: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface TimedAnswer {
  status: number;
  body: unknown;
  /** From sending the request to the whole body read, in milliseconds. */
  ms: number;
}

/**
 * One API call as a browser makes it: JSON in and out, gzip accepted, over the caller's agent
 * (keep-alive, and its `localAddress` when the agent has one). Answers status 0 on a network
 * error or when no answer came within timeoutMs.
 */
export function requestJson(
  url: string,
  options: {
    method?: string;
    token?: string;
    body?: unknown;
    agent?: http.Agent;
    timeoutMs?: number;
  } = {},
): Promise<TimedAnswer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    const done = (status: number, body: unknown) =>
      resolve({ status, body, ms: performance.now() - started });
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: {
          Accept: 'application/json',
          'Accept-Encoding': 'gzip',
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...(payload === undefined
            ? {}
            : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err) => done(0, err.message));
        res.on('end', () => {
          let raw = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
          const text = raw.toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          done(res.statusCode ?? 0, parsed);
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(new Error(`no answer in ${options.timeoutMs ?? 30_000} ms`)),
    );
    req.on('error', (err) => done(0, err.message));
    req.end(payload);
  });
}

/** An endpoint as the benchmarks name it: `POST /api/chat/:id/messages`. */
export const routeOf = (endpoint: AnyEndpoint) => `${endpoint.method} /api${endpoint.path}`;

/**
 * requestJson for an endpoint of @teamapp/contracts: its method, and its path with the params and
 * query under `${base}/api`. For calls that are timed and counted by status (the benchmarks'
 * load), where api-client's `call` would throw on an error and time its answer check too.
 */
export function requestEndpoint<E extends AnyEndpoint>(
  base: string,
  endpoint: E,
  input: Partial<EndpointInput<E>>,
  options: Omit<NonNullable<Parameters<typeof requestJson>[1]>, 'method' | 'body'> = {},
): Promise<TimedAnswer> {
  return requestJson(`${base}/api${urlOf(endpoint, input)}`, {
    ...options,
    method: endpoint.method,
    body: (input as { body?: unknown }).body,
  });
}
