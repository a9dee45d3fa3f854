/**
 * Water meters on the user's customer's properties (spec 1 §7). One shape for the list and the
 * single meter; its field names follow the old-meter (dismantle) object the client fills from it.
 */
import type { WaterMeter } from '../../src/domain/schemas';
import type { UserContext } from '../auth/context';
import { badRequest, notFound } from '../http/errors';
import { lookupList } from './lookups';
import { toMatrikkelNummer } from './property';
import type { DbOrTx } from '../db/tx';
import { findMeters, firstAddressOf, type MeterRow, type PropertyRow } from '../repositories/property';

async function toWaterMeters(db: DbOrTx, rows: { meter: MeterRow; property: PropertyRow }[]): Promise<WaterMeter[]> {
  if (rows.length === 0) return [];
  const placements = new Map((await lookupList(db, 'watermeterplacements')).map((p) => [p.id, String(p.name)]));
  const unitIds = [...new Set(rows.flatMap(({ property: p }) => (p.parentId != null ? [p.id, p.parentId] : [p.id])))];
  const addressOf = await firstAddressOf(db, unitIds);
  return rows.map(({ meter: m, property: p }) => ({
    waterMeterId: m.id, serialNo: m.serialNo, waterType: m.waterType,
    address: addressOf.get(p.id)?.text ?? (p.parentId != null ? addressOf.get(p.parentId)?.text ?? null : null),
    dimension: m.dimension, placementId: m.placementId, placement: m.placementId != null ? placements.get(m.placementId) ?? null : null,
    meterModelId: m.meterModelId, readerTypeId: m.readerTypeId, waterMeterPointId: m.waterMeterPointId,
    lastMeterReading: m.lastMeterReading, lastReadDate: m.lastReadDate?.toISOString() ?? null,
    installedDate: m.installedDate?.toISOString() ?? null, matrikkelenhetId: p.id, matrikkelNummer: p.matrikkelNummer,
  }));
}

/** GET /api/WaterMeters?matrikkelNummer= : the meters on that unit (empty when it has none). */
export async function metersOnProperty(db: DbOrTx, user: UserContext, matrikkelNummer: string): Promise<WaterMeter[]> {
  const nr = toMatrikkelNummer(matrikkelNummer);
  if (!nr) throw badRequest('querystring/matrikkelNummer', 'must be a 22-digit matrikkel number or kommune-gnr/bnr/fnr/snr');
  return toWaterMeters(db, await findMeters(db, user.customerId, { nr }));
}

/** GET /api/WaterMeters/{id}. */
export async function waterMeter(db: DbOrTx, user: UserContext, id: number): Promise<WaterMeter> {
  const rows = await findMeters(db, user.customerId, { meterId: id });
  if (rows.length === 0) throw notFound('Water meter');
  return (await toWaterMeters(db, rows))[0];
}
