import { sql } from 'drizzle-orm';
import {
  OPERATOR_PAGE_SIZE,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@pricehub/shared/schemas/operator';
import { queryRows, type Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { likeText } from '../../db/like';

/** Who acted: a signed-in operator, or something without an account, by name ("command line", "demo seed"). */
export type AuditActor = { id: number; email: string } | string;

export interface AuditRecord {
  actor: AuditActor;
  /** `<target type>.<verb>`, e.g. `store.suspend`. */
  action: string;
  target: { type: string; id: string | number; name?: string };
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one row of the audit log. Pass the transaction of the change it records: the change and its record
 * commit together or not at all. Other modules' operator actions call this too.
 */
export async function recordAudit(tx: Db, record: AuditRecord, at?: Date): Promise<void> {
  const actor = record.actor;
  await tx.insert(auditLog).values({
    actorId: typeof actor === 'string' ? null : actor.id,
    actor: typeof actor === 'string' ? actor : actor.email,
    action: record.action,
    targetType: record.target.type,
    targetId: String(record.target.id),
    targetName: record.target.name ?? '',
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    ...(at ? { createdAt: at } : {}),
  });
}

interface AuditRow {
  id: number;
  created_at: Date | string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  total: number;
}

/** Newest first; `q` matches the actor, the target's id or name, or the reason (case-insensitive). */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const like = likeText(query.q);
  const where = sql.join(
    [
      sql`true`,
      ...(query.q
        ? [
            sql`(a.actor ilike ${like} or a.target_id ilike ${like} or a.target_name ilike ${like}
                 or a.reason ilike ${like})`,
          ]
        : []),
      ...(query.action ? [sql`a.action = ${query.action}`] : []),
    ],
    sql` and `,
  );
  const offset = (query.page - 1) * OPERATOR_PAGE_SIZE;
  const rows = await queryRows<AuditRow>(
    db,
    sql`select a.id, a.created_at, a.actor, a.action, a.target_type, a.target_id, a.target_name, a.reason, a.before,
               a.after, count(*) over ()::int as total
        from audit_log a where ${where}
        order by a.created_at desc, a.id desc
        limit ${OPERATOR_PAGE_SIZE} offset ${offset}`,
  );
  // Past the last page the window count is gone with the rows; count apart only then.
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log a where ${where}`))[0]?.n ??
        0));
  const actions = await queryRows<{ action: string }>(db, sql`select distinct action from audit_log order by action`);
  return {
    items: rows.map(toEntry),
    total,
    page: query.page,
    pageSize: OPERATOR_PAGE_SIZE,
    actions: actions.map((a) => a.action),
  };
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    actor: r.actor,
    action: r.action,
    target: { type: r.target_type, id: r.target_id, name: r.target_name },
    reason: r.reason,
    before: parseJson(r.before),
    after: parseJson(r.after),
  };
}

/** PGlite and pg hand jsonb back parsed; a driver that gives text is parsed here. */
function parseJson(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}
