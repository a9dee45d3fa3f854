/**
 * POST /api/bundle (ours): several queued JSON commands of the device in one request
 * (src/domain/schemas/bundle.ts). Each command goes through the server as if it had come on its own:
 * Fastify's own request lifecycle (inject) as the bundle's signed-in user, from the caller's address,
 * in its language, with its route's schema, permission checks and its own Idempotency-Key, and
 * counted against the rate limits as a request of its own (all of a bundle's in one statement,
 * auth/bundleUsers.ts); so a bundle can do nothing its commands could not do one by one, and sending
 * a command again (alone or in another bundle) is answered from its key as before. They run one after the other in the given order, and
 * each one's answer (a refusal included) comes back in its place; the bundle itself is answered 200.
 * After an answer that says "not now" (401, 408, 429, 5xx) the rest are not run: they are answered 503
 * and the device sends them again later.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { asBundleUser, BUNDLE_ITEM_HEADER } from '../auth/bundleUsers';
import { reasonPhrase, RuleError } from '../http/errors';
import { addressKey, consumeMany, REQUEST_WINDOW_MS, userKey } from '../security/rateLimit';
import { IDEMPOTENCY_HEADER } from './mutation';
import { BundleAnswer, BundleBody, errors, type BundleAnswerBody } from './schemas';

/** The caller's headers each command carries as its own. */
const CARRIED = ['authorization', 'x-waapi-context', 'x-waapi-profile', 'accept-language', 'user-agent'] as const;

/** Why a command's path is no path of the plumber API to run here (null: it is one). */
export function bundlePathProblem(path: string): string | null {
  const [pathname] = path.split('?');
  if (pathname.includes('..') || pathname.includes('//')) return 'must not hold ".." or "//"';
  if (/%(2e|2f|5c)/i.test(pathname)) return 'must not hold an encoded ".", "/" or "\\"';
  if (/^\/api\/bundle(\/|$)/i.test(pathname)) return 'must not be this call again';
  return null;
}

const stopsTheRest = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

export async function bundleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/bundle', {
    schema: { tags: ['Sync'], body: BundleBody, response: { 200: BundleAnswer, ...errors } },
  }, async (req) => {
    // Every command's path first: a bundle with one that is no path of ours runs none.
    req.body.requests.forEach((item, i) => {
      const problem = bundlePathProblem(item.path);
      if (problem) throw new RuleError(`body/requests/${i}/path`, problem);
    });
    const headers: Record<string, string> = {};
    for (const name of CARRIED) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Each command counts as a request of its own, all of them in one statement: command i is the
    // bundle's (i + 1)th request after the bundle itself. Those within both limits run as the bundle's
    // user (auth/bundleUsers.ts); the first past one goes through the sign-in check alone, which
    // answers it 429 as it would have been alone (and that stops the rest).
    const n = req.body.requests.length;
    const { perIpPerMinute, perUserPerMinute } = app.context.config.rateLimit;
    const counted = await consumeMany(app.context.db, addressKey(req.ip), userKey(req.user.userId), REQUEST_WINDOW_MS, n);
    const withinLimits = (i: number) => counted.address.count - n + 1 + i <= perIpPerMinute && counted.user.count - n + 1 + i <= perUserPerMinute;
    const answers: BundleAnswerBody['answers'] = [];
    await asBundleUser(req.user, async (token) => {
      let stopped = false;
      for (const [i, item] of req.body.requests.entries()) {
        if (stopped) {
          answers.push({
            status: 503, contentType: 'application/json; charset=utf-8', retryAfter: null,
            text: JSON.stringify({ statusCode: 503, error: reasonPhrase(503), message: 'Not run: a command before it in the bundle was refused for now' }),
          });
          continue;
        }
        const hasBody = item.body !== undefined;
        const res = await app.inject({
          method: item.method,
          url: item.path,
          remoteAddress: req.ip,
          headers: {
            ...headers,
            [IDEMPOTENCY_HEADER]: item.idempotencyKey,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
            ...(withinLimits(i) ? { [BUNDLE_ITEM_HEADER]: token } : {}),
          },
          payload: hasBody ? JSON.stringify(item.body) : undefined,
        });
        const retryAfter = res.headers['retry-after'];
        const contentType = res.headers['content-type'];
        answers.push({
          status: res.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          text: res.body,
          retryAfter: retryAfter === undefined ? null : String(retryAfter),
        });
        stopped = stopsTheRest(res.statusCode);
      }
    });
    return { answers };
  });
}
