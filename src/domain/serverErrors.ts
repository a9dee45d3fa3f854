/**
 * What the user reads when the server refused something: an i18n key (namespace 'sync', under
 * ServerError.), never the server's own English text. The spec's error names come first (errorKey in
 * the answer), then the statuses and the server's known refusals; anything else falls back to a
 * plain "the server did not accept the change".
 */
/** Spec 1 §8: the one text of a 403, sent by the server and recognised by the device (spelling sic). */
export const FORBIDDEN_MESSAGE = "You don' have access to this API call";

/** The 400 message of a report export with nothing in it (the client shows its own text for it). */
export const REPORT_NO_JOBS_MESSAGE = 'No jobs in the list: cannot generate the report';

export interface ServerRefusal {
  status: number;
  message: string;
  errorKey?: string;
}

/** The spec's error names the server sends (errorKey), as they are called in the i18n resources. */
const NAMED = new Set(['NewWaterMeterSerialNumberIsInUse', 'ErrorDismantleDate', 'InvalidSerialNumber', 'MediaQuotaExceeded', 'CaptureDateInFuture']);

/** Known refusals by the server's text (src/domain and server/services write them). */
const BY_MESSAGE: [RegExp, string][] = [
  [/Scheduled date is greater than due date/, 'ScheduledAfterDue'],
  [/must not be later than the end of the year ten years ahead/, 'DateTooFarAhead'],
  [/job is completed|to a completed job/, 'JobCompleted'],
  [/task is finished/, 'TaskFinished'],
  [/can only be set by an admin/, 'DueDateAdminOnly'],
  [/plumber can only be changed while the job is not started/, 'PlumberChangeNotStarted'],
  [/has changed on the server/, 'ChangedOnServer'],
  [/already exists/, 'AlreadyExists'],
  [/Cannot|cannot be deleted|CannotDeleteTask/, 'NotAllowedNow'],
];

/** By status, when neither the name nor the text is known. */
const BY_STATUS: [(status: number) => boolean, string][] = [
  [(s) => s === 403, 'NoAccess'],
  [(s) => s === 404, 'NotFound'],
  [(s) => s === 409, 'ChangedOnServer'],
  [(s) => s === 422, 'KeyReused'],
  [(s) => s === 429, 'TooManyRequests'],
  [(s) => s >= 500, 'ServerFailed'],
];

/** Every name serverErrorKey can give (ServerError.<name>): each needs its text in nb and en. */
export const SERVER_ERROR_NAMES: readonly string[] = [...new Set([...NAMED, ...BY_MESSAGE.map(([, k]) => k), ...BY_STATUS.map(([, k]) => k), 'Refused'])];

export function serverErrorKey(refusal: ServerRefusal): string {
  if (refusal.errorKey && NAMED.has(refusal.errorKey)) return `ServerError.${refusal.errorKey}`;
  for (const [pattern, key] of BY_MESSAGE) if (pattern.test(refusal.message)) return `ServerError.${key}`;
  for (const [matches, key] of BY_STATUS) if (matches(refusal.status)) return `ServerError.${key}`;
  return 'ServerError.Refused';
}
