/**
 * Port bookkeeping for the platforms this machine runs side by side (`npm start`, one or more
 * test runs): a platform takes a block of ports from its base, so it first makes sure the whole
 * block is free instead of trusting whatever already answers there.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { METRICS_PORT_OFFSET } from '@teamapp/service-kit';

/** How many ports above its base a platform may use (services, static servers, Redis, SMTP). */
export const PORT_SPAN = 60;

/** True when nothing listens on 127.0.0.1:port and nothing else can take it from us. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    // Bound to every address, as nginx's `listen PORT` is, so a listener on any of them counts.
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The ports in [base, base + span] that are taken. */
export async function busyPorts(base: number, span = PORT_SPAN): Promise<number[]> {
  const ports = Array.from({ length: span + 1 }, (_, i) => base + i);
  const free = await Promise.all(ports.map(portIsFree));
  return ports.filter((_, i) => !free[i]);
}

/** Fails, naming the ports, when any port of the block starting at base is taken. */
export async function assertPortBlockFree(base: number, span = PORT_SPAN): Promise<void> {
  const busy = await busyPorts(base, span);
  if (busy.length > 0) {
    throw new Error(
      `port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} already in use: the platform at ${base} needs ${base} to ${base + span} free (set another PORT)`,
    );
  }
}

/**
 * The ports the kernel hands out to outgoing connections (each Redis or PostgreSQL client takes
 * one): a port there can be taken by any connection between the check and the bind, so no block
 * is placed there. Linux says which they are; elsewhere the common default.
 */
export function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA range most systems use.
  }
  return { low: 49_152, high: 65_535 };
}

/**
 * The first base from `preferred` on (in steps of the span) whose whole block is free, and the
 * block of metrics ports the services open 1000 above their own; the test platforms use it, so
 * two test runs, or a test run beside `npm start`, never meet. Blocks that reach into the
 * ephemeral ports are passed over.
 */
export async function findFreePortBlock(preferred: number, span = PORT_SPAN): Promise<number> {
  const ephemeral = ephemeralPorts();
  const clear = (from: number) => from + span < ephemeral.low || from > ephemeral.high;
  for (let base = preferred; base + span + METRICS_PORT_OFFSET < 65_000; base += span + 1) {
    if (!clear(base) || !clear(base + METRICS_PORT_OFFSET)) continue;
    if ((await busyPorts(base, span)).length > 0) continue;
    if ((await busyPorts(base + METRICS_PORT_OFFSET, span)).length === 0) return base;
  }
  throw new Error(`no block of ${span + 1} free ports from ${preferred} on`);
}

/** A port the kernel finds free on 127.0.0.1 (from the ephemeral range), for a lone process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
