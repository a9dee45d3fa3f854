/**
 * Errors the API answers with (spec 1 §8 transport rules: a JSON body with statusCode, error,
 * message). Services throw them; the API's error handler and the auth hook send them.
 */
import type { ApiErrorBody, Job } from '../../src/domain/schemas';
import { FORBIDDEN_MESSAGE } from '../../src/domain/serverErrors';
import { fieldPath } from '../../src/domain/errorField';

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 410: 'Gone', 413: 'Content Too Large', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function reasonPhrase(statusCode: number): string {
  return REASONS[statusCode] ?? 'Error';
}

/** The body of an error answer with no more to it than its status and message. */
export function errorBody(statusCode: number, message: string): ApiErrorBody {
  return { statusCode, error: reasonPhrase(statusCode), message };
}

export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string, readonly current?: Job) {
    super(message);
  }

  body(): ApiErrorBody {
    return { statusCode: this.statusCode, error: reasonPhrase(this.statusCode), message: this.message, ...(this.current ? { current: this.current } : {}) };
  }
}

/**
 * 400 naming the field in the one style (src/domain/errorField.ts): as `field` and first in the
 * message, as schema validation errors do; where the spec names the error, its key too.
 */
export class RuleError extends HttpError {
  readonly field: string;

  constructor(field: string, problem: string, readonly errorKey?: string) {
    const path = fieldPath(field);
    super(400, `${path} ${problem}`);
    this.field = path;
  }

  override body() {
    return { ...super.body(), field: this.field, ...(this.errorKey ? { errorKey: this.errorKey } : {}) };
  }
}

export const badRequest = (field: string, problem: string) => new RuleError(field, problem);

/** 429 from a limit of our own (not the rate limiter), telling the client when to try again (RFC 9110 Retry-After). */
export class TooManyError extends HttpError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}
/** The spec's 403 text. */
export const forbidden = () => new HttpError(403, FORBIDDEN_MESSAGE);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
/** 409: the request does not fit the job as the server holds it; `current` lets the client show both. */
export const conflict = (message: string, current?: Job) => new HttpError(409, message, current);

/** 409 whose reason the client says in the user's language: the spec's or our message key. */
export class KeyedConflict extends HttpError {
  constructor(message: string, readonly errorKey: string) {
    super(409, message);
  }

  override body() {
    return { ...super.body(), errorKey: this.errorKey };
  }
}
