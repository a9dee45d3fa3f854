/**
 * POST /api/batch (ours; the spec shows no such call): several of the device's queued JSON commands
 * in one request. The end-of-day sync sends hundreds of small commands (notes, task edits); one
 * request each cost the device and the server more than the commands themselves. Each command is
 * run as if it had come on its own (its path's route, checks, permission and Idempotency-Key), one
 * after the other in the order given, and its own answer comes back in the same place.
 */
import { Type, type Static } from 'typebox';
import { BATCH_MAX_REQUESTS } from '../constants';

export { BATCH_MAX_REQUESTS };

/**
 * A path of the plumber API in the characters a path and query of ours use. The route refuses the
 * rest by rule (server/routes/batch.ts batchPathProblem): "..", "//", an encoded dot, slash or
 * backslash, and this call again.
 */
export const BATCH_PATH_PATTERN = '^/api/[A-Za-z0-9_~:,;=+&%./?-]*$';

export const BatchRequestItem = Type.Object({
  method: Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
  path: Type.String({ minLength: 6, maxLength: 2048, pattern: BATCH_PATH_PATTERN }),
  /** The command's own Idempotency-Key: required, a batch only carries commands that may be sent again. */
  idempotencyKey: Type.String({ minLength: 1, maxLength: 200 }),
  /** The command's JSON body (absent: none). */
  body: Type.Optional(Type.Unknown()),
}, { additionalProperties: false });

export const BatchBody = Type.Object({
  requests: Type.Array(BatchRequestItem, { minItems: 1, maxItems: BATCH_MAX_REQUESTS }),
}, { additionalProperties: false });
export type BatchBodyInput = Static<typeof BatchBody>;

/** A command's answer as it would have come on its own: status, content type, body text, Retry-After. */
export const BatchAnswerItem = Type.Object({
  status: Type.Integer(),
  contentType: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  retryAfter: Type.Union([Type.String(), Type.Null()]),
});
export const BatchAnswer = Type.Object({ answers: Type.Array(BatchAnswerItem) });
export type BatchAnswerBody = Static<typeof BatchAnswer>;
