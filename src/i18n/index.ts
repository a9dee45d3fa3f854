/**
 * i18next set-up. Every area owns src/i18n/<lang>/<area>.json; this file picks them all up, so
 * adding a namespace needs no change here. nb is the default and the fallback (spec 1 §9), so its
 * files are part of the app shell; every other language loads when it is chosen (DESIGN.md budgets).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../domain/constants';

export const LANGUAGES = ['nb', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'meterwork.language';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Namespaces that only lazy screens use (jobs, plumbers, profile, and the office screens' settings,
 * reports and analytics; syncDetails, what the sync panel and a failed job or photo say about a
 * refused change; schedule, My schedule's and its history's texts; ownerAnswer, the property owner's
 * answer page) are not in the shell even in nb: i18next loads them through `onDemandBackend` when a
 * screen first asks for them (useTranslation suspends until then, inside the lazy screen's Suspense).
 */
export const ON_DEMAND_NAMESPACES = ['settings', 'hours', 'companySettings', 'reports', 'plumbers', 'profile', 'jobs', 'planning', 'map', 'auth', 'syncDetails', 'schedule', 'ownerAnswer'] as const;

// Glob patterns must be literals: 'nb' here is DEFAULT_LANGUAGE, the exclusions ON_DEMAND_NAMESPACES.
const bundled = import.meta.glob<Record<string, unknown>>(
  ['./nb/*.json', '!./nb/settings.json', '!./nb/hours.json', '!./nb/companySettings.json', '!./nb/reports.json', '!./nb/plumbers.json', '!./nb/profile.json', '!./nb/jobs.json', '!./nb/planning.json', '!./nb/map.json', '!./nb/auth.json', '!./nb/syncDetails.json', '!./nb/schedule.json', '!./nb/ownerAnswer.json'],
  { eager: true, import: 'default' },
);
const onDemand = import.meta.glob<Record<string, unknown>>(['./*/*.json', '!./nb/*.json'], { import: 'default' });
const onDemandNb = import.meta.glob<Record<string, unknown>>(
  ['./nb/settings.json', './nb/hours.json', './nb/companySettings.json', './nb/reports.json', './nb/plumbers.json', './nb/profile.json', './nb/jobs.json', './nb/planning.json', './nb/map.json', './nb/auth.json', './nb/syncDetails.json', './nb/schedule.json', './nb/ownerAnswer.json'],
  { import: 'default' },
);
const isOnDemand = (ns: string) => (ON_DEMAND_NAMESPACES as readonly string[]).includes(ns);

/** i18next backend for the on-demand namespaces, in any language. */
const onDemandBackend = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, callback: (err: unknown, data: Record<string, unknown> | boolean) => void) {
    const load = onDemand[`./${lng}/${ns}.json`] ?? onDemandNb[`./${lng}/${ns}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then((data) => callback(null, data), (err: unknown) => callback(err, false));
  },
};

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

export const resources = buildResources(bundled);
/** The shell's namespaces, loaded with the language; the on-demand ones load when first used. */
export const namespaces = [
  ...new Set([...Object.keys(bundled), ...Object.keys(onDemand)].map((path) => /^\.\/[^/]+\/([^/]+)\.json$/.exec(path)?.[1]).filter((ns): ns is string => !!ns && !isOnDemand(ns))),
];

const loaded = new Set<string>(Object.keys(resources));

/** Adds a language's files to i18next (once); false when they could not be loaded. */
async function loadLanguage(lng: Language): Promise<boolean> {
  if (loaded.has(lng)) return true;
  try {
    const entries = Object.entries(onDemand).filter(([path]) => path.startsWith(`./${lng}/`) && !isOnDemand(/([^/]+)\.json$/.exec(path)?.[1] ?? ''));
    const modules = Object.fromEntries(await Promise.all(entries.map(async ([path, load]) => [path, await load()] as const)));
    for (const [ns, content] of Object.entries(buildResources(modules)[lng] ?? {})) {
      i18n.addResourceBundle(lng, ns, content, true, true);
    }
    loaded.add(lng);
    return true;
  } catch (err) {
    console.error('Language could not be loaded', lng, err);
    return false;
  }
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language chosen on this device before, or null when none was. */
export function chosenLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function reflectInDocument(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

const initialLanguage = chosenLanguage() ?? (DEFAULT_LANGUAGE as Language);

const initialised = i18n.use(onDemandBackend).use(initReactI18next).init({
  resources,
  // The shell's namespaces come bundled (nb) or through loadLanguage; the backend serves the rest.
  partialBundledLanguages: true,
  lng: initialLanguage,
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

/** Resolves once the stored language's texts are in (main.tsx renders after it); never rejects. */
export const i18nReady: Promise<void> = initialised.then(async () => {
  // Re-emits languageChanged so anything already rendered picks the loaded texts up.
  if (!loaded.has(initialLanguage) && (await loadLanguage(initialLanguage))) await i18n.changeLanguage(initialLanguage);
}, (err: unknown) => console.error('i18n failed to start', err));

/**
 * Switches the interface language and (unless `remember` is false: a language followed from the
 * browser, not chosen) remembers the choice on this device.
 */
export async function setLanguage(lng: Language, remember = true): Promise<void> {
  // Without its texts the switch would only show Norwegian fallbacks: stay in the current language.
  if (!(await loadLanguage(lng))) return;
  try {
    if (remember) globalThis.localStorage?.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Private mode may refuse storage; the switch still applies for this visit.
  }
  await i18n.changeLanguage(lng);
  reflectInDocument(lng);
}

export default i18n;
