/**
 * The embedded OpenID Connect provider (oidc-provider), served at /oidc. Settings follow DESIGN.md
 * "Identity": what MSAL needs to sign in, renew silently and log out against it.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import { UserStatus } from '../../src/domain/enums';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { ACCOUNT_CLAIMS } from '../../src/domain/auth/claims';
import { accountClaims, loadAccount } from './account';
import { postgresAdapter } from './adapter';
import { logoutPage, messagePage } from './pages';
import { pickLang, TEXTS } from './texts';

/** Where the provider is mounted in our server. */
export const OIDC_MOUNT = '/oidc';
/** The API's scope at the resource server (MSAL asks for it; access tokens carry it). */
export const API_SCOPE = 'api';
const ACCESS_TOKEN_TTL = 60 * 60;
const LONG_TTL = 14 * 24 * 60 * 60;
/**
 * A refresh token lives a day (each use gives a new one, so a plumber who works daily never notices);
 * after that MSAL renews through the provider's session in a hidden frame, which lives LONG_TTL. The
 * token answer says so (refresh_token_expires_in): MSAL only tries the frame for a refresh token it
 * knows has expired, and sends the user to the login page for one the provider refuses.
 */
const REFRESH_TOKEN_TTL = 24 * 60 * 60;

export function redirectUris(config: Config): string[] {
  return [`${config.publicUrl}/`, `${config.publicUrl}/redirect.html`];
}

function langOf(ctx: KoaContextWithOIDC): 'nb' | 'en' {
  return pickLang(ctx.query.lang as string | undefined, ctx.oidc?.params?.ui_locales as string | undefined, ctx.get('accept-language'));
}

export function createProvider(config: Config, db: Db, keys: JWK[]): Provider {
  /** Claims of an Activated user; anyone else has no account as far as token issuing goes. */
  const activeClaims = async (sub: string) => {
    const account = await loadAccount(db, sub);
    return account && account.user.status === UserStatus.Activated ? accountClaims(account) : null;
  };

  const configuration: Configuration = {
    adapter: postgresAdapter(db),
    jwks: { keys: keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: config.cookieKeys },
    clients: [{
      client_id: config.oidcClientId,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: redirectUris(config),
      post_logout_redirect_uris: [`${config.publicUrl}/`],
    }],
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    // The spec's claims ride on the openid scope so every sign-in gets them.
    claims: { openid: ['sub', ...ACCOUNT_CLAIMS] },
    scopes: ['openid', 'offline_access', 'profile'],
    // Custom claims reach the ID token too (MSAL reads the user from it).
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const claims = await activeClaims(sub);
      return claims ? { accountId: sub, claims: () => claims as { sub: string } } : undefined;
    },
    // MSAL does not ask for offline_access (OIDCOptions.defaultScopes), yet silent renewal needs a refresh token.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every code, and the refresh tokens that come of it, is bound to the provider's session: logout
    // (which destroys the session and revokes the grant) ends API access, as does the session's end.
    expiresWithSession: async () => true,
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const { sub: _sub, ...claims } = (await activeClaims(token.accountId)) ?? {};
      return claims;
    },
    pkce: { required: () => true },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 60 * 60,
      RefreshToken: REFRESH_TOKEN_TTL,
      Session: LONG_TTL,
      Grant: LONG_TTL,
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      // MSAL sends no resource parameter: the API is the default, and refreshes keep it.
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => config.apiAudience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== config.apiAudience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.apiAudience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(langOf(ctx), form);
        },
        postLogoutSuccessSource: async (ctx) => {
          const lang = langOf(ctx);
          ctx.type = 'html';
          ctx.body = messagePage(lang, TEXTS[lang].signedOutTitle, TEXTS[lang].signedOutTitle);
        },
      },
    },
    renderError: async (ctx, out) => {
      const lang = langOf(ctx);
      const t = TEXTS[lang];
      const expired = out.error === 'invalid_request' && /interaction|session/i.test(String(out.error_description ?? ''));
      ctx.type = 'html';
      ctx.body = messagePage(lang, t.errorTitle, expired ? t.sessionExpired : t.errorText, 'error');
    },
  };

  const provider = new Provider(config.oidcIssuer, configuration);
  // The mount (server/auth/index.ts) sets Host and X-Forwarded-Proto from PUBLIC_URL on every request,
  // so the provider's URLs are PUBLIC_URL's whatever a client sends.
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.oidc?.route === 'token' && body && typeof body === 'object' && typeof body.refresh_token === 'string') {
      body.refresh_token_expires_in = REFRESH_TOKEN_TTL;
    }
  });
  return provider;
}
