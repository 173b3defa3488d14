/**
 * System programs the platform needs (redis-server, nginx, chromium, docker-compose): found on
 * PATH, or installed from Debian's packages when running as root, or the install command is printed.
 */
import { execFileSync, spawnSync, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const SEARCH_PATH = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

export function findCommand(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), ...SEARCH_PATH];
  return dirs.map((d) => `${d}/${name}`).find((p) => existsSync(p));
}

let aptUpdated = false;

/** Returns the path of `command`, installing Debian package `pkg` first if it is missing. */
export function ensureCommand(command: string, pkg: string): string {
  const found = findCommand(command);
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !findCommand('apt-get')) {
    throw new Error(
      `${command} is missing. Install it with: sudo apt-get install -y --no-install-recommends ${pkg}`,
    );
  }
  // Progress goes to stderr, apt's own output too: callers (scripts/platform/bin/test-env.ts) keep stdout
  // for machine-readable results.
  process.stderr.write(`Installing ${pkg} from Debian's packages...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio: StdioOptions = ['ignore', 2, 2];
  if (!aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio, env });
    aptUpdated = true;
  }
  const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], {
    stdio,
    env,
  });
  if (result.status !== 0) throw new Error(`apt-get install ${pkg} failed`);
  const installed = findCommand(command);
  if (!installed) throw new Error(`${pkg} was installed but ${command} is still not on PATH`);
  return installed;
}

/**
 * Makes sure `file` exists by installing Debian package `pkg` when it is missing (as root, with
 * apt-get); returns whether the file is there. For optional parts (an nginx module): a machine
 * that cannot install it runs without it.
 */
export function ensureOptionalFile(file: string, pkg: string): boolean {
  if (existsSync(file)) return true;
  if (process.getuid?.() !== 0 || !findCommand('apt-get')) return false;
  process.stderr.write(`Installing ${pkg} from Debian's packages...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const stdio: StdioOptions = ['ignore', 2, 2];
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio, env });
  if (install().status !== 0 && !aptUpdated) {
    execFileSync('apt-get', ['update', '-qq'], { stdio, env });
    aptUpdated = true;
    install();
  }
  return existsSync(file);
}

/** True when a Redis answers PING on 127.0.0.1:port. */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      resolve(false);
      socket.destroy();
    });
  });
}
