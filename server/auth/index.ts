/**
 * Identity: the embedded OpenID Connect provider at /oidc (when configured), and the guard in front
 * of every /api route that turns a verified access token into request.user.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { countAndLoadAccount, loadAccount, toUser } from './account';
import { BUNDLE_ITEM_HEADER, bundleUser } from './bundleUsers';
import { deleteExpiredPayloads } from './adapter';
import type { UserContext } from './context';
import { interactionRoutes, type SignInListener } from './interactions';
import { loadSigningKeys } from './keys';
import { API_SCOPE, createProvider, OIDC_MOUNT } from './provider';
import { ClientConfigSchema, ErrorBody, HealthSchema, UserSchema } from './schemas';
import { AuthError, createAuthenticator, sameId, type Authenticate } from './verify';
import { errorBody } from '../http/errors';
import { isSignedInRoute } from '../http/paths';
import { addressKey, countAddress, REQUEST_WINDOW_MS, tooMany, userKey } from '../security/rateLimit';
import { FORBIDDEN_MESSAGE } from '../../src/domain/serverErrors';

export { AuthError, sameId } from './verify';
export type { Authenticate, Authenticated } from './verify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies an access token and loads its (Activated) user; throws AuthError. The hub uses it too. */
    authenticate: Authenticate;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api route anyone may call without a token (the client configuration, health, the API's document). */
    public?: boolean;
  }
}

export const CONTEXT_HEADER = 'x-waapi-context';
const PAYLOAD_CLEANUP_MS = 60 * 60 * 1000;

/** What MSAL needs (DESIGN.md "Identity"): over plain http the authority is given as https plus real endpoints. */
function clientConfig(config: Config, provider: Provider | null) {
  if (!provider) {
    const authority = config.oidcIssuer.replace(/\/v2\.0\/?$/, '');
    return {
      clientId: config.oidcClientId,
      authority,
      knownAuthorities: [new URL(authority).host],
      authorityMetadata: null,
      scopes: [`${config.apiAudience}/.default`],
      apiAudience: config.apiAudience,
      protocolMode: 'OIDC',
      registrationUrl: null,
    };
  }
  const issuer = new URL(config.oidcIssuer);
  const authority = issuer.protocol === 'http:' ? `https://${issuer.host}${issuer.pathname}` : config.oidcIssuer;
  const metadata = {
    issuer: config.oidcIssuer,
    authorization_endpoint: provider.urlFor('authorization'),
    token_endpoint: provider.urlFor('token'),
    end_session_endpoint: provider.urlFor('end_session'),
    jwks_uri: provider.urlFor('jwks'),
    userinfo_endpoint: provider.urlFor('userinfo'),
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'offline_access', API_SCOPE],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['none'],
  };
  return {
    clientId: config.oidcClientId,
    authority,
    knownAuthorities: [new URL(authority).host],
    authorityMetadata: JSON.stringify(metadata),
    scopes: [API_SCOPE],
    apiAudience: config.apiAudience,
    protocolMode: 'OIDC',
    registrationUrl: `${config.publicUrl}${OIDC_MOUNT}/register`,
  };
}

/** Serves oidc-provider (a Koa app) inside Fastify; it reads request bodies itself. */
async function mountProvider(app: FastifyInstance, provider: Provider) {
  const callback = provider.callback();
  const publicOrigin = new URL(app.context.config.publicUrl);
  await app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', (_req, _payload, done) => done(null));
    const handler = (req: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      for (const [name, value] of Object.entries(app.securityHeaders(req.url))) reply.raw.setHeader(name, value);
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      // oidc-provider derives its mount path from originalUrl minus url.
      raw.originalUrl = raw.url;
      // Its URLs (discovery, endpoints, redirects) derive from PUBLIC_URL alone: a client's Host or
      // X-Forwarded-Host must not rewrite them (provider.proxy is on, so these two are what it reads).
      delete raw.headers['x-forwarded-host'];
      raw.headers.host = publicOrigin.host;
      raw.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
      raw.url = raw.url!.slice(OIDC_MOUNT.length) || '/';
      void callback(raw, reply.raw);
    };
    child.all(`${OIDC_MOUNT}/*`, handler);
  });
}

async function auth(app: FastifyInstance, opts: { onSignIn?: SignInListener }) {
  const { config } = app.context;
  let keys: JWK[] | null = null;
  let provider: Provider | null = null;

  if (config.embeddedIdp) {
    keys = await loadSigningKeys(app.context.db);
    provider = createProvider(config, app.context.db, keys);
    provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'oidc-provider error'));
    await mountProvider(app, provider);
    await app.register(interactionRoutes, { provider, onSignIn: opts.onSignIn });

    const cleanup = setInterval(() => {
      deleteExpiredPayloads(app.context.db).catch((err) => app.log.warn({ err }, 'oidc payload cleanup failed'));
    }, PAYLOAD_CLEANUP_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  }

  const authenticator = createAuthenticator(config, app.context.db, keys);
  app.decorate('authenticate', authenticator.authenticate);
  app.decorateRequest('user', null as unknown as UserContext);

  // The guard keys on the route the router matched, never on the URL's spelling: /%61pi/..., /API/...
  // and every other form that reaches an /api route is checked. A route is signed-in unless it says
  // `config: { public: true }`. The rate-limit plugin leaves these requests to this hook, which counts
  // each against its client address whatever the outcome, and a limit past its address's count is
  // answered 429 before anything else: without a valid token the address alone is counted; with one,
  // the address, the user and the user's account are one statement.
  const { perIpPerMinute: addressLimit, perUserPerMinute: userLimit } = config.rateLimit;
  app.addHook('onRequest', async (req, reply) => {
    if (!isSignedInRoute(req)) return;
    // A command of a bundle that was checked and counted as a whole (auth/bundleUsers.ts).
    const bundledAs = bundleUser(req.headers[BUNDLE_ITEM_HEADER]);
    if (bundledAs) {
      req.user = bundledAs;
      return;
    }

    const header = req.headers.authorization;
    const token = header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!token) {
      if (await countAddress(app, req, reply)) return reply;
      reply.header('www-authenticate', 'Bearer');
      return reply.code(401).send(errorBody(401, 'Missing bearer token'));
    }
    let verified;
    try {
      verified = await authenticator.verify(token);
    } catch (err) {
      if (await countAddress(app, req, reply)) return reply;
      if (!(err instanceof AuthError)) throw err;
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
    }
    const counted = await countAndLoadAccount(app.context.db, verified.userId, addressKey(req.ip), userKey(verified.userId), REQUEST_WINDOW_MS);
    if (counted.address.count > addressLimit) return tooMany(reply, addressLimit, counted.address);
    let result;
    try {
      result = authenticator.admit(verified, counted.account);
    } catch (err) {
      if (!(err instanceof AuthError)) throw err;
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
    }
    const context = req.headers[CONTEXT_HEADER];
    const contextValue = Array.isArray(context) ? context[0] : context;
    if (!contextValue) return reply.code(400).send(errorBody(400, 'X-WAAPI-CONTEXT header is required'));
    if (!sameId(contextValue, result.tokenCustomerId) || !sameId(result.tokenCustomerId, result.user.customerId)) {
      return reply.code(403).send(errorBody(403, FORBIDDEN_MESSAGE));
    }
    if (counted.user.count > userLimit) return tooMany(reply, userLimit, counted.user);
    req.user = result.user;
  });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const publicConfig = clientConfig(config, provider);
  typed.get('/api/config', { config: { public: true }, schema: { response: { 200: ClientConfigSchema } } }, async () => publicConfig);

  typed.get('/api/health', { config: { public: true }, schema: { response: { 200: HealthSchema } } }, async () => {
    await app.context.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  typed.get('/api/me', { schema: { response: { 200: UserSchema, 401: ErrorBody } } }, async (req, reply) => {
    const account = await loadAccount(app.context.db, req.user.userId);
    if (!account) return reply.code(401).send(errorBody(401, 'Unknown user'));
    return toUser(account);
  });
}

export const authPlugin = fp(auth, { name: 'meterwork-auth', dependencies: ['meterwork-hub', 'meterwork-security-headers'] });
