/** The signed-in account (GET /api/me) and what the device needs to sign in (GET /api/config). */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

export const CompanyInfoSchema = Type.Object({
  id: Type.String(),
  orgNumber: Type.String(),
  name: Type.String(),
  address: Type.String(),
  postcode: Type.Integer(),
  city: Type.String(),
  telephone: Type.String(),
  email: Type.String(),
});
export type CompanyInfo = Static<typeof CompanyInfoSchema>;

/** GET /api/me. */
export const UserSchema = Type.Object({
  userId: Type.String(),
  userRegistrationId: Type.Integer(),
  customerId: Type.String(),
  companyId: Nullable(Type.String()),
  customerNumber: Type.String(),
  customerName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  displayName: Type.String(),
  userName: Type.String(),
  email: Type.String(),
  mobile: Nullable(Type.String()),
  userSource: Type.String(),
  isAdmin: Type.Boolean(),
  isActive: Type.Boolean(),
  hidePlumberOptions: Type.Boolean(),
  gdprConsent: Type.Boolean(),
  roleId: Type.Integer(),
  userStatus: Type.Integer(),
  registeredDate: Type.String(),
  companyInfo: Nullable(CompanyInfoSchema),
});
export type User = Static<typeof UserSchema>;

/** GET /api/config (public): what MSAL needs. */
export const ClientConfigSchema = Type.Object({
  clientId: Type.String(),
  authority: Type.String(),
  knownAuthorities: Type.Array(Type.String()),
  /** MSAL's authorityMetadata: the provider's discovery document as a JSON string, when given. */
  authorityMetadata: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  apiAudience: Type.String(),
  protocolMode: Type.String(),
  /** Where the provider's registration page is (embedded only). */
  registrationUrl: Nullable(Type.String()),
});
export type ClientConfig = Static<typeof ClientConfigSchema>;
