/** The request's user, built from the verified access token's claims. */
export interface UserContext {
  userId: string;
  registrationId: number;
  roleId: number;
  isAdmin: boolean;
  companyId: string | null;
  customerId: string;
  customerNumber: string;
  email: string;
  name: string;
  /** Company agreement in force now (spec 3 §1). */
  hasAgreement: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every /api route except the public ones; routes may rely on it. */
    user: UserContext;
  }
}
