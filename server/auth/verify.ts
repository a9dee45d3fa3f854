/**
 * Access-token verification for the API and the hub: a JWT from the configured issuer for this API's
 * audience, whose subject is an Activated user. With the embedded provider the keys are the local
 * JWKS; otherwise (Entra ID / B2C) they come from the issuer's discovery document.
 */
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { UserStatus } from '../../src/domain/enums';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { loadAccount, userContext, type Account } from './account';
import type { UserContext } from './context';
import { publicJwks } from './keys';

export class AuthError extends Error {
  constructor(readonly statusCode: 401 | 403, message: string) {
    super(message);
  }
}

export interface Authenticated {
  user: UserContext;
  account: Account;
  /** The token's customer id claim, which X-WAAPI-CONTEXT must name. */
  tokenCustomerId: string;
  /** Token expiry, epoch seconds. */
  expiresAt: number;
}

export type Authenticate = (token: string) => Promise<Authenticated>;

type KeySet = ReturnType<typeof createLocalJWKSet>;

function remoteKeys(issuer: string): KeySet {
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
  const load = async () => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`Discovery of ${issuer} failed: ${res.status}`);
    const { jwks_uri: jwksUri } = (await res.json()) as { jwks_uri: string };
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return (async (header, token) => {
    keys ??= load().catch((err) => {
      keys = null;
      throw err;
    });
    return (await keys)(header, token);
  }) as KeySet;
}

/**
 * Tokens whose signature and claims were verified lately, with their claims, until they expire but
 * at most VERIFIED_TTL_MS (a key taken out of the issuer's set stops counting within that): a device
 * sends the same token with every request of a sync. The user behind it is still read every time.
 */
const VERIFIED_MAX = 1000;
const VERIFIED_TTL_MS = 60_000;

/** A verified token: its claims and the user id they name. */
export interface VerifiedToken {
  claims: JWTPayload;
  userId: string;
}

export interface Authenticator {
  /** Verifies a token's signature and claims (throws AuthError); reads nothing from the database. */
  verify(token: string): Promise<VerifiedToken>;
  /** The request's identity from a verified token and the account it names (throws AuthError). */
  admit(token: VerifiedToken, account: Account | null): Authenticated;
  /** Both, reading the account itself. */
  authenticate: Authenticate;
}

export function createAuthenticator(config: Config, db: Db, localKeys: JWK[] | null): Authenticator {
  const keySet: KeySet = localKeys ? createLocalJWKSet(publicJwks(localKeys)) : remoteKeys(config.oidcIssuer);
  const verified = new Map<string, { claims: JWTPayload; until: number }>();

  const verifyClaims = async (token: string): Promise<JWTPayload> => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && known.until > now) return known.claims;
    verified.delete(token);
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keySet, {
        issuer: config.oidcIssuer,
        audience: config.apiAudience,
        algorithms: ['RS256', 'PS256', 'ES256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new AuthError(401, err instanceof joseErrors.JWTExpired ? 'Token expired' : 'Invalid token');
      throw err;
    }
    // The oldest entry goes first (a Map keeps insertion order).
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, until: Math.min(claims.exp! * 1000, now + VERIFIED_TTL_MS) });
    return claims;
  };

  const verify = async (token: string): Promise<VerifiedToken> => {
    const claims = await verifyClaims(token);
    // Entra ID's sub is per application; its oid is the user's stable id, as users.id is ours.
    return { claims, userId: typeof claims.oid === 'string' ? claims.oid : claims.sub! };
  };

  const admit = ({ claims }: VerifiedToken, account: Account | null): Authenticated => {
    if (!account) throw new AuthError(401, 'Unknown user');
    if (account.user.status !== UserStatus.Activated) throw new AuthError(401, 'User is not active');
    const tokenCustomerId = typeof claims.customer_id === 'string' ? claims.customer_id : account.customer.id;
    return { user: userContext(account), account, tokenCustomerId, expiresAt: claims.exp! };
  };

  return {
    verify,
    admit,
    authenticate: async (token) => {
      const verifiedToken = await verify(token);
      return admit(verifiedToken, await loadAccount(db, verifiedToken.userId));
    },
  };
}

/** Ids compare without braces and case (the spec's rule for customer ids). */
export function sameId(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(/[{}]/g, '').trim().toLowerCase();
  return norm(a) === norm(b);
}
