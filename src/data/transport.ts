/**
 * The one way the app talks to the plumber API: headers of spec 1 §7 and the error catalogue of
 * spec 1 §8. Runs in the page and in the service worker (no DOM-only APIs).
 */
import { FORBIDDEN_MESSAGE } from '../domain/serverErrors';
import { getAccessToken, getRequestIdentity } from './identity';
import { noteAnswered, noteUnanswered } from './reachability';

export const API_ERRORS = {
  forbidden: FORBIDDEN_MESSAGE,
  serverDown: 'The server is down or unavailable',
  parseFailure: 'Error parsing body',
  noMedia: 'No media found.',
} as const;

/** Status given to a network failure (spec 1 §8). */
export const NETWORK_FAILURE_STATUS = 503;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** True when the request never got an answer (offline, DNS, connection refused). */
  readonly network: boolean;
  /** Seconds from a Retry-After header (429/503), when the server sent one. */
  readonly retryAfter: number | null;

  constructor(message: string, status: number, body: unknown = null, opts: { network?: boolean; retryAfter?: number | null } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.network = opts.network ?? false;
    this.retryAfter = opts.retryAfter ?? null;
  }
}

export interface ApiFetchInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * Told the share of the body sent (0–1) while a multipart upload is under way. Only where
   * XMLHttpRequest exists (the page; a service worker has fetch only, and reports no progress).
   */
  onUploadProgress?: (fraction: number) => void;
}

interface TransportConfig {
  /** Prefix for relative paths: '' in the browser (same origin), the server's URL in Node tests. */
  baseUrl: string;
  /** X-WAAPI-PROFILE: which client profile calls. */
  profile: string;
}

const config: TransportConfig = { baseUrl: '', profile: 'meterwork-web' };

export function configureTransport(partial: Partial<TransportConfig>): void {
  Object.assign(config, partial);
}

function isJson(contentType: string | null): boolean {
  return !!contentType && /[/+]json\b/i.test(contentType);
}

/** Spec 1 §8: the error for a non-OK answer. Pure, so the catalogue is unit-testable. */
export function errorFromResponse(
  status: number,
  statusText: string,
  bodyText: string,
  contentType: string | null,
  retryAfter: number | null = null,
): ApiError {
  let body: unknown = null;
  let message: string;
  if (bodyText === '') {
    message = `${status} ${statusText}`;
  } else if (isJson(contentType)) {
    try {
      body = JSON.parse(bodyText);
      const m = (body as { message?: unknown } | null)?.message;
      message = typeof m === 'string' ? m : typeof body === 'string' ? body : bodyText;
    } catch {
      message = API_ERRORS.parseFailure;
      body = bodyText;
    }
  } else {
    body = bodyText;
    message = bodyText;
  }
  if (status === 403) message = API_ERRORS.forbidden;
  return new ApiError(message, status, body, { retryAfter });
}

/** Spec 1 §8: a request that got no answer at all. */
export function networkError(cause?: unknown): ApiError {
  noteUnanswered();
  const err = new ApiError(API_ERRORS.serverDown, NETWORK_FAILURE_STATUS, null, { network: true });
  if (cause !== undefined) (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

/** Spec 1 §8: a 404 on a media path is "no media", not an error. */
export function isMediaPath(path: string): boolean {
  return /^\/api\/media(\/|\?|$)/i.test(path);
}

/** Body of a 2xx answer: nothing for 204/empty, parsed JSON, or the text. */
export function parseSuccessBody(status: number, bodyText: string, contentType: string | null): unknown {
  if (status === 204 || bodyText === '') return undefined;
  if (!isJson(contentType)) return bodyText;
  try {
    return JSON.parse(bodyText);
  } catch {
    throw new ApiError(API_ERRORS.parseFailure, status, bodyText);
  }
}

export function parseRetryAfter(value: string | null): number | null {
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - Date.now()) / 1000));
}

function isAbort(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';
}

/** Bodies the browser must encode itself (multipart upload, raw files). */
function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams)
  );
}

/** fetch's answer, from an XMLHttpRequest that reports how much of the body went up. */
function xhrFetch(
  url: string, method: string, headers: Record<string, string>, body: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
    xhr.onload = () => {
      const h = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) h.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers: h }));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** Spec 1 §7: every call carries the token, the profile and the customer context. */
async function apiHeaders(accept: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: accept, 'X-WAAPI-PROFILE': config.profile };
  const token = await getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const identity = getRequestIdentity();
  if (identity) headers['X-WAAPI-CONTEXT'] = identity.customerId;
  return headers;
}

/** A file from the API (an image at full size), with the same headers and errors as apiFetch. */
export async function apiFetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(config.baseUrl + path, { headers: await apiHeaders('*/*'), signal });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw networkError(e);
  }
  noteAnswered();
  if (res.ok) return res.blob();
  const text = await res.text().catch(() => '');
  throw errorFromResponse(res.status, res.statusText, text, res.headers.get('content-type'), parseRetryAfter(res.headers.get('retry-after')));
}

export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers = await apiHeaders('application/json');
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;

  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    if (isRawBody(init.body)) body = init.body;
    else {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  Object.assign(headers, init.headers);

  let res: Response;
  try {
    res = init.onUploadProgress && body instanceof FormData && typeof XMLHttpRequest !== 'undefined'
      ? await xhrFetch(config.baseUrl + path, init.method ?? 'POST', headers, body, init.onUploadProgress, init.signal)
      : await fetch(config.baseUrl + path, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw networkError(e);
  }
  noteAnswered();

  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if (isAbort(e)) throw e;
    throw networkError(e);
  }
  const contentType = res.headers.get('content-type');
  if (res.ok) return parseSuccessBody(res.status, text, contentType) as T;
  if (res.status === 404 && isMediaPath(path)) return API_ERRORS.noMedia as T;
  throw errorFromResponse(res.status, res.statusText, text, contentType, parseRetryAfter(res.headers.get('retry-after')));
}
