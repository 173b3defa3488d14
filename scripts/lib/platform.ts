/**
 * Runs the whole platform on this machine: Redis (unless REDIS_URL is given), the services, and
 * nginx as the gateway in front of them and of the frontend builds. Used by `npm start` and by
 * the end-to-end tests, so both exercise the same programs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDevKeyPair } from '@teamapp/service-kit';
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
  stop: () => Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
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
      throw new Error(`${child.name} exited with code ${child.process.exitCode} while starting`);
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

  const spawnChild = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout?.pipe(log);
    proc.stderr?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (options.echoErrors) process.stderr.write(`[${name}] ${chunk.toString()}`);
    });
    proc.on('exit', (code, signal) => {
      if (!stopping)
        process.stderr.write(`${name} stopped unexpectedly (code ${code}, signal ${signal})\n`);
    });
    const child = { name, process: proc };
    children.push(child);
    return child;
  };

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        ({ process: proc }) =>
          new Promise<void>((resolve) => {
            if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
            const force = setTimeout(() => proc.kill('SIGKILL'), 8000);
            proc.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            proc.kill('SIGTERM');
          }),
      ),
    );
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
  const extraPorts = services.flatMap((s) =>
    Array.from({ length: replicas[s.name]! - 1 }, (_, i) =>
      replicaPort(options.port, s.portOffset, i + 1),
    ),
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
          '--appendonly',
          'yes',
          '--save',
          '',
        ],
        process.env,
      );
      await waitFor('redis', () => redisPing(redisPort), redis);
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
        shell: `127.0.0.1:${options.port + registry.shell.portOffset}`,
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
        return { child, port };
      }),
    );
    // Several services start at once (migrations, first compile): on a busy machine that takes
    // a few minutes, not one.
    await Promise.all(
      started.map(({ child, port }) =>
        waitFor(child.name, () => httpOk(`http://127.0.0.1:${port}/ready`), child, 600_000),
      ),
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
      replicas,
    });
    const gateway = spawnChild(
      'gateway',
      nginx,
      ['-c', nginxConf, '-p', runDir, '-e', path.join(runDir, 'error.log')],
      process.env,
    );
    const url = `http://localhost:${options.port}`;
    await waitFor(
      'gateway',
      async () =>
        (await httpText(`http://127.0.0.1:${options.port}/.well-known/teamapp-platform`)) ===
          platformId && httpOk(`http://127.0.0.1:${options.port}/remotes.json`),
      gateway,
    );
    const pids = () => Object.fromEntries(children.map((c) => [c.name, c.process.pid ?? 0]));
    return { url, redisUrl, logDir, pids, stop };
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
