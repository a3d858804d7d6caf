import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailTransport } from '../../adapters/mail/transport';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on alert mails. */
  headers?: Record<string, string>;
  /** Same key, same mail: a second enqueue with it is ignored. */
  dedupeKey?: string;
}

/** Queues a mail; call it inside the transaction of the event it reports so both commit together. */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await enqueueMails(db, [mail]);
}

/** Queues several mails in one statement (a checkout that makes orders with several sellers). */
export async function enqueueMails(db: Db, mails: OutgoingMail[]): Promise<void> {
  if (mails.length > 0) await db.execute(outboxInsert(mails));
}

/**
 * The statement that queues these mails, for a caller that sends it together with its own writes (one round trip,
 * e.g. `with … as (insert …) ${outboxInsert(mails)}`). A mail whose dedupe key is already queued is skipped.
 */
export function outboxInsert(mails: OutgoingMail[]): SQL {
  const rows = mails.map((m) => ({
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    headers: m.headers ?? null,
    key: m.dedupeKey ?? null,
  }));
  return sql`insert into mail_outbox ("to", subject, text, html, headers, dedupe_key)
    select m."to", m.subject, m.text, m.html, m.headers, m.key
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as m("to" text, subject text, text text, html text, headers jsonb, key text)
    on conflict do nothing`;
}

const MAX_ATTEMPTS = 6;
/**
 * How long a claimed row stays ours. It must outlast the longest send (SEND_TIMEOUT_MS, which bounds nodemailer's
 * own timeouts too), or a second worker would take the row over while the first is still sending it.
 */
export const LEASE_SECONDS = 120;
/** A send still unanswered after this is given up and retried after the backoff. */
export const SEND_TIMEOUT_MS = 60_000;

/** Backoff between attempts: 30 s, 2 min, 8 min, 32 min… */
export const retryDelaySeconds = (attempt: number) => 30 * 4 ** (attempt - 1);

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export interface FlushOptions {
  /** The most mails one call sends. */
  batch?: number;
  sendTimeoutMs?: number;
}

/**
 * Sends due mail, claiming one row at a time just before sending it: FOR UPDATE SKIP LOCKED marks it `sending`
 * with a lease, so two workers (or two servers) never send the same message. A row claimed in a batch would wait
 * behind the sends before it and could outlive its lease; one at a time, the lease only has to cover one send.
 * A crash mid-send leaves the row leased until the lease expires, then it is retried.
 */
export async function flushOutbox(
  db: Db,
  transport: MailTransport,
  from: string,
  { batch = 20, sendTimeoutMs = SEND_TIMEOUT_MS }: FlushOptions = {},
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < batch; i++) {
    const [mail] = await queryRows<ClaimedMail>(
      db,
      sql`update mail_outbox set status = 'sending', locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
            attempts = attempts + 1
          where id = (
            select id from mail_outbox
            where (status = 'pending' and next_attempt_at <= now())
               or (status = 'sending' and locked_until < now())
            order by id limit 1
            for update skip locked)
          returning id, "to", subject, text, html, headers, attempts`,
    );
    if (!mail) break;
    // The attempt number fences the outcome: a worker whose lease was taken over leaves the row to the new owner.
    const stillOurs = and(
      eq(mailOutbox.id, mail.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, mail.attempts),
    );
    try {
      await withDeadline(
        transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        }),
        sendTimeoutMs,
      );
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(stillOurs);
      sent++;
    } catch (error) {
      failed++;
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})`,
        })
        .where(stillOurs);
    }
  }
  return { sent, failed };
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`mail send timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Forgets the mail already sent (or given up on) to `email`, unless `stillUsed` (SQL: another live account of the
 * same person, one per role, still has the address): a deleted account's mail goes with it.
 */
export async function forgetMailTo(tx: Db, email: string, stillUsed: SQL<boolean>): Promise<void> {
  await tx.execute(sql`delete from mail_outbox where "to" = ${email} and status in ('sent', 'failed')
      and not ${stillUsed}`);
}

/** Drops the mails still queued whose dedupe key starts with `keyPrefix` (a deleted account's alerts). */
export async function dropPendingMail(tx: Db, keyPrefix: string): Promise<void> {
  await tx.execute(sql`delete from mail_outbox where status = 'pending' and dedupe_key like ${`${keyPrefix}%`}`);
}
