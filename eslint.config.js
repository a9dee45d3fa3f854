import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/**
 * DESIGN.md's import direction: domain <- data/ui <- features <- app. A feature never imports another
 * feature; data, ui and domain never import a feature or the app. Relative imports are matched by
 * every depth they can be written at from inside the folder.
 */
const features = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const upward = (name) => ['../', '../../', '../../../', '../../../../'].flatMap((up) => [`${up}${name}`, `${up}${name}/*`, `${up}${name}/**`]);
const featureRules = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        group: [...features.filter((f) => f !== feature).flatMap(upward), ...upward('features/*').filter((p) => !p.includes(`features/${feature}`)), ...upward('app')],
        message: 'A feature never imports another feature or the app (DESIGN.md "House style"): move the shared part to ui/, data/ or domain/.',
      }],
    }],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'server/db/migrations', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../data/*', '../features/*', '../app/*', '../ui/*', 'react', 'dexie'] }],
    },
  },
  ...featureRules,
  {
    files: ['src/data/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: [...upward('features'), ...upward('app')], message: 'data/ and ui/ never import a feature or the app (DESIGN.md "House style").' }],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['../../src/data/*', '../../src/features/*', '../../src/app/*', '../../src/ui/*'] }],
    },
  },
);
