import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../adapters/mail/transport';
import { mailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-database';
import { enqueueMail, flushOutbox, retryDelaySeconds } from './outbox';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1; `rejectNext` makes the next recipients fail with a temporary error. */
async function startSmtpServer() {
  const received: Received[] = [];
  const state = { rejectNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.rejectNext > 0) {
        state.rejectNext--;
        const error = Object.assign(new Error('mailbox busy, try later'), { responseCode: 450 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const smtp = await startSmtpServer();
const database = await createTestDatabase();
const db = database.db;
const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}`);
const FROM = 'PriceHub <no-reply@pricehub.test>';

afterAll(async () => {
  transport.close();
  await smtp.close();
  await database.close();
});

beforeEach(async () => {
  await db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.state.rejectNext = 0;
});

const subjectsReceived = () => smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]);

describe('mail outbox against a real SMTP server', () => {
  it('delivers each queued mail exactly once even when two workers flush at the same time', async () => {
    for (const n of [1, 2, 3]) {
      await enqueueMail(db, { to: `buyer${n}@example.test`, subject: `Order ${n} booked`, text: `Order ${n}` });
    }

    const results = await Promise.all([flushOutbox(db, transport, FROM), flushOutbox(db, transport, FROM)]);

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(3);
    expect(subjectsReceived().sort()).toEqual(['Order 1 booked', 'Order 2 booked', 'Order 3 booked']);
    expect(
      smtp.received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['buyer1@example.test', 'buyer2@example.test', 'buyer3@example.test']);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt !== null && r.attempts === 1)).toBe(true);

    // A later run finds nothing left to send.
    expect(await flushOutbox(db, transport, FROM)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it('keeps a mail the server refused and retries it after the backoff, delivering it once', async () => {
    await enqueueMail(db, { to: 'late@example.test', subject: 'Reset your password', text: 'link' });
    smtp.state.rejectNext = 1;

    expect(await flushOutbox(db, transport, FROM)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await db.select().from(mailOutbox);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/busy/);
    const waitSeconds = (failed!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(retryDelaySeconds(1) - 5);
    expect(waitSeconds).toBeLessThanOrEqual(retryDelaySeconds(1) + 1);

    // Before the backoff has passed, nothing is retried.
    expect(await flushOutbox(db, transport, FROM)).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);

    // Once it is due, the next run delivers it.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, failed!.id));
    expect(await flushOutbox(db, transport, FROM)).toEqual({ sent: 1, failed: 0 });
    expect(subjectsReceived()).toEqual(['Reset your password']);
    const [sent] = await db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('backs off longer after each failure', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 120, 480, 1920]);
  });

  it('sends a mail with a dedupe key only once, however often it is queued', async () => {
    const mail = { to: 'fan@example.test', subject: 'Price drop', text: 'Now Rs 99,999', dedupeKey: 'drop:7:9999900' };
    await enqueueMail(db, mail);
    await enqueueMail(db, mail);
    expect(await db.select().from(mailOutbox)).toHaveLength(1);

    await flushOutbox(db, transport, FROM);
    await enqueueMail(db, mail); // even after it was sent
    await flushOutbox(db, transport, FROM);

    expect(subjectsReceived()).toEqual(['Price drop']);
  });
});
