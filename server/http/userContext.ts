/**
 * The request's user, built from the verified access token's claims (server/auth/verify.ts). Defined here,
 * in the layer every part of the server may import, so repositories can scope their queries by it without
 * importing server/auth.
 */
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
