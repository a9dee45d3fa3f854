/** Response schemas of the auth routes (the User shape of src/domain/api.ts). */
import { Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

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

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
