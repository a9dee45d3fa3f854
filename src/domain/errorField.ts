/**
 * The one way a 400 names the refused field: the request part, then the path inside it
 * with '/' between steps, as Ajv's instancePath gives it — `body/jobTasks/0/newWaterMeterObj/serialNo`,
 * `querystring/fromDate`, `params/id`. The server sends it as `field` in the error body and at the
 * start of the message; the device reads `field` to put the refusal next to its input.
 */
const PARTS = new Set(['body', 'querystring', 'params', 'headers']);

/** `a[0].b`, `a.b`, `a/0/b` or `body/a/0/b` → `body/a/0/b`; a path without its part is in the body. */
export function fieldPath(field: string): string {
  const steps = field.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/').split('/').filter(Boolean);
  if (!steps.length) return 'body';
  return PARTS.has(steps[0]) ? steps.join('/') : ['body', ...steps].join('/');
}

/** Whether a path is in the one style (what the server's tests hold every 400 to). */
export const FIELD_PATH = /^(body|querystring|params|headers)(\/[^/\s.[\]]+)*$/;

/** The field a refusal's error body names, or undefined when it names none. */
export function refusedField(body: unknown): string | undefined {
  const field = typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined;
  return typeof field === 'string' ? field : undefined;
}
