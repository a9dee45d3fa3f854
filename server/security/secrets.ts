/**
 * The server's own HMAC secrets (the owners' answer links: security/ownerLink.ts), kept in the
 * database beside the identity provider's signing keys (table signing_keys, kty 'oct', kid
 * `hmac:{name}`; auth/keys.ts hands the provider only its RSA keys), so every process and every
 * restart signs and checks with the same secret.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signingKeys } from '../db/schema';
import type { DbOrTx } from '../db/tx';

/**
 * The HMAC secret `name` (32 random bytes), made by the first caller and the same for every process
 * after. Made inside a transaction, it exists once that commits.
 */
export async function hmacSecret(db: DbOrTx, name: string): Promise<{ secret: Buffer }> {
  const kid = `hmac:${name}`;
  const read = async () => {
    const [row] = await db.select({ jwk: signingKeys.jwk }).from(signingKeys).where(eq(signingKeys.kid, kid));
    return row ? Buffer.from((row.jwk as { k: string }).k, 'base64url') : null;
  };
  const found = await read();
  if (found) return { secret: found };
  const k = randomBytes(32).toString('base64url');
  // Two first callers at once: the unique kid keeps one; the other reads it.
  const made = await db.insert(signingKeys).values({ kid, jwk: { kty: 'oct', k, use: name } }).onConflictDoNothing().returning({ kid: signingKeys.kid });
  const secret = made.length ? Buffer.from(k, 'base64url') : await read();
  if (!secret) throw new Error(`HMAC secret ${name} could not be made`);
  return { secret };
}
