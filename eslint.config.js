import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import fs from 'node:fs';

const features = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * DESIGN.md's import direction as zones over resolved paths (import-x/no-restricted-paths), which no
 * way of writing the import path gets around: domain <- data/ui <- features <- app, a feature never
 * imports another, sw/ only data and domain, the server only src/domain; and the server's own layers: routes and workers -> services ->
 * repositories -> db. tests/unit/lintZones.test.ts lints one forbidden import per zone (as text at a path
 * in that zone) and expects each to fail with its message, and allowed ones to lint clean.
 */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });
const clientAbove = ['./src/data', './src/ui', './src/features', './src/app'];
const serverUpper = ['./server/routes', './server/workers', './server/cli', './server/services', './server/repositories'];
const zones = [
  zone('./src/domain', [...clientAbove, './sw', './server'], 'src/domain imports nothing above it (DESIGN.md "Layout").'),
  zone(['./src/data', './src/ui'], ['./src/features', './src/app', './server'], 'src/data and src/ui import no feature, no app and no server.'),
  ...features.map((feature) => zone(`./src/features/${feature}`, ['./src/features', './src/app', './server'],
    'A feature imports no other feature, no app and no server: move the shared part to ui/, data/ or domain/.', [`./${feature}`])),
  zone('./sw', ['./src/ui', './src/features', './src/app', './server'], 'The service worker imports only src/data and src/domain.'),
  zone('./server', clientAbove.concat('./sw'), 'The server imports only src/domain from the client side.'),
  zone('./server/db', [...serverUpper, './server/http', './server/hub', './server/media', './server/sms', './server/security', './server/auth', './server/queue'],
    'server/db is the bottom layer: it imports nothing of the server above it.'),
  zone('./server/repositories', ['./server/routes', './server/workers', './server/cli', './server/services'], 'Repositories are below the services: routes, workers and commands -> services -> repositories -> db.'),
  zone('./server/repositories', ['./server/hub', './server/auth'],
    'Repositories read and write tables: publishing (hub) and identity (auth) belong to the services and the routes.'),
  zone(['./server/routes', './server/workers'], './server/repositories',
    'Routes and workers call services, not repositories: routes and workers -> services -> repositories -> db.'),
  zone('./server/routes', './server/db', 'Routes call services, which own the transactions: routes -> services -> repositories -> db.'),
  zone('./server/services', ['./server/routes', './server/workers', './server/cli'], 'Services are called by routes, workers and commands (server/cli), never the other way round.'),
  zone(['./server/http', './server/auth', './server/media', './server/sms', './server/security', './server/hub', './server/queue'], serverUpper,
    'Infrastructure (http, auth, media, sms, security, hub, queue) is below the services and imports none of the layers above it.'),
  zone('./server/http', ['./server/auth', './server/security', './server/hub', './server/media', './server/sms', './server/queue'], 'server/http is shared by all: it imports no other part of the server.'),
  zone('./server/security', ['./server/auth'], 'Security checks sit below the identity provider: move what both need to server/http.'),
  zone(['./src', './server', './sw'], './node_modules/highs', 'HiGHS is a development tool (the bench\'s route reference), not a product dependency.'),
];

/** The client imports the TypeBox schemas as types only, so TypeBox stays out of the screens' code. */
const clientImportPatterns = [
  { group: ['**/domain/schemas', '**/domain/schemas/*'], allowTypeImports: true, message: 'The client imports the TypeBox schemas as types only (import type).' },
  { group: ['typebox', 'typebox/*'], allowTypeImports: true, message: 'TypeBox is loaded on demand by data/commandSchemas.ts only.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'server/db/migrations', 'test-results', 'playwright-report', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
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
    // The device checks what it queues with the server's schemas, loaded on demand (data/commandSchemas.ts):
    // everywhere else on the client a schema is a type, so TypeBox stays out of the screens' code.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/domain/**', 'src/data/commandSchemas.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: clientImportPatterns }],
    },
  },
  {
    // A component never calls the API: a feature's calls live in its api/ modules (one per call, with
    // its live read), as bulletproof-react's features/<x>/api/<call>.ts. The block repeats the patterns
    // above because a later no-restricted-imports replaces an earlier one.
    files: ['src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...clientImportPatterns, {
        group: ['**/data/transport'], importNames: ['apiFetch', 'apiFetchBlob'],
        message: 'A component does not call the API: put the call in the feature\'s api/<call>.ts and use it (or its hook) from there.',
      }] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: 'react', message: 'src/domain is plain TypeScript: no React.' },
        { name: 'dexie', message: 'src/domain is plain TypeScript: no storage.' },
      ] }],
    },
  },
);
