/** A redis-server of a test's own, so the test can stop and start it without touching others. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { eventually } from '@teamapp/service-kit/testing';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
  });
}

export interface OwnRedis {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const running = () => proc !== undefined && proc.exitCode === null && proc.signalCode === null;
  const start = async () => {
    if (running()) return;
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(() => answers(port), { timeoutMs: 5000, what: `redis-server on ${port}` });
  };
  const stop = async () => {
    if (!proc || !running()) return;
    const exited = new Promise((r) => proc!.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
