/** The error body every non-2xx answer of the API has (spec 1 §8), and the error answers routes declare. */
import { Type, type Static } from 'typebox';
import { JobSchema } from './jobs';

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  /** On 409: the job as the server holds it now. */
  current: Type.Optional(JobSchema),
  /** The spec's name of the error where it has one (spec 1 §8), e.g. NewWaterMeterSerialNumberIsInUse. */
  errorKey: Type.Optional(Type.String()),
  /** On 400: the refused field, e.g. body/jobTasks/0/newWaterMeterObj/serialNo (src/domain/errorField.ts). */
  field: Type.Optional(Type.String()),
});
export type ApiErrorBody = Static<typeof ErrorBody>;

/** Error answers every route may give (401 comes from the auth guard). */
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } as const;
export const mutationErrors = { ...errors, 409: ErrorBody, 422: ErrorBody } as const;
