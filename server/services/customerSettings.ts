/** Settings of the customer (the water utility) every signed-in user may read (spec 3 §7). */
import type { DbOrTx } from '../db/tx';
import type { UserContext } from '../auth/context';
import { customerSupportContact } from '../repositories/customers';

/** The support contact of the user's utility; empty strings when it has given none (spec 3 §8). */
export function supportContactOf(db: DbOrTx, user: UserContext): Promise<{ emailAddress: string; phoneNumber: string }> {
  return customerSupportContact(db, user.customerId);
}
