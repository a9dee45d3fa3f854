/** What the owner's answer page reads (services/ownerAnswer.ts): one schedule item by id, whichever company's. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/tx';
import { scheduleItems } from '../db/schema';
import type { ItemRow } from './scheduling';

/** The item a verified answer-link token names (the token, not a user, scopes it). */
export async function itemOfAnswerLink(db: DbOrTx, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(scheduleItems).where(eq(scheduleItems.id, id)).limit(1);
  return row;
}
