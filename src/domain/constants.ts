/** Business constants and limits (spec 1 §9, spec 3 §9). */

export const NEW_JOB_SEVERITY = 2;
export const NEW_JOB_REF_NO = 0;
export const NEW_TASK_ORDER = 0;
export const NEW_TASK_STATUS = 1;
export const DEFAULT_LANGUAGE = 'nb';

export const ADDRESS_SEARCH_LIMIT = 5;
export const JOB_LIST_PAGE_SIZE = 25;
export const JOB_LIST_SEARCH_DEBOUNCE_MS = 800;

export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';

export const SNACKBAR_DEFAULT_MS = 3000;
export const SNACKBAR_FALLBACK_MS = 5000;

export const SW_UPDATE_CHECK_MS = 60_000;
export const IOS_INSTALL_PROMPT_INTERVAL_DAYS = 14;
export const NEW_LOGIN_INVITATION_DAYS = 30;

export const MOBILE_BREAKPOINT_PX = 1000;

export const OBJECT_ID_DELIMITER = '_';
export const DEFAULT_MAP_ZOOM = 9;
export const NOTE_ROWS = 6;
/** The longest job note the API takes (NoteBody in schemas/jobs.ts). */
export const NOTE_MAX_LENGTH = 4000;
export const COMMENT_ROWS = 4;

export const EPSG = { Zone32: 25832, Zone33: 25833, Zone35: 25835 } as const;

export const PREVIOUSLY_SELECTED_PLUMBER_KEY = 'previouslySelectedPlumber';

/** Real-time hub path and event name. */
export const HUB_PATH = '/hubs/notifications';
export const HUB_EVENT = 'plumber notification';

/** POST /api/bundle (src/domain/schemas/bundle.ts): commands in one bundle at most. */
export const BUNDLE_MAX_REQUESTS = 25;
/** The device's bound on one bundle: the JSON of its commands' bodies; a larger command goes alone. */
export const BUNDLE_MAX_BODY_CHARS = 256 * 1024;
