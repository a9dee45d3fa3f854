/** The calendar's presence intervals (src/domain/schemas/presence.ts), shared by the page and the server. */

/** How often an open calendar says it is still there. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
/** How long a viewer is shown after their last heartbeat: two missed beats and some latency. */
export const PRESENCE_TTL_SECONDS = 40;
