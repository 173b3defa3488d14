/**
 * Runs the whole platform on this machine: Redis (unless REDIS_URL is given), the services, and
 * nginx as the gateway in front of them and of the frontend builds. Used by `npm start` and by
 * the end-to-end tests, so both exercise the same programs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevKeyPair, METRICS_PORT_OFFSET } from '@teamapp/service-kit';
import { compiledEntry } from './build-services';
import { BROTLI_STATIC_MODULE, replicaPort, ROOT, writeNginxConfig } from './gateway';
import { builtServices, internalUrls, loadRegistry, type Registry } from './registry';
import { assertPortBlockFree } from './ports';
import { ensureCommand, ensureOptionalFile, redisPing } from './system';

export interface PlatformOptions {
  /** Gateway port; the services and static servers use ports derived from it. */
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Extra environment for every service (ADMIN_EMAIL, SMTP_URL, ...). */
  env?: Record<string, string | undefined>;
  loginRatePerMinute?: number;
  loginBurst?: number;
  /** Per address per minute for the password-reset and invitation calls (the gateway's defaults). */
  resetRatePerMinute?: number;
  inviteRatePerMinute?: number;
  /** Print the services' warnings and errors to this process's stderr. */
  echoErrors?: boolean;
  /** The parts to run; platform.json by default. */
  registry?: Registry;
  /**
   * Copies of each service to run behind the gateway, by service name (1 when absent). More than
   * one needs a PostgreSQL server (databaseUrl): copies on PGlite would each have their own data.
   */
  replicas?: Readonly<Record<string, number>>;
  /**
   * Run each service's compiled JavaScript (services/<name>/dist/server.js, see
   * build-services.ts) rather than its TypeScript through tsx, as `npm start` does.
   */
  compiled?: boolean;
}

export interface Platform {
  url: string;
  redisUrl: string;
  logDir: string;
  /** Process ids of what it started, by name (for measurements). */
  pids: () => Record<string, number>;
  /**
   * Sends a signal to one part (`redis`, `gateway`, a service or a copy such as `chat-2`) and
   * answers once it has exited: SIGKILL is a crash (kill -9), SIGTERM a graceful stop.
   */
  kill: (name: string, signal?: NodeJS.Signals) => Promise<void>;
  /**
   * Starts a part again with the program, arguments and environment it first had, and answers
   * once it is ready (a service's /ready, Redis's PING); a part still running is stopped first.
   */
  restart: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
  /** Starts the part again as it was started; set by spawnChild. */
  respawn: () => ChildProcess;
  /** The end of what it last wrote to stderr, for the error when it exits while starting. */
  stderrTail: string;
  /** Whether the part answers; set once the part's readiness check is known. */
  ready?: () => Promise<boolean>;
  /** The part was stopped on purpose (kill): its exit is not reported. */
  expectedExit?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  child?: Child,
  // Seven services on PGlite starting together on a busy two-core machine can take minutes; a
  // child that exits stops the wait at once, so a long limit costs nothing when all is well.
  timeoutMs = 180_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.process.exitCode !== null) {
      const said = child.stderrTail.trim();
      throw new Error(
        `${child.name} exited with code ${child.process.exitCode} while starting${said ? `:\n${said}` : ''}`,
      );
    }
    if (await check().catch(() => false)) return;
    await sleep(150);
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s`);
}

async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  return res.ok;
}

async function httpText(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
  return res.ok ? res.text() : '';
}

export async function startPlatform(options: PlatformOptions): Promise<Platform> {
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  const runDir = path.join(dataDir, 'run');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(runDir, { recursive: true });
  const children: Child[] = [];
  let stopping = false;
  const registry = options.registry ?? loadRegistry();

  const spawnChild = (
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
  ): Child => {
    const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const child: Child = {
      name,
      process: undefined as unknown as ChildProcess,
      stderrTail: '',
      respawn: () => {
        const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        proc.stdout?.pipe(log, { end: false });
        proc.stderr?.on('data', (chunk: Buffer) => {
          log.write(chunk);
          child.stderrTail = (child.stderrTail + chunk.toString()).slice(-2000);
          if (options.echoErrors) process.stderr.write(`[${name}] ${chunk.toString()}`);
        });
        proc.on('exit', (code, signal) => {
          if (!stopping && !child.expectedExit)
            process.stderr.write(`${name} stopped unexpectedly (code ${code}, signal ${signal})\n`);
        });
        return proc;
      },
    };
    child.process = child.respawn();
    children.push(child);
    return child;
  };

  const childNamed = (name: string): Child => {
    const child = children.find((c) => c.name === name);
    if (!child)
      throw new Error(`no part named ${name} (${children.map((c) => c.name).join(', ')})`);
    return child;
  };
  const exited = (proc: ChildProcess) => proc.exitCode !== null || proc.signalCode !== null;

  const kill = async (name: string, signal: NodeJS.Signals = 'SIGKILL') => {
    const child = childNamed(name);
    const proc = child.process;
    if (exited(proc)) return;
    child.expectedExit = true;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  };

  const restart = async (name: string) => {
    const child = childNamed(name);
    if (!exited(child.process)) await kill(name, 'SIGTERM');
    child.expectedExit = false;
    child.process = child.respawn();
    const ready = child.ready;
    if (ready) await waitFor(name, ready, child, 240_000);
  };

  const stopChild = ({ process: proc }: Child) =>
    new Promise<void>((resolve) => {
      if (exited(proc)) return resolve();
      const force = setTimeout(() => proc.kill('SIGKILL'), 8000);
      proc.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  // Redis last: services draining on SIGTERM still close their queues and presence in it.
  const stop = async () => {
    stopping = true;
    await Promise.all(children.filter((c) => c.name !== 'redis').map(stopChild));
    await Promise.all(children.filter((c) => c.name === 'redis').map(stopChild));
  };

  const services = builtServices(registry);
  const replicas = Object.fromEntries(
    services.map((s) => [s.name, Math.max(1, options.replicas?.[s.name] ?? 1)]),
  );
  const replicated = services.filter((s) => replicas[s.name]! > 1).map((s) => s.name);
  if (replicated.length > 0 && !options.databaseUrl) {
    throw new Error(
      `${replicated.join(', ')} can run as several copies only on a PostgreSQL server (set DATABASE_URL): on PGlite each copy would keep its own data`,
    );
  }
  // Every port the platform derives from its base must be free: a program already answering on
  // one of them would otherwise be taken for part of this platform.
  await assertPortBlockFree(options.port);
  // The first copies' metrics ports, METRICS_PORT_OFFSET above the block.
  await assertPortBlockFree(options.port + METRICS_PORT_OFFSET);
  // Each further copy's port and its metrics port (service-kit's metricsPortOf).
  const extraPorts = services.flatMap((s) =>
    Array.from({ length: replicas[s.name]! - 1 }, (_, i) => {
      const port = replicaPort(options.port, s.portOffset, i + 1);
      return [port, port + METRICS_PORT_OFFSET];
    }).flat(),
  );
  for (const port of extraPorts) await assertPortBlockFree(port, 0);
  const platformId = randomBytes(8).toString('hex');

  try {
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redisServer = ensureCommand('redis-server', 'redis-server');
      const redisPort = options.port + 10;
      const redisDir = path.join(dataDir, 'redis');
      mkdirSync(redisDir, { recursive: true });
      const redis = spawnChild(
        'redis',
        redisServer,
        [
          '--port',
          String(redisPort),
          '--bind',
          '127.0.0.1',
          '--dir',
          redisDir,
          // Queued jobs and sessions survive a restart and a crash of Redis (kill -9): Redis
          // writes each change to the append-only file before it answers and fsyncs the file
          // every second, so only a crash of the machine itself could lose the last second or
          // two (as in docker-compose.yml; `always` would fsync on every write).
          // tests/resilience/faults.test.ts restarts and kills it under load.
          '--appendonly',
          'yes',
          '--appendfsync',
          'everysec',
          '--save',
          '',
        ],
        process.env,
      );
      redis.ready = () => redisPing(redisPort);
      await waitFor('redis', redis.ready, redis);
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }

    // One key pair for every service, made before any of them starts (development only).
    if (!options.env?.JWT_PRIVATE_KEY && options.env?.NODE_ENV !== 'production')
      ensureDevKeyPair(dataDir);
    const serviceEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
      DATABASE_URL: options.databaseUrl ?? '',
      PUBLIC_URL: options.env?.PUBLIC_URL ?? `http://localhost:${options.port}`,
      DEV_MAIL_SMTP_PORT: String(options.port + 25),
      ...internalUrls(registry, {
        service: (s) => `127.0.0.1:${options.port + s.portOffset}`,
      }),
    };
    // Copy 1 of a service is named after it (its log, its pid); copy 2 on are `<name>-2`, ...
    const started = services.flatMap((service) =>
      Array.from({ length: replicas[service.name]! }, (_, index) => {
        const port = replicaPort(options.port, service.portOffset, index);
        const args = options.compiled
          ? ['--enable-source-maps', compiledEntry(service)]
          : ['--import', 'tsx', path.join(service.folder, service.entry)];
        const name = index === 0 ? service.name : `${service.name}-${index + 1}`;
        const child = spawnChild(name, process.execPath, args, {
          ...serviceEnv,
          SERVICE_PORT: String(port),
        });
        child.ready = () => httpOk(`http://127.0.0.1:${port}/ready`);
        return { child, port };
      }),
    );
    // Several services start at once (migrations, first compile): on a busy machine that takes
    // a few minutes, not one.
    await Promise.all(
      started.map(({ child }) => waitFor(child.name, child.ready!, child, 600_000)),
    );

    const nginx = ensureCommand('nginx', 'nginx');
    // Brotli beside gzip for the prebuilt files, where Debian's module can be had.
    ensureOptionalFile(BROTLI_STATIC_MODULE, 'libnginx-mod-http-brotli-static');
    const nginxConf = writeNginxConfig(runDir, {
      platformId,
      gatewayPort: options.port,
      registry,
      loginRatePerMinute: options.loginRatePerMinute ?? 10,
      loginBurst: options.loginBurst ?? 10,
      resetRatePerMinute: options.resetRatePerMinute,
      inviteRatePerMinute: options.inviteRatePerMinute,
      replicas,
    });
    const gateway = spawnChild(
      'gateway',
      nginx,
      ['-c', nginxConf, '-p', runDir, '-e', path.join(runDir, 'error.log')],
      process.env,
    );
    const url = `http://localhost:${options.port}`;
    gateway.ready = async () =>
      (await httpText(`http://127.0.0.1:${options.port}/.well-known/teamapp-platform`)) ===
        platformId && httpOk(`http://127.0.0.1:${options.port}/remotes.json`);
    await waitFor('gateway', gateway.ready, gateway);
    const pids = () => Object.fromEntries(children.map((c) => [c.name, c.process.pid ?? 0]));
    return { url, redisUrl, logDir, pids, kill, restart, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The last lines of a service's log, for error reports. */
export function tailLog(logDir: string, name: string, lines = 20): string {
  try {
    return readFileSync(path.join(logDir, `${name}.log`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '';
  }
}
