import { beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../../src/i18n/en/common.json';
import nbCommon from '../../src/i18n/nb/common.json';
import enPlumbers from '../../src/i18n/en/plumbers.json';
import nbPlumbers from '../../src/i18n/nb/plumbers.json';
import enProfile from '../../src/i18n/en/profile.json';
import nbProfile from '../../src/i18n/nb/profile.json';

type I18nModule = typeof import('../../src/i18n');

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]);
}

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}

let mod: I18nModule;
const storage = new MemoryStorage();

beforeAll(async () => {
  (globalThis as { localStorage?: unknown }).localStorage = storage;
  mod = await import('../../src/i18n');
  await mod.i18nReady;
});

describe('i18n resources', () => {
  it.each([
    ['common', nbCommon, enCommon],
    ['plumbers', nbPlumbers, enPlumbers],
    ['profile', nbProfile, enProfile],
  ])('%s has the same keys in nb and en', (_ns, nb, en) => {
    expect(keys(nb).sort()).toEqual(keys(en).sort());
  });

  it("holds the spec's texts", () => {
    expect(`${enCommon.ExitConfirmationHeader} ${enCommon.ExitConfirmationMessage}`)
      .toBe('Exit without saving changes? Your changes will be lost. Do you want to proceed?');
    expect(enCommon.AccessDeniedMessage).toBe('You have no access to view this page');
    expect(enCommon.LogoutFailed).toBe('Logout failed');
    expect(enCommon.Redirecting).toBe('Redirecting');
    expect(enCommon.SomethingWentWrong).toBe('Something went wrong!');
    expect(enCommon.PleaseTryAgain).toBe('Please try again');
    expect(enPlumbers.PlumberInformationUpdated.toLowerCase()).toBe('plumber information updated');
    expect(enProfile.NoCompanyDetails).toBe('No company details available');
  });

  it('groups resource files by language and namespace', () => {
    const r = mod.buildResources({ './nb/jobs.json': { a: '1' }, './en/jobs.json': { a: 'one' }, './nb/x/deep.json': {} });
    expect(r).toEqual({ nb: { jobs: { a: '1' } }, en: { jobs: { a: 'one' } } });
  });
});

describe('language', () => {
  it('starts in Norwegian with common as default namespace and the shell\'s namespaces loaded, not the on-demand ones', () => {
    const i18n = mod.default;
    expect(i18n.language).toBe('nb');
    expect(i18n.t('Logout')).toBe('Logg ut');
    expect(mod.namespaces).toEqual(expect.arrayContaining(['common', 'sync']));
    for (const ns of mod.ON_DEMAND_NAMESPACES) {
      expect(mod.namespaces).not.toContain(ns);
      expect(i18n.hasResourceBundle('nb', ns), ns).toBe(false);
    }
  });

  it('loads an on-demand namespace when a screen first asks for it, and again in the language switched to', async () => {
    const i18n = mod.default;
    await i18n.loadNamespaces('plumbers');
    expect(i18n.t('plumbers:Approve')).toBe('Godkjenn');
    await mod.setLanguage('en');
    expect(i18n.t('plumbers:Approve')).toBe('Approve');
    await mod.setLanguage('nb');
    expect(i18n.t('plumbers:Approve')).toBe('Godkjenn');
  });

  it('switches to English and remembers the choice', async () => {
    await mod.setLanguage('en');
    expect(mod.default.t('Logout')).toBe('Log out');
    expect(storage.getItem('meterwork.language')).toBe('en');
    await mod.setLanguage('nb');
    expect(storage.getItem('meterwork.language')).toBe('nb');
  });

  it('falls back to Norwegian for a key missing in English', async () => {
    mod.default.addResource('nb', 'common', 'OnlyNorwegian', 'Bare norsk');
    await mod.setLanguage('en');
    expect(mod.default.t('OnlyNorwegian')).toBe('Bare norsk');
    await mod.setLanguage('nb');
  });
});
