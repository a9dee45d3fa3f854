/** The error-handling page's read (services/scheduling/erroneous.ts; the rules: src/domain/schemas/erroneous.ts). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/tx';

export interface ErroneousRow {
  id: number;
  scheduleId: number;
  weekNo: number;
  year: number;
  assigneeId: number;
  assigneeName: string | null;
  status: number;
  address: string;
  startTime: Date | null;
  updatedAt: Date;
  cancellationTypeId: number | null;
  notifications: number;
}

/**
 * The company's items in `statuses` whose time starts in [from, to), with how many notices and
 * reminders went out for each, the most first; at most `limit`. An item's notices are counted from
 * sms_messages' index on schedule_item_id, so the count costs one index range per item listed.
 */
export async function erroneousItems(
  db: DbOrTx, q: { companyId: string; statuses: readonly number[]; from: Date; to: Date; limit: number },
): Promise<ErroneousRow[]> {
  const statuses = sql.join(q.statuses.map((s) => sql`${s}::int`), sql`, `);
  const result = await db.execute<Record<string, unknown>>(sql`
    select i.id, i.schedule_id, s.week_no, s.year, i.assignee_id, u.display_name, i.status, i.address, i.start_time,
      i.updated_at, i.cancellation_type_id,
      (select count(*)::int from sms_messages m where m.schedule_item_id = i.id and m.kind in ('notice', 'reminder')) as notifications
    from schedule_items i
    join schedules s on s.id = i.schedule_id
    left join users u on u.registration_id = i.assignee_id and u.company_id = i.company_id
    where i.company_id = ${q.companyId}::uuid and i.status in (${statuses})
      and i.start_time >= ${q.from.toISOString()}::timestamptz and i.start_time < ${q.to.toISOString()}::timestamptz
    order by notifications desc, i.updated_at desc, i.id
    limit ${q.limit}`);
  return result.rows.map((r) => ({
    id: Number(r.id), scheduleId: Number(r.schedule_id), weekNo: Number(r.week_no), year: Number(r.year), assigneeId: Number(r.assignee_id),
    assigneeName: (r.display_name as string | null) ?? null, status: Number(r.status), address: String(r.address),
    startTime: r.start_time === null ? null : new Date(r.start_time as string), updatedAt: new Date(r.updated_at as string),
    cancellationTypeId: r.cancellation_type_id === null ? null : Number(r.cancellation_type_id),
    notifications: Number(r.notifications),
  }));
}
