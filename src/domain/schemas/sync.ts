/** GET /api/sync/changes?since= — the per-user change feed (ours; the spec shows no sync call). */
import { Type, type Static } from 'typebox';
import { Uuid } from './common';
import { JobSchema } from './jobs';

export const ChangeFeedQuery = Type.Object({ since: Type.Optional(Type.String({ maxLength: 40 })) });

export const ChangeFeedSchema = Type.Object({
  /** Opaque cursor to send as `since` next time. */
  cursor: Type.String(),
  /** True when `since` was absent or too old: the client must replace its replica with `jobs` (and those of the pages that follow while hasMore). */
  reset: Type.Boolean(),
  jobs: Type.Array(JobSchema),
  deletedJobIds: Type.Array(Uuid),
  /** More changes follow at once: ask again with `cursor` (the server sends at most 500 jobs a page). */
  hasMore: Type.Boolean(),
});
export type ChangeFeed = Static<typeof ChangeFeedSchema>;
