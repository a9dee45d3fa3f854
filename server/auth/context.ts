/** The request's user (defined in server/http/userContext.ts), set on every request by server/auth. */
import type { UserContext } from '../http/userContext';

export type { UserContext };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api route except the public ones; routes may rely on it. */
    user: UserContext;
  }
}
