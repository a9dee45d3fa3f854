/**
 * What a task holds, as label/value rows for the read-only task view: the meter objects and the
 * deviation details are free-form JSON from the task forms, so they are listed field by field.
 */
export type FieldValue =
  | { kind: 'text'; value: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'date'; value: string }
  | { kind: 'list'; value: string[] };

export interface FieldRow {
  key: string;
  value: FieldValue;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function itemText(item: unknown): string {
  if (item == null) return '';
  if (typeof item !== 'object') return String(item);
  const o = item as Record<string, unknown>;
  for (const k of ['text', 'value', 'name', 'fileName', 'serialNo', 'url']) {
    if (typeof o[k] === 'string' && o[k] !== '') return o[k] as string;
  }
  return JSON.stringify(item);
}

function toFieldValue(value: unknown): FieldValue | null {
  if (value == null || value === '') return null;
  if (typeof value === 'boolean') return { kind: 'bool', value };
  if (typeof value === 'string') return ISO_DATE.test(value) ? { kind: 'date', value } : { kind: 'text', value };
  if (typeof value === 'number') return { kind: 'text', value: String(value) };
  if (Array.isArray(value)) {
    const items = value.map(itemText).filter((s) => s !== '');
    return items.length ? { kind: 'list', value: items } : null;
  }
  return { kind: 'text', value: JSON.stringify(value) };
}

/** The filled fields of an object, in its own order; empty values are left out. */
export function fieldRows(obj: Record<string, unknown> | null | undefined): FieldRow[] {
  if (!obj) return [];
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(obj)) {
    const value = toFieldValue(raw);
    if (value) rows.push({ key, value });
  }
  return rows;
}
