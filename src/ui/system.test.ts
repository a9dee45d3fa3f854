/**
 * The trimmed Chakra system (system.ts) must hold the recipe of every Chakra component the app
 * uses, or that component renders unstyled. Reads which recipes each imported component needs from
 * Chakra's own sources, so a newly used component fails here until its recipe is added.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSystem } from '@chakra-ui/react';
import { system } from './system';

const SRC = path.resolve(__dirname, '..');
const CHAKRA = path.resolve(SRC, '../node_modules/@chakra-ui/react/dist/esm');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The office screens: they import ./adminRecipes.ts, so its recipes count for them. */
const ADMIN_FEATURES = [path.join(SRC, 'features/settings'), path.join(SRC, 'features/reports'), path.join(SRC, 'features/schedule/planning'), path.join(SRC, 'features/schedule/map')];

/** Names the app imports from '@chakra-ui/react' (type-only names left out), outside or inside the office screens. */
function usedNames(admin = false): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    if (ADMIN_FEATURES.some((dir) => file.startsWith(dir)) !== admin) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
      if (m[1]) continue;
      for (const part of m[2].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The file in Chakra's ESM build that exports `name`, from its index.js. */
function exportingFile(name: string): string | null {
  const index = fs.readFileSync(path.join(CHAKRA, 'index.js'), 'utf8');
  const direct = new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`).exec(index);
  if (direct) return path.join(CHAKRA, direct[1]);
  const alias = new RegExp(`export \\{ (\\S+) as ${name} \\}`).exec(index);
  if (!alias) return null;
  const ns = new RegExp(`import \\* as ${alias[1].replace(/\$/g, '\\$')} from '(\\./[^']+)'`).exec(index);
  return ns ? path.join(CHAKRA, ns[1]) : null;
}

/** Recipe keys a component file uses, following its imports of other Chakra components. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file) || !fs.existsSync(file)) return keys;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/key: "(\w+)"/g)) keys.add(m[1]);
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), m[1]);
    if (!target.startsWith(path.join(CHAKRA, 'components'))) continue;
    for (const k of recipeKeys(target, seen)) keys.add(k);
  }
  return keys;
}

describe('Chakra system', () => {
  it('has the recipe of every Chakra component the app uses', () => {
    // The office screens' recipes are not in the shell's system until their module loads.
    expect(system.isSlotRecipe('tabs')).toBe(false);
    const missing: string[] = [];
    for (const name of usedNames()) {
      const file = exportingFile(name);
      if (!file) continue;
      for (const key of recipeKeys(file)) {
        const inDefault = defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key);
        const inOurs = system.isRecipe(key) || system.isSlotRecipe(key);
        if (inDefault && !inOurs) missing.push(`${name} needs '${key}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has, with the office screens\' added recipes, the recipe of every Chakra component those screens use', async () => {
    const { ADMIN_SLOT_RECIPES } = await import('./adminRecipes');
    for (const dir of ADMIN_FEATURES) {
      if (!fs.existsSync(dir)) continue;
      const entry = fs.readdirSync(dir).find((f) => /^index\.tsx?$/.test(f));
      expect(entry && fs.readFileSync(path.join(dir, entry), 'utf8'), `${dir} imports adminRecipes first`).toMatch(/^(\/\*\*[\s\S]*?\*\/\s*)?import '(\.\.\/)+ui\/adminRecipes';/);
    }
    const missing: string[] = [];
    for (const name of usedNames(true)) {
      const file = exportingFile(name);
      if (!file) continue;
      for (const key of recipeKeys(file)) {
        const inDefault = defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key);
        const inOurs = system.isRecipe(key) || system.isSlotRecipe(key) || key in ADMIN_SLOT_RECIPES;
        if (inDefault && !inOurs) missing.push(`${name} needs '${key}'`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('reads the components the app uses (the check above is not vacuous)', () => {
    const names = usedNames();
    expect(names).toContain('Button');
    expect([...recipeKeys(exportingFile('Button')!)]).toEqual(expect.arrayContaining(['button', 'spinner']));
    expect([...recipeKeys(exportingFile('Dialog')!)]).toContain('dialog');
  });
});
