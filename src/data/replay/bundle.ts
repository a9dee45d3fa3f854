/**
 * The replay's JSON commands, sent together (POST /api/bundle, src/domain/schemas/bundle.ts): those
 * asked for in one task go in one request, each with its own Idempotency-Key, and each caller gets
 * what apiFetch would have given it for its command alone (its answer, or its ApiError). Hundreds
 * of small requests cost the device (a fetch, its loader, the network service) and the server
 * more than the commands themselves. A whole bundle that cannot be read as one (an older server
 * without the call, too large) is sent again a command at a time; one that got no answer (offline,
 * 401, 429, 5xx) fails each command with that error, so the replay stops and sends them later
 * under the same keys.
 */
import { BUNDLE_MAX_BODY_CHARS, BUNDLE_MAX_REQUESTS } from '../../domain/constants';
import { ApiError, API_ERRORS, apiFetch, errorFromResponse, parseRetryAfter, parseSuccessBody } from '../transport';
import { afterThisTask } from './writes';

interface Queued {
  item: { method: string; path: string; idempotencyKey: string; body: unknown };
  chars: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
interface Answer { status: number; contentType: string | null; text: string; retryAfter: string | null }

let queue: Queued[] = [];
/** Bundles sent and not yet answered. */
let onTheLine = 0;

const alone = (q: Queued) => apiFetch<unknown>(q.item.path, { method: q.item.method, body: q.item.body, idempotencyKey: q.item.idempotencyKey }).then(q.resolve, q.reject);

async function send(group: Queued[]): Promise<void> {
  onTheLine += 1;
  try {
    await sendNow(group);
  } finally {
    onTheLine -= 1;
    // What was asked for meanwhile goes now, together.
    if (queue.length && onTheLine === 0) flush();
  }
}

async function sendNow(group: Queued[]): Promise<void> {
  if (group.length === 1) return alone(group[0]);
  let answers: Answer[];
  try {
    answers = (await apiFetch<{ answers: Answer[] }>('/api/bundle', { method: 'POST', body: { requests: group.map((q) => q.item) } })).answers;
    // An answer that is not one per command (mangled on the way): sent again later, answered from the keys.
    if (answers?.length !== group.length) throw new ApiError(API_ERRORS.parseFailure, 502);
  } catch (e) {
    if (e instanceof ApiError && [400, 404, 405, 413].includes(e.status)) {
      for (const q of group) await alone(q);
    } else group.forEach((q) => q.reject(e));
    return;
  }
  group.forEach((q, i) => {
    const a = answers[i];
    try {
      if (a.status >= 200 && a.status < 300) q.resolve(parseSuccessBody(a.status, a.text, a.contentType));
      else q.reject(errorFromResponse(a.status, '', a.text, a.contentType, parseRetryAfter(a.retryAfter)));
    } catch (e) {
      q.reject(e);
    }
  });
}

/**
 * Sends what was asked for. While a bundle is on the line, commands wait for its answer (and go
 * with those asked for meanwhile) unless a full bundle is ready: answers come back one by one (an
 * upload, a job's next command freed), and sending each at once made bundles of one or two.
 */
function flush(): void {
  if (onTheLine > 0 && queue.length < BUNDLE_MAX_REQUESTS) return;
  const all = queue;
  queue = [];
  let group: Queued[] = [];
  let chars = 0;
  for (const q of all) {
    if (group.length && (group.length === BUNDLE_MAX_REQUESTS || chars + q.chars > BUNDLE_MAX_BODY_CHARS)) {
      void send(group);
      group = [];
      chars = 0;
    }
    group.push(q);
    chars += q.chars;
  }
  if (group.length) void send(group);
}

/** Sends a JSON command with those asked for in this task; settles as apiFetch would for it alone. */
export function sendBundled<T>(path: string, method: string, body: unknown, idempotencyKey: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (queue.length === 0 && onTheLine === 0) afterThisTask(flush);
    queue.push({ item: { method, path, idempotencyKey, body }, chars: JSON.stringify(body ?? null).length, resolve: resolve as (v: unknown) => void, reject });
    if (queue.length === BUNDLE_MAX_REQUESTS && onTheLine > 0) afterThisTask(flush);
  });
}
