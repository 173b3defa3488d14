/**
 * The test command's own machinery: the environment step's output, the closing summary and the
 * platform's ports. A green `npm test` must mean every suite ran against its own platform.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startPlatform } from '@teamapp/platform/platform';
import { METRICS_PORT_OFFSET } from '@teamapp/service-kit';
import { busyPorts, ephemeralPorts, findFreePortBlock, PORT_SPAN } from '@teamapp/platform/ports';
import { exportLines } from '@teamapp/platform/shell-quote';
import { formatSummary, summarise } from '@teamapp/platform/summarise-tests';
import { ROOT } from '@teamapp/platform/registry';

/** Evaluates the lines in a real bash, as test.sh does, and returns what the variables hold. */
function evalInBash(lines: string, names: string[]): Record<string, string> {
  const script = `eval "$LINES" || exit 3\n${names.map((n) => `printf '%s\\0' "$${n}"`).join('\n')}`;
  const out = execFileSync('bash', ['-c', script], { env: { LINES: lines }, encoding: 'utf8' });
  const values = out.split('\0');
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? '']));
}

describe('the environment step', () => {
  it('when a value holds quotes, dollars and newlines, then bash reads it back unchanged', () => {
    const tricky = `it's "quoted" $(touch /tmp/never) \`x\` $HOME\nsecond line's end`;
    const lines = exportLines({ REDIS_URL: 'redis://127.0.0.1:6379', MESSAGE: tricky });

    const values = evalInBash(lines, ['REDIS_URL', 'MESSAGE']);

    expect(values).toEqual({ REDIS_URL: 'redis://127.0.0.1:6379', MESSAGE: tricky });
  });

  it('when a name is not a shell identifier, then it refuses to print it', () => {
    expect(() => exportLines({ 'BAD; rm -rf /': 'x' })).toThrow('not a variable name');
  });

  it('when it runs, then standard output holds only assignments that bash can eval', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/platform/bin/test-env.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );

    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(/^export [A-Z_]+='[^']*'$/);
    const values = evalInBash(result.stdout, ['REDIS_URL', 'CHROMIUM_PATH']);
    expect(values.REDIS_URL).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(values.CHROMIUM_PATH).toMatch(/chromium/);
  });
});

describe('the closing summary', () => {
  const results = (files: Record<string, object>) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-summary-'));
    for (const [name, body] of Object.entries(files))
      writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(body));
    return dir;
  };
  const ran = (passed: number, failed = 0) => ({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numRuntimeErrorTestSuites: 0,
  });

  it('when every expected suite ran tests, then it lists each with its count and passes', () => {
    const dir = results({ pglite: ran(10), postgres: ran(8), e2e: ran(3) });

    const { text, ok } = formatSummary(summarise(dir, ['pglite', 'postgres', 'e2e']));

    expect(ok).toBe(true);
    expect(text).toContain('pglite: 10 passed, 0 failed\n');
    expect(text).toContain('postgres: 8 passed, 0 failed\n');
    expect(text.trimEnd().split('\n').pop()).toBe('tests: 21 passed, 0 failed');
  });

  it('when an expected suite left no results, then it names the suite and fails', () => {
    const dir = results({ pglite: ran(10), e2e: ran(3) });

    const { text, ok } = formatSummary(summarise(dir, ['pglite', 'postgres', 'e2e']));

    expect(ok).toBe(false);
    expect(text).toContain('postgres: 0 passed, 0 failed (FAILED: did not run)');
    expect(text.trimEnd().split('\n').pop()).toBe('tests: 13 passed, 1 failed');
  });

  it('when a suite ran no test, then it fails', () => {
    const dir = results({ pglite: ran(10), postgres: ran(0) });

    const { text, ok } = formatSummary(summarise(dir, ['pglite', 'postgres']));

    expect(ok).toBe(false);
    expect(text).toContain('postgres: 0 passed, 0 failed (FAILED: ran no test)');
  });

  it('when run as the command, then a missing suite makes it exit non-zero', () => {
    const dir = results({ pglite: ran(4) });

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/platform/bin/summarise-tests.ts', dir, 'pglite', 'e2e'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );

    expect(result.status).toBe(1);
    expect(result.stdout).toContain('e2e: 0 passed, 0 failed (FAILED: did not run)');
  });
});

describe('the platform ports', () => {
  let squatter: net.Server;
  let squatted: number;

  beforeAll(async () => {
    // Another program answering inside the block the platform would take.
    squatted = await findFreePortBlock(21000);
    squatter = net.createServer((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\nnot ours'));
    await new Promise<void>((resolve) => squatter.listen(squatted, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => squatter.close(() => resolve())));

  it('when a port of the block is taken, then it is reported busy', async () => {
    expect(await busyPorts(squatted)).toEqual([squatted]);
  });

  it('when the preferred block is busy, then the next free block is chosen', async () => {
    const base = await findFreePortBlock(squatted);

    expect(base).toBeGreaterThanOrEqual(squatted + PORT_SPAN + 1);
    expect(await busyPorts(base)).toEqual([]);
  });

  it('when the preferred block reaches into the ports outgoing connections take, then a block past them is chosen', async () => {
    const ephemeral = ephemeralPorts();
    const base = await findFreePortBlock(ephemeral.low - PORT_SPAN / 2);

    expect(base).toBeGreaterThan(ephemeral.high);
    expect(base + PORT_SPAN + METRICS_PORT_OFFSET).toBeLessThan(65_000);
  });

  it('when its gateway port is taken, then the platform refuses to start', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-busy-'));

    await expect(startPlatform({ port: squatted, dataDir })).rejects.toThrow(
      `port ${squatted} already in use`,
    );
  });

  it('when a port its services would serve metrics on is taken, then the platform refuses to start', async () => {
    const base = await findFreePortBlock(squatted + PORT_SPAN + 1);
    const metrics = base + METRICS_PORT_OFFSET + 2;
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(metrics, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'teamapp-busy-'));
    try {
      await expect(startPlatform({ port: base, dataDir })).rejects.toThrow(
        `port ${metrics} already in use`,
      );
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
