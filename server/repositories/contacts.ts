/**
 * A schedule item's contact (spec 2 §3 "Contact info"), kept on the item (schedule_items.contact_information,
 * so the week's answer carries it), and the item's SMS log (sms_messages by schedule_item_id).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { scheduleItems, smsMessages } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';
import type { ContactInformation } from '../../src/domain/schemas/contactInformation';

export interface ItemContactRow {
  id: number;
  scheduleId: number;
  address: string;
  status: number;
  matrikkelenhetId: string | null;
  contact: ContactInformation | null;
}

const columns = {
  id: scheduleItems.id, scheduleId: scheduleItems.scheduleId, address: scheduleItems.address, status: scheduleItems.status,
  matrikkelenhetId: scheduleItems.matrikkelenhetId, contact: scheduleItems.contactInformation,
};

/** The item of the company with its contact; undefined when the company has no such item. */
export async function itemContact(db: DbOrTx, companyId: string, id: number): Promise<ItemContactRow | undefined> {
  const [row] = await db.select(columns).from(scheduleItems).where(and(eq(scheduleItems.id, id), eq(scheduleItems.companyId, companyId)));
  return row && { ...row, contact: (row.contact as ContactInformation | null) ?? null };
}

export async function setItemContact(tx: Tx, id: number, contact: ContactInformation): Promise<void> {
  await tx.update(scheduleItems).set({ contactInformation: contact, updatedAt: new Date(), version: sql`${scheduleItems.version} + 1` }).where(eq(scheduleItems.id, id));
}

/** The item's messages, oldest first. */
export async function smsOfItem(db: DbOrTx, companyId: string, itemId: number) {
  return db.select().from(smsMessages)
    .where(and(eq(smsMessages.scheduleItemId, itemId), eq(smsMessages.companyId, companyId))).orderBy(asc(smsMessages.createdAt));
}
