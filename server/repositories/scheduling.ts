/** Schedules and their items as kept (services/scheduling/ holds the rules). */
import { and, asc, between, count, eq, getTableColumns, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { ScheduleItem, ScheduleSummary } from '../../src/domain/schemas/scheduling';
import { CancellationReason } from '../../src/domain/enums';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { osloDayMinute } from '../../src/domain/time/oslo';
import { timeOf } from '../../src/domain/scheduling/hours';
import { companies, meterPoints, plumberAvailability, scheduleItems, schedules, unavailableTimeSlots } from '../db/schema';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';

export type ScheduleRow = typeof schedules.$inferSelect;
export type ItemRow = typeof scheduleItems.$inferSelect;
export type NewItemRow = typeof scheduleItems.$inferInsert;
export type MeterPointRow = typeof meterPoints.$inferSelect;

const hhmm = (d: Date | null) => (d ? timeOf(osloDayMinute(d).minute) : null);

/** An item with its point's register priority (layout.ts lays higher priorities first). */
export type PlannedItemRow = ItemRow & { priority: number };

export function toScheduleItem(r: ItemRow & { priority?: number }): ScheduleItem {
  return {
    ...(r.priority === undefined ? {} : { priority: r.priority }),
    id: r.id, scheduleId: r.scheduleId, status: r.status, notes: r.notes, address: r.address, objectType: r.objectType,
    objectId: r.objectId, parentObjectId: r.meterPointId, agreementNo: r.agreementNo, scheduledDate: r.scheduledDate,
    scheduleStartDateTime: r.startTime?.toISOString() ?? null, scheduleEndDateTime: r.endTime?.toISOString() ?? null,
    startTime: hhmm(r.startTime), endTime: hhmm(r.endTime), duration: r.duration, latitude: r.latitude, longitude: r.longitude,
    referenceNumber: r.referenceNumber, contactInformation: (r.contactInformation as Record<string, unknown> | null) ?? null,
    matrikkelenhetId: r.matrikkelenhetId, sequenceNumber: r.sequenceNumber, isScheduled: r.isScheduled,
    cancellationTypeId: r.cancellationTypeId, batchJobId: r.batchJobId,
  };
}

export async function findSchedule(db: DbOrTx, companyId: string, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(and(eq(schedules.id, id), eq(schedules.companyId, companyId))).limit(1);
  return row;
}

/** The schedule row locked for the rest of the transaction (writes to one schedule take turns). */
export async function lockSchedule(tx: Tx, companyId: string, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(schedules).where(and(eq(schedules.id, id), eq(schedules.companyId, companyId))).for('update');
  return row;
}

export async function findWeekSchedule(db: DbOrTx, companyId: string, assigneeId: number, year: number, weekNo: number): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(schedules).where(and(
    eq(schedules.companyId, companyId), eq(schedules.assigneeId, assigneeId), eq(schedules.year, year), eq(schedules.weekNo, weekNo),
  )).limit(1);
  return row;
}

/** The plumber's schedule of a week, made when missing (two at once make one). `created`: this call made it. */
export async function ensureWeekSchedule(tx: Tx, companyId: string, assigneeId: number, year: number, weekNo: number): Promise<{ row: ScheduleRow; created: boolean }> {
  const [made] = await tx.insert(schedules).values({ companyId, assigneeId, year, weekNo }).onConflictDoNothing().returning();
  if (made) return { row: made, created: true };
  return { row: (await findWeekSchedule(tx, companyId, assigneeId, year, weekNo))!, created: false };
}

export async function setScheduleStatus(tx: Tx, id: number, status: number): Promise<ScheduleRow> {
  const [row] = await tx.update(schedules).set({ status, updatedAt: new Date(), version: sql`${schedules.version} + 1` }).where(eq(schedules.id, id)).returning();
  return row;
}

export async function schedulesOfAssignee(db: DbOrTx, companyId: string, assigneeId: number): Promise<ScheduleSummary[]> {
  return db.select({
    id: schedules.id, weekNo: schedules.weekNo, year: schedules.year, assigneeId: schedules.assigneeId, status: schedules.status,
    itemCount: sql<number>`(select count(*)::int from ${scheduleItems} where ${scheduleItems.scheduleId} = ${schedules.id} and ${scheduleItems.status} <> ${ScheduleItemStatus.Cancelled})`,
  }).from(schedules).where(and(eq(schedules.companyId, companyId), eq(schedules.assigneeId, assigneeId)))
    .orderBy(asc(schedules.year), asc(schedules.weekNo));
}

/** A schedule's items, in sequence, each with its point's register priority. */
export async function itemsOfSchedule(db: DbOrTx, scheduleId: number): Promise<PlannedItemRow[]> {
  return db.select({ ...getTableColumns(scheduleItems), priority: meterPoints.priority }).from(scheduleItems)
    .innerJoin(meterPoints, eq(meterPoints.id, scheduleItems.meterPointId))
    .where(eq(scheduleItems.scheduleId, scheduleId)).orderBy(asc(scheduleItems.sequenceNumber), asc(scheduleItems.id));
}

export async function countLaidItems(db: DbOrTx, scheduleId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(scheduleItems)
    .where(and(eq(scheduleItems.scheduleId, scheduleId), eq(scheduleItems.isScheduled, true), ne(scheduleItems.status, ScheduleItemStatus.Cancelled)));
  return row.n;
}

export async function findItems(db: DbOrTx, companyId: string, ids: number[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  return db.select().from(scheduleItems).where(and(eq(scheduleItems.companyId, companyId), inArray(scheduleItems.id, ids)));
}

export async function insertItems(tx: Tx, rows: NewItemRow[]): Promise<ItemRow[]> {
  return rows.length ? tx.insert(scheduleItems).values(rows).returning() : [];
}

export async function updateItem(tx: Tx, id: number, patch: Partial<NewItemRow>): Promise<ItemRow> {
  const [row] = await tx.update(scheduleItems).set({ ...patch, updatedAt: new Date(), version: sql`${scheduleItems.version} + 1` })
    .where(eq(scheduleItems.id, id)).returning();
  return row;
}

/** Where the batch laid each item: one statement for all of them. */
export interface ItemPlacement {
  id: number;
  scheduleId: number;
  sequenceNumber: number;
  scheduledDate: string | null;
  startTime: Date | null;
  endTime: Date | null;
  duration: number;
}

export async function placeItems(tx: Tx, list: ItemPlacement[]): Promise<void> {
  if (!list.length) return;
  // One array parameter per column (sql.param: drizzle would spread a bare array into a list).
  const col = <T>(f: (p: ItemPlacement) => T) => sql.param(list.map(f));
  await tx.execute(sql`
    update ${scheduleItems} si set schedule_id = v.schedule_id, sequence_number = v.seq, scheduled_date = v.day,
      start_time = v.start_time, end_time = v.end_time, duration = v.duration, is_scheduled = v.start_time is not null,
      updated_at = now(), version = si.version + 1
    from unnest(${col((p) => p.id)}::int[], ${col((p) => p.scheduleId)}::int[], ${col((p) => p.sequenceNumber)}::int[],
      ${col((p) => p.scheduledDate)}::text[], ${col((p) => p.startTime?.toISOString() ?? null)}::timestamptz[],
      ${col((p) => p.endTime?.toISOString() ?? null)}::timestamptz[], ${col((p) => p.duration)}::int[])
      as v(id, schedule_id, seq, day, start_time, end_time, duration)
    where si.id = v.id`);
}

export async function deleteItems(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(scheduleItems).where(inArray(scheduleItems.id, ids));
}

/** Numbers a schedule's items 1, 2, … in their present order (after a delete), or `byTime`: laid ones by start, then the rest. */
export async function renumberItems(tx: Tx, scheduleId: number, byTime = false): Promise<void> {
  const order = byTime ? sql`start_time nulls last, sequence_number, id` : sql`sequence_number, id`;
  await tx.execute(sql`
    update ${scheduleItems} si set sequence_number = n.seq from (
      select id, row_number() over (order by ${order})::int as seq from ${scheduleItems} where schedule_id = ${scheduleId}
    ) n where si.id = n.id and si.sequence_number <> n.seq`);
}

/** The company's meter points with these ids (those it has). */
export async function companyMeterPoints(db: DbOrTx, companyId: string, ids: number[]): Promise<MeterPointRow[]> {
  if (!ids.length) return [];
  return db.select().from(meterPoints).where(and(eq(meterPoints.companyId, companyId), inArray(meterPoints.id, ids)));
}

/** Live (not cancelled) items on these points, in any schedule. */
export async function liveItemsOnPoints(db: DbOrTx, pointIds: number[]): Promise<ItemRow[]> {
  if (!pointIds.length) return [];
  return db.select().from(scheduleItems).where(and(inArray(scheduleItems.meterPointId, pointIds), ne(scheduleItems.status, ScheduleItemStatus.Cancelled)));
}

export type AvailabilityRow = typeof plumberAvailability.$inferSelect;

/** A plumber's availability entries between two days (inclusive). */
export async function availabilityBetween(db: DbOrTx, companyId: string, registrationId: number, from: string, to: string): Promise<AvailabilityRow[]> {
  return db.select().from(plumberAvailability).where(and(
    eq(plumberAvailability.companyId, companyId), eq(plumberAvailability.registrationId, registrationId), between(plumberAvailability.date, from, to),
  )).orderBy(asc(plumberAvailability.date), asc(plumberAvailability.startTime));
}

export async function unavailableSlotsOf(db: DbOrTx, scheduleId: number): Promise<(typeof unavailableTimeSlots.$inferSelect)[]> {
  return db.select().from(unavailableTimeSlots).where(eq(unavailableTimeSlots.scheduleId, scheduleId));
}

/** What the hub's notifications carry for a company. */
export async function companyNumbers(db: DbOrTx, companyId: string): Promise<{ orgNumber: string; customerId: string } | undefined> {
  const [row] = await db.select({ orgNumber: companies.orgNumber, customerId: companies.customerId }).from(companies).where(eq(companies.id, companyId));
  return row;
}

/**
 * The plumber's time, locked for the rest of the transaction: every writer of a plumber's items' times
 * (the batch, the submit's check, a re-timed item) takes it before it reads what is free, whichever
 * week and whichever server process. The database's overlap constraint stands behind it.
 */
export async function lockPlumberTime(tx: Tx, companyId: string, assigneeId: number): Promise<void> {
  await advisoryLock(tx, `plumber-time:${companyId}:${assigneeId}`);
}

/** The plumber's items with a start in [from, to) that hold their time (itemStatus.ts occupiesTime), any schedule. */
export async function laidItemsOfPlumber(db: DbOrTx, companyId: string, assigneeId: number, from: Date, to: Date): Promise<ItemRow[]> {
  return db.select().from(scheduleItems).where(and(
    eq(scheduleItems.companyId, companyId), eq(scheduleItems.assigneeId, assigneeId), isNotNull(scheduleItems.startTime),
    gte(scheduleItems.startTime, from), lt(scheduleItems.startTime, to), ne(scheduleItems.status, ScheduleItemStatus.Cancelled),
    sql`coalesce(${scheduleItems.cancellationTypeId}, 0) <> ${CancellationReason.InvalidInformation}`,
  )).orderBy(asc(scheduleItems.startTime));
}

/** The most blacklist entries one question answers (a meter or an address has few). */
export const BLACKLIST_MAX = 200;

/**
 * The company's items at a meter (`waterMeterId`) or an address (case-insensitive) that were called off
 * (Cancelled or Rejected) and had a time: the blacklist (GET /api/ScheduleBlacklist), newest first.
 */
export async function calledOffItems(db: DbOrTx, companyId: string, where: { waterMeterId?: number | null; address?: string | null }): Promise<ItemRow[]> {
  const at = [
    ...(where.waterMeterId != null ? [eq(scheduleItems.objectId, where.waterMeterId)] : []),
    ...(where.address ? [sql`lower(${scheduleItems.address}) = lower(${where.address})`] : []),
  ];
  if (!at.length) return [];
  return db.select().from(scheduleItems).where(and(
    eq(scheduleItems.companyId, companyId), isNotNull(scheduleItems.endTime),
    inArray(scheduleItems.status, [ScheduleItemStatus.Cancelled, ScheduleItemStatus.Rejected]),
    at.length === 1 ? at[0] : sql`(${at[0]} or ${at[1]})`,
  )).orderBy(sql`${scheduleItems.endTime} desc`).limit(BLACKLIST_MAX);
}
