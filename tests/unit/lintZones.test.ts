/**
 * DESIGN.md's import rules as lint enforces them: every file under a `lint-fixtures/` folder holds an
 * import the rules forbid (they are left out of the normal lint and type-check), and each must fail
 * with the rule and the message that names what it broke.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** Fixture → the rule that must refuse it and a part of its message. */
const EXPECTED: Record<string, [rule: string, message: RegExp]> = {
  'src/domain/lint-fixtures/importsData.ts': ['import-x/no-restricted-paths', /src\/domain imports nothing above it/],
  'src/domain/lint-fixtures/cycleA.ts': ['import-x/no-cycle', /cycle/i],
  'src/domain/lint-fixtures/cycleB.ts': ['import-x/no-cycle', /cycle/i],
  'src/data/lint-fixtures/importsFeature.ts': ['import-x/no-restricted-paths', /src\/data and src\/ui import no feature/],
  'src/ui/lint-fixtures/importsApp.ts': ['import-x/no-restricted-paths', /src\/data and src\/ui import no feature, no app/],
  'src/features/jobs/lint-fixtures/importsOtherFeature.ts': ['import-x/no-restricted-paths', /A feature imports no other feature/],
  'src/features/jobs/lint-fixtures/schemaValue.ts': ['no-restricted-imports', /TypeBox schemas as types only/],
  'src/features/jobs/lint-fixtures/typeAsValue.ts': ['@typescript-eslint/consistent-type-imports', /type/],
  'src/features/plumbers/lint-fixtures/apiFetchInComponent.tsx': ['no-restricted-imports', /A component does not call the API/],
  'sw/lint-fixtures/importsUi.ts': ['import-x/no-restricted-paths', /service worker imports only src\/data and src\/domain/],
  'server/lint-fixtures/importsClientData.ts': ['import-x/no-restricted-paths', /server imports only src\/domain/],
  'server/db/lint-fixtures/importsService.ts': ['import-x/no-restricted-paths', /server\/db is the bottom layer/],
  'server/repositories/lint-fixtures/importsService.ts': ['import-x/no-restricted-paths', /Repositories are below the services/],
  'server/services/lint-fixtures/importsRoute.ts': ['import-x/no-restricted-paths', /Services are called by routes, workers and commands/],
  'server/services/lint-fixtures/importsWorker.ts': ['import-x/no-restricted-paths', /Services are called by routes, workers and commands/],
  'server/media/lint-fixtures/importsService.ts': ['import-x/no-restricted-paths', /Infrastructure .* is below the services/],
  'server/security/lint-fixtures/importsAuth.ts': ['import-x/no-restricted-paths', /Security checks sit below the identity provider/],
  'server/http/lint-fixtures/importsHub.ts': ['import-x/no-restricted-paths', /server\/http is shared by all/],
};

describe('the import rules (eslint.config.js)', () => {
  it('refuses every forbidden import of the fixtures, naming the rule', async () => {
    // ignore: false lints the fixtures, which the project's own lint leaves out.
    const eslint = new ESLint({ cwd: root, ignore: false });
    const results = await eslint.lintFiles(Object.keys(EXPECTED).map((f) => path.join(root, f)));
    expect(results).toHaveLength(Object.keys(EXPECTED).length);
    for (const result of results) {
      const file = path.relative(root, result.filePath).split(path.sep).join('/');
      const [rule, message] = EXPECTED[file];
      const hit = result.messages.find((m) => m.ruleId === rule && message.test(m.message));
      expect(hit, `${file} should fail ${rule} (${message}); got ${JSON.stringify(result.messages.map((m) => [m.ruleId, m.message]))}`).toBeDefined();
    }
  }, 180_000);
});
