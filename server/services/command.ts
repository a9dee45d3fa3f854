/**
 * A write as its service declares it, once, in the service's own module: what it runs in the unit of
 * work (services/unitOfWork.ts), the advisory lock that work takes first (a job mutation: its
 * company's), and the HTTP status its success answers. A route only picks the input out of the
 * request and hands both to routes/mutation.ts `mutation`; the service returns a domain value.
 */
import type { UserContext } from '../auth/context';
import type { Work } from '../db/tx';

export interface Command<I, R> {
  /** The success's status: one, or chosen by the value (e.g. 201 created, 200 already there). */
  status: number | ((value: R) => number);
  /** The lock the work takes first, with the unit of work's first statement (undefined: none). */
  lock?: (user: UserContext) => string | undefined;
  run: (w: Work, user: UserContext, input: I) => Promise<R>;
  /** The answer's body when it is not the value itself (e.g. one field of it). */
  body?: (value: R) => unknown;
}

/** Declares a command; only typing (the input and value types are inferred from `run`). */
export function command<I, R>(declaration: Command<I, R>): Command<I, R> {
  return declaration;
}
