import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTP_TIMEOUTS, smtpTransport, type MailTransport } from '../../adapters/mail/transport';
import { mailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-database';
import { memoryMail } from '../../testing/memory-mail';
import { enqueueMail, flushOutbox, LEASE_SECONDS, retryDelaySeconds, SEND_TIMEOUT_MS } from './outbox';

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

/** A transport whose sends never finish, to stand in for an SMTP server that stops answering. */
function hangingTransport(): MailTransport & { started: number } {
  const transport = {
    kind: 'smtp' as const,
    started: 0,
    send: () => {
      transport.started++;
      return new Promise<void>(() => {});
    },
    close() {},
  };
  return transport;
}

async function waitFor(check: () => Promise<boolean> | boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('mail outbox leases and timeouts', () => {
  it('claims one row per send, so later mails are not leased while earlier ones are still sending', async () => {
    for (const n of [1, 2, 3]) await enqueueMail(db, { to: `b${n}@example.test`, subject: `M${n}`, text: 'x' });
    const statusesDuringFirstSend: string[][] = [];
    const memory = memoryMail();
    const probing: MailTransport = {
      kind: 'log',
      async send(message) {
        if (statusesDuringFirstSend.length === 0) {
          const rows = await db.select().from(mailOutbox).orderBy(mailOutbox.id);
          statusesDuringFirstSend.push(rows.map((r) => r.status));
        }
        await memory.send(message);
      },
      close() {},
    };

    expect(await flushOutbox(db, probing, FROM)).toEqual({ sent: 3, failed: 0 });
    expect(statusesDuringFirstSend).toEqual([['sending', 'pending', 'pending']]);
    expect(memory.sent.map((m) => m.subject)).toEqual(['M1', 'M2', 'M3']);
  });

  it('sends each mail once when two workers flush in parallel through the memory transport', async () => {
    for (let n = 0; n < 10; n++) await enqueueMail(db, { to: `p${n}@example.test`, subject: `P${n}`, text: 'x' });
    const memory = memoryMail();

    const results = await Promise.all([flushOutbox(db, memory, FROM), flushOutbox(db, memory, FROM)]);

    expect(results[0]!.sent + results[1]!.sent).toBe(10);
    expect(memory.sent.map((m) => m.subject).sort()).toEqual([...Array(10).keys()].map((n) => `P${n}`).sort());
  });

  it('gives up on a send that hangs past the timeout and retries it later, never twice at once', async () => {
    await enqueueMail(db, { to: 'slow@example.test', subject: 'Slow', text: 'x' });
    const hanging = hangingTransport();
    const memory = memoryMail();

    const first = flushOutbox(db, hanging, FROM, { sendTimeoutMs: 300 });
    await waitFor(() => hanging.started === 1);
    // A second worker while the first is stuck: the row is leased, so it sends nothing.
    expect(await flushOutbox(db, memory, FROM)).toEqual({ sent: 0, failed: 0 });

    expect(await first).toEqual({ sent: 0, failed: 1 });
    const [row] = await db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row!.lastError).toMatch(/timed out/);
    // Not retried before the backoff…
    expect(await flushOutbox(db, memory, FROM)).toEqual({ sent: 0, failed: 0 });
    // …and sent once when it is due.
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await flushOutbox(db, memory, FROM)).toEqual({ sent: 1, failed: 0 });
    expect(memory.sent).toHaveLength(1);
    expect(hanging.started).toBe(1);
  });

  it('ends a send to a silent SMTP server through nodemailer timeouts that fit inside the lease', async () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThan(SEND_TIMEOUT_MS);
    expect(SEND_TIMEOUT_MS).toBeLessThan(LEASE_SECONDS * 1000);

    // One server never greets, the other greets and then falls silent.
    for (const greet of [false, true]) {
      const sockets: Socket[] = [];
      const silent = createServer((socket) => {
        sockets.push(socket);
        if (greet) socket.write('220 stand-in ESMTP\r\n');
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const { port } = silent.address() as AddressInfo;
      const quick = smtpTransport(`smtp://127.0.0.1:${port}`, {
        connectionTimeout: 300,
        greetingTimeout: 300,
        socketTimeout: 300,
      });
      const started = Date.now();
      await expect(quick.send({ from: FROM, to: 'x@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      });
      expect(Date.now() - started).toBeLessThan(2_000);
      quick.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
