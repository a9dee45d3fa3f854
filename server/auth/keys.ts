/**
 * The embedded provider's signing keys, kept in `signing_keys` so every process (and every restart)
 * signs and verifies with the same keys. An RS256 key is generated on first start. The same table
 * keeps the server's own HMAC secrets (kty 'oct': security/secrets.ts), which the provider never sees.
 */
import { asc, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/index';
import { signingKeys } from '../db/schema';

/** Private JWKs, oldest first: oidc-provider signs with the first one matching the algorithm. */
export async function loadSigningKeys(db: Db): Promise<JWK[]> {
  return db.transaction(async (tx) => {
    // Two processes starting on an empty table must not both create a key.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meterwork.signing_keys'))`);
    const rsa = sql`${signingKeys.jwk}->>'kty' = 'RSA'`;
    let rows = await tx.select().from(signingKeys).where(rsa).orderBy(asc(signingKeys.createdAt));
    if (rows.length === 0) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
      const jwk = await exportJWK(privateKey);
      const kid = await calculateJwkThumbprint(jwk);
      await tx.insert(signingKeys).values({ kid, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } });
      rows = await tx.select().from(signingKeys).where(rsa).orderBy(asc(signingKeys.createdAt));
    }
    return rows.map((r) => r.jwk as JWK);
  });
}

/** The public half of each key, for verifying tokens locally. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}
