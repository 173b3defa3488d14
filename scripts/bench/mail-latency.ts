/**
 * Benchmark: time from a password-reset request (through nginx) to the mail arriving at an SMTP
 * receiver, over the whole pipeline (auth → outbox → relay → BullMQ → mailer → SMTP), against a
 * baseline of sending the same size of mail straight over SMTP from this process.
 * Run: node --import tsx scripts/bench/mail-latency.ts   (prints medians and their ratio)
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startSmtpReceiver } from '@teamapp/mailer/test/smtp-receiver';
import { postJsonFrom } from '@teamapp/platform/http';
import { startPlatform } from '@teamapp/platform/platform';

const RUNS = 20;
const PORT = Number(process.env.BENCH_PORT ?? 38080);
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function waitForMail(mails: { to: string[] }[], to: string): Promise<void> {
  while (!mails.some((m) => m.to.includes(to))) await new Promise((r) => setTimeout(r, 2));
}

async function main() {
  const receiver = await startSmtpReceiver();
  const platform = await startPlatform({
    port: PORT,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'teamapp-bench-')),
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: receiver.url,
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const base = `http://127.0.0.1:${PORT}/api`;
    const json = { 'Content-Type': 'application/json' };
    const login = (await (
      await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { token: string };
    const emails: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const email = `bench${i}@bench.test`;
      emails.push(email);
      await fetch(`${base}/user`, {
        method: 'POST',
        headers: { ...json, Authorization: `Bearer ${login.token}` },
        body: JSON.stringify({
          name: `Bench ${i}`,
          email,
          password: 'Bench!Pass1',
          role: 'player',
        }),
      });
    }

    const pipeline: number[] = [];
    for (const [i, email] of emails.entries()) {
      // Each request from its own loopback address: the gateway rate-limits reset requests per address.
      const started = performance.now();
      const res = await postJsonFrom(`127.0.0.${10 + i}`, `${base}/password-reset/request`, {
        email,
      });
      if (res.status !== 200) throw new Error(`request ${i} answered ${res.status}`);
      await waitForMail(receiver.mails, email);
      pipeline.push(performance.now() - started);
    }

    const transport = nodemailer.createTransport(receiver.url);
    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const to = `direct${i}@bench.test`;
      const started = performance.now();
      await transport.sendMail({
        from: 'bench@bench.test',
        to,
        subject: 'direct',
        text: 'x'.repeat(600),
        html: `<p>${'x'.repeat(1500)}</p>`,
      });
      await waitForMail(receiver.mails, to);
      direct.push(performance.now() - started);
    }
    transport.close();

    const p = median(pipeline);
    const d = median(direct);
    process.stdout.write(
      [
        `runs: ${RUNS}`,
        `reset request -> mail delivered, median: ${p.toFixed(1)} ms (min ${Math.min(...pipeline).toFixed(1)}, max ${Math.max(...pipeline).toFixed(1)})`,
        `direct SMTP send baseline, median: ${d.toFixed(1)} ms`,
        `ratio pipeline/baseline: ${(p / d).toFixed(1)}x`,
        '',
      ].join('\n'),
    );
  } finally {
    await platform.stop();
    await receiver.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
