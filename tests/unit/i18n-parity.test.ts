/**
 * Every text exists in nb and en (issue 7 §4): the same namespaces, the same keys, no empty text, the
 * same {{placeholders}}; and a nb text equal to its en text must be on this short, reviewed list
 * (names and words Norwegian shares with English), so an untranslated text cannot slip in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('src/i18n');
const SAME_IN_BOTH = new Set([
  'auth:Landing.Title', // the product's name
  'auth:Landing.SupportHeading', // "Support" is Norwegian too
  'common:AppName',
  'common:LanguageName.nb', // a language is named in its own language
  'common:LanguageName.en',
  'common:Ok',
  'jobs:NotApplicable', // "N/A", the spec's label for Avvik
  'jobs:Status',
  'plumbers:StatusFilter',
  'planning:Filter.statusId', // "Status" and "Type" are Norwegian words too
  'planning:Table.Type',
  'planning:Table.Status',
  'planning:Contact.Status',
  'planning:Calendar.Map.ChipLine', // "{{type}} · {{minutes}} min": placeholders and the unit only
]);

type Texts = Record<string, string>;
function flatten(obj: object, prefix = ''): Texts {
  return Object.fromEntries(Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? Object.entries(flatten(v as object, `${prefix}${k}.`)) : [[`${prefix}${k}`, v as string]]));
}
const load = (lang: string) => Object.fromEntries(fs.readdirSync(path.join(ROOT, lang)).filter((f) => f.endsWith('.json')).map((f) =>
  [f.replace(/\.json$/, ''), flatten(JSON.parse(fs.readFileSync(path.join(ROOT, lang, f), 'utf8')))]));
const nb = load('nb');
const en = load('en');
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('nb and en', () => {
  it('have the same namespaces', () => {
    expect(Object.keys(nb).sort()).toEqual(Object.keys(en).sort());
  });

  for (const ns of Object.keys(nb)) {
    it(`${ns}: the same keys, no empty text, the same placeholders`, () => {
      expect(Object.keys(nb[ns]).sort()).toEqual(Object.keys(en[ns] ?? {}).sort());
      for (const [key, text] of Object.entries(nb[ns])) {
        expect.soft(typeof text === 'string' && text.trim() !== '', `nb ${ns}:${key}`).toBe(true);
        expect.soft(typeof en[ns][key] === 'string' && en[ns][key].trim() !== '', `en ${ns}:${key}`).toBe(true);
        expect.soft(placeholders(text), `${ns}:${key}`).toEqual(placeholders(en[ns][key] ?? ''));
      }
    });

    it(`${ns}: a nb text equal to its en text is on the reviewed list`, () => {
      const same = Object.keys(nb[ns]).filter((key) => nb[ns][key] === en[ns][key]).map((key) => `${ns}:${key}`);
      expect(same.filter((k) => !SAME_IN_BOTH.has(k))).toEqual([]);
    });
  }

  it('the reviewed list names only texts that exist and are still the same', () => {
    for (const entry of SAME_IN_BOTH) {
      const [ns, key] = entry.split(':');
      expect.soft(nb[ns]?.[key], entry).toBe(en[ns]?.[key]);
    }
  });
});
