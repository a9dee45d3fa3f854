/** Response schemas of the auth routes; the account and config shapes are in src/domain/schemas/auth.ts. */
import { Type } from 'typebox';

export { ClientConfigSchema, CompanyInfoSchema, UserSchema } from '../../src/domain/schemas/auth';

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
});

export const HealthSchema = Type.Object({ status: Type.Literal('ok') });
