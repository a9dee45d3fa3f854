/**
 * What a task holds, as label/value rows for the read-only task view: the meter objects and the
 * "not carried out" details of the task forms, field by field, with ids named from the reference
 * lists the device keeps (model, direction, placement, lengths, backflow types) and coded answers as
 * words. Photos are not rows: the view shows them as pictures. Register ids that mean nothing to a
 * plumber (meter, metering point, reader type) are left out.
 */
export type FieldValue =
  | { kind: 'text'; value: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'date'; value: string }
  | { kind: 'list'; value: string[] }
  /** An i18n key (namespace jobs) to show instead of a code. */
  | { kind: 'label'; value: string };

export interface FieldRow {
  key: string;
  value: FieldValue;
}

interface Named { id: number; name?: string | null }

/** The reference lists that name a form object's ids (src/data lookups). */
export interface FieldLookups {
  models?: readonly (Named & { directions?: readonly Named[] | null })[];
  placements?: readonly Named[];
  lengths?: readonly { id: number; value?: number | string | null }[];
  backflowTypes?: readonly { id: number; type?: string | null; description?: string | null }[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Not shown: the photos (shown as pictures) and what only the office's systems use. */
const HIDDEN = new Set(['waterMeterImages', 'deviationImages', 'obstacle', 'waterMeterId', 'waterMeterPointId', 'readerTypeId', 'iotKey']);
/** Yes (1), No (2), Unknown (3) answers (spec 1 §3). */
const YES_NO_UNKNOWN: Record<number, string> = { 1: 'Yes', 2: 'No', 3: 'TaskForm.Unknown' };
const YES_NO_UNKNOWN_FIELDS = new Set(['hasBackflowProtection', 'hasUpstreamWaterMeter', 'hasDownstreamWaterMeter']);

function itemText(item: unknown): string {
  if (item == null) return '';
  if (typeof item !== 'object') return String(item);
  const o = item as Record<string, unknown>;
  for (const k of ['value', 'name', 'text', 'serialNo']) {
    if (typeof o[k] === 'string' && o[k] !== '') return o[k] as string;
  }
  return typeof o.id === 'number' ? String(o.id) : '';
}

const text = (value: string): FieldValue => ({ kind: 'text', value });

/** An id named from its list; the id itself when the device does not know it. */
function named(list: readonly Named[] | undefined, id: number): FieldValue {
  const hit = list?.find((x) => x.id === id);
  return text(hit?.name ? hit.name : String(id));
}

function coded(key: string, raw: unknown, obj: Record<string, unknown>, lookups: FieldLookups): FieldValue | null | undefined {
  if (typeof raw !== 'number') return undefined;
  switch (key) {
    case 'meterModelId': return named(lookups.models, raw);
    case 'directionId': {
      const model = lookups.models?.find((m) => m.id === obj.meterModelId);
      return named(model?.directions ?? undefined, raw);
    }
    case 'placementId': return named(lookups.placements, raw);
    case 'maxConstructionLength': {
      const hit = lookups.lengths?.find((l) => l.id === raw);
      return text(hit?.value != null ? `${hit.value} mm` : String(raw));
    }
    case 'backflowProtectionType': {
      const hit = lookups.backflowTypes?.find((b) => b.id === raw);
      return text(hit ? [hit.type, hit.description].filter(Boolean).join(' – ') : String(raw));
    }
    case 'waterType': return { kind: 'label', value: `TaskForm.WaterType.${raw}` };
    default:
      if (YES_NO_UNKNOWN_FIELDS.has(key) && YES_NO_UNKNOWN[raw]) return { kind: 'label', value: YES_NO_UNKNOWN[raw] };
      return undefined;
  }
}

function toFieldValue(value: unknown): FieldValue | null {
  if (value == null || value === '') return null;
  if (typeof value === 'boolean') return { kind: 'bool', value };
  if (typeof value === 'string') return ISO_DATE.test(value) ? { kind: 'date', value } : text(value);
  if (typeof value === 'number') return text(String(value));
  if (Array.isArray(value)) {
    const items = value.map(itemText).filter((s) => s !== '');
    return items.length ? { kind: 'list', value: items } : null;
  }
  return null;
}

/** The filled fields of an object, in its own order; empty values and hidden fields are left out. */
export function fieldRows(obj: Record<string, unknown> | null | undefined, lookups: FieldLookups = {}): FieldRow[] {
  if (!obj) return [];
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(obj)) {
    if (HIDDEN.has(key)) continue;
    const c = coded(key, raw, obj, lookups);
    const value = c === undefined ? toFieldValue(raw) : c;
    if (value) rows.push({ key, value });
  }
  return rows;
}
