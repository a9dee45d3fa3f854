/**
 * i18next set-up. Every area owns src/i18n/<lang>/<area>.json; this file picks them all up, so
 * adding a namespace needs no change here. nb is the default and the fallback (spec 1 §9).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../domain/constants';

export const LANGUAGES = ['nb', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'meterwork.language';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

export function buildResources(modules: Record<string, Record<string, unknown>>): Resources {
  const resources: Resources = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match;
    (resources[lng] ??= {})[ns] = content;
  }
  return resources;
}

export const resources = buildResources(files);
export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : (DEFAULT_LANGUAGE as Language);
  } catch {
    return DEFAULT_LANGUAGE as Language;
  }
}

function reflectInDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export const i18nReady = i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Keeps the browser console (and test output) free of i18next's advertisement.
  showSupportNotice: false,
});
reflectInDocument(i18n.language);

/** Switches the interface language and remembers the choice on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Private mode may refuse storage; the switch still applies for this visit.
  }
  await i18n.changeLanguage(lng);
  reflectInDocument(lng);
}

export default i18n;
