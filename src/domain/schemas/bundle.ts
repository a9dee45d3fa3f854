/**
 * POST /api/bundle (ours; the spec shows no such call): several of the device's queued JSON commands
 * in one request. The end-of-day sync sends hundreds of small commands (notes, task edits); one
 * request each cost the device and the server more than the commands themselves. Each command is
 * run as if it had come on its own (its path's route, checks, permission and Idempotency-Key), one
 * after the other in the order given, and its own answer comes back in the same place.
 */
import { Type, type Static } from 'typebox';
import { BUNDLE_MAX_REQUESTS } from '../constants';

export { BUNDLE_MAX_REQUESTS };

/**
 * A path of the plumber API in the characters a path and query of ours use. The route refuses the
 * rest by rule (server/routes/bundle.ts bundlePathProblem): "..", "//", an encoded dot, slash or
 * backslash, and this call again.
 */
export const BUNDLE_PATH_PATTERN = '^/api/[A-Za-z0-9_~:,;=+&%./?-]*$';

export const BundleRequestItem = Type.Object({
  method: Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
  path: Type.String({ minLength: 6, maxLength: 2048, pattern: BUNDLE_PATH_PATTERN }),
  /** The command's own Idempotency-Key: required, a bundle only carries commands that may be sent again. */
  idempotencyKey: Type.String({ minLength: 1, maxLength: 200 }),
  /** The command's JSON body (absent: none). */
  body: Type.Optional(Type.Unknown()),
}, { additionalProperties: false });

export const BundleBody = Type.Object({
  requests: Type.Array(BundleRequestItem, { minItems: 1, maxItems: BUNDLE_MAX_REQUESTS }),
}, { additionalProperties: false });
export type BundleBodyInput = Static<typeof BundleBody>;

/** A command's answer as it would have come on its own: status, content type, body text, Retry-After. */
export const BundleAnswerItem = Type.Object({
  status: Type.Integer(),
  contentType: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  retryAfter: Type.Union([Type.String(), Type.Null()]),
});
export const BundleAnswer = Type.Object({ answers: Type.Array(BundleAnswerItem) });
export type BundleAnswerBody = Static<typeof BundleAnswer>;
