/**
 * oidc-provider storage on PostgreSQL (table `oidc_payloads`): sessions, grants, interactions,
 * codes and refresh tokens survive restarts and are shared by every process.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index';
import { oidcPayloads } from '../db/schema';
import { isStorableText } from '../security/text';

/** Models looked up by grant id when a grant is revoked. */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export function postgresAdapter(db: Db) {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.type,
        payload,
        grantId: GRANTABLE.has(this.type) ? payload.grantId ?? null : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db.insert(oidcPayloads).values(row).onConflictDoUpdate({
        target: [oidcPayloads.type, oidcPayloads.id],
        set: { payload: row.payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt, consumedAt: null },
      });
    }

    private async findWhere(where: ReturnType<typeof eq>, key: string): Promise<AdapterPayload | undefined> {
      // Ids come from requests (tokens, codes, cookies): one PostgreSQL cannot store is no one's.
      if (!isStorableText(key)) return undefined;
      const [row] = await db.select().from(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), where)).limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id), id);
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode), userCode);
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid), uid);
    }

    async consume(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.update(oidcPayloads).set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.type), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (!isStorableText(grantId)) return;
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Expired payloads are never read again (find ignores them); this removes them. */
export async function deleteExpiredPayloads(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
}
