/**
 * Who a service acts for: a signed-in user (a request), or the system acting for a company with a
 * reason ("owner replied by SMS", a reminder's deadline passing) when no person is behind the change:
 * a worker, a provider's callback, an owner's link. Services check what the actor may do (their
 * policy) and then run their core, which takes only the facts it needs (the company, the customer,
 * the name a write records), so a worker reaches the same rules and writes as a route.
 * Defined beside UserContext, in the layer every part of the server may import.
 */
import type { UserContext } from './userContext';

export type Actor =
  | { kind: 'user'; user: UserContext }
  | { kind: 'system'; companyId: string; customerId: string; reason: string };

export const userActor = (user: UserContext): Actor => ({ kind: 'user', user });

export const systemActor = (companyId: string, customerId: string, reason: string): Actor => {
  if (!reason.trim()) throw new Error('the system acts for a company with a reason');
  return { kind: 'system', companyId, customerId, reason };
};

/** The company the actor acts in; null for a user without one (refused by every company rule). */
export const actorCompany = (actor: Actor): string | null => (actor.kind === 'user' ? actor.user.companyId : actor.companyId);

/** The name a write records as its author: the user's e-mail, or "system: <reason>". */
export const actorName = (actor: Actor): string => (actor.kind === 'user' ? actor.user.email : `system: ${actor.reason}`);
