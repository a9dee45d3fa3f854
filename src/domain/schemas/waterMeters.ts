/** Water meters on the customer's properties (spec 1 §7 WaterMeters). */
import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** One shape for the list and the single meter; field names follow the old-meter (dismantle) object the client fills from it. */
export const WaterMeterSchema = Type.Object({
  waterMeterId: Type.Integer(),
  serialNo: Type.String(),
  waterType: Type.Integer(),
  /** First address on the meter's unit (or on its base property for a section). */
  address: Nullable(Type.String()),
  dimension: Nullable(Type.String()),
  placementId: Nullable(Type.Integer()),
  /** Placement name from watermeterplacements. */
  placement: Nullable(Type.String()),
  meterModelId: Nullable(Type.Integer()),
  readerTypeId: Nullable(Type.Integer()),
  waterMeterPointId: Nullable(Type.Integer()),
  lastMeterReading: Nullable(Type.Number()),
  lastReadDate: Nullable(Type.String()),
  installedDate: Nullable(Type.String()),
  matrikkelenhetId: Type.Integer(),
  matrikkelNummer: Type.String(),
});
export type WaterMeter = Static<typeof WaterMeterSchema>;
