/**
 * Benchmark: time from a password-reset request (through nginx) to the mail arriving at an SMTP
 * receiver, over the whole pipeline (auth → outbox → relay → BullMQ → mailer → SMTP), against a
 * baseline of sending the same size of mail straight over SMTP from this process.
 * Run: node --import tsx scripts/bench/mail-latency.ts   (prints medians and their ratio)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import { passwordResetEndpoints } from '@teamapp/contracts';
import { startSmtpReceiver } from '@teamapp/mailer/test/smtp-receiver';
import { postJsonFrom } from '@teamapp/platform/http';
import { findFreePortBlock } from '@teamapp/platform/ports';
import { median } from '@teamapp/platform/stats';
import { addMembers, players, signIn } from './seed';
import { runMain } from './run-main';
import { startBenchPlatform } from './running';

const RUNS = 20;
/** From here on, the first block of ports no other platform on this machine holds. */
const PREFERRED_PORT = Number(process.env.BENCH_PORT ?? 38080);
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench!Admin1' };

async function waitForMail(mails: { to: string[] }[], to: string): Promise<void> {
  while (!mails.some((m) => m.to.includes(to))) await sleep(2);
}

async function main() {
  const receiver = await startSmtpReceiver();
  const port = await findFreePortBlock(PREFERRED_PORT);
  const platform = await startBenchPlatform('bench', {
    port,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: receiver.url,
    },
  });
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const { request: admin } = await signIn(gateway, ADMIN);
    const accounts = players(RUNS, 'Bench!Pass1', { prefix: 'bench', name: 'Bench' });
    await addMembers(admin, accounts, 1);
    const emails = accounts.map((a) => a.email);
    const resetUrl = `${gateway}/api${passwordResetEndpoints.request.path}`;

    const pipeline: number[] = [];
    for (const [i, email] of emails.entries()) {
      // Each request from its own loopback address: the gateway rate-limits reset requests per address.
      const started = performance.now();
      const res = await postJsonFrom(`127.0.0.${10 + i}`, resetUrl, {
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

runMain(main);
