/**
 * DESIGN.md's import rules as lint enforces them. Each case lints a few lines of code as if they were a
 * file at the given path (ESLint's lintText with a virtual filePath, so no file that breaks a rule lives
 * in the source tree): a forbidden import must fail with the rule and the message that names what it
 * broke; an allowed one must lint clean, so a zone that forbade too much fails here too.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

type Case = { file: string; code: string };

/** Forbidden: virtual file and code → the rule that must refuse it and a part of its message. */
const FORBIDDEN: (Case & { rule: string; message: RegExp })[] = [
  { file: 'src/domain/lintProbe.ts', code: "import { db } from '../data/db';\nexport const probe = db;\n",
    rule: 'import-x/no-restricted-paths', message: /src\/domain imports nothing above it/ },
  // A cycle needs a module on disk that imports the linted file back: rules.ts's own path with an import
  // of list.ts, which imports rules.ts.
  { file: 'src/domain/jobs/rules.ts', code: "import { jobStatusOfFilter } from './list';\nexport const probe = jobStatusOfFilter;\n",
    rule: 'import-x/no-cycle', message: /cycle/i },
  { file: 'src/data/lintProbe.ts', code: "import { loadLandingPage } from '../features/auth/landing';\nexport const probe = loadLandingPage;\n",
    rule: 'import-x/no-restricted-paths', message: /src\/data and src\/ui import no feature/ },
  { file: 'src/ui/lintProbe.ts', code: "import { Root } from '../app/Root';\nexport const probe = Root;\n",
    rule: 'import-x/no-restricted-paths', message: /src\/data and src\/ui import no feature, no app/ },
  { file: 'src/features/jobs/lintProbe.ts', code: "import { loadLandingPage } from '../auth/landing';\nexport const probe = loadLandingPage;\n",
    rule: 'import-x/no-restricted-paths', message: /A feature imports no other feature/ },
  { file: 'src/features/jobs/lintProbe.ts', code: "import { JobSchema } from '../../domain/schemas';\nexport const probe = JobSchema;\n",
    rule: 'no-restricted-imports', message: /TypeBox schemas as types only/ },
  { file: 'src/features/jobs/lintProbe.ts', code: "import { Job } from '../../domain/api';\nexport const probe = (job: Job) => job.jobId;\n",
    rule: '@typescript-eslint/consistent-type-imports', message: /type/ },
  { file: 'src/features/plumbers/LintProbe.tsx',
    code: "import { apiFetch } from '../../data/transport';\nexport const Probe = () => <button onClick={() => { void apiFetch('/api/Users'); }}>probe</button>;\n",
    rule: 'no-restricted-imports', message: /A component does not call the API/ },
  { file: 'sw/lintProbe.ts', code: "import { snackbar } from '../src/ui';\nexport const probe = snackbar;\n",
    rule: 'import-x/no-restricted-paths', message: /service worker imports only src\/data and src\/domain/ },
  { file: 'server/lintProbe.ts', code: "import { db } from '../src/data/db';\nexport const probe = db;\n",
    rule: 'import-x/no-restricted-paths', message: /server imports only src\/domain/ },
  { file: 'server/db/lintProbe.ts', code: "import { inUnitOfWork } from '../services/unitOfWork';\nexport const probe = inUnitOfWork;\n",
    rule: 'import-x/no-restricted-paths', message: /server\/db is the bottom layer/ },
  { file: 'server/repositories/lintProbe.ts', code: "import { getJob } from '../services/jobs/read';\nexport const probe = getJob;\n",
    rule: 'import-x/no-restricted-paths', message: /Repositories are below the services/ },
  { file: 'server/services/lintProbe.ts', code: "import { runMutation } from '../routes/mutation';\nexport const probe = runMutation;\n",
    rule: 'import-x/no-restricted-paths', message: /Services are called by routes, workers and commands/ },
  { file: 'server/services/lintProbe.ts', code: "import { startWorkers } from '../workers';\nexport const probe = startWorkers;\n",
    rule: 'import-x/no-restricted-paths', message: /Services are called by routes, workers and commands/ },
  { file: 'server/media/lintProbe.ts', code: "import { dailyCleanup } from '../services/cleanup';\nexport const probe = dailyCleanup;\n",
    rule: 'import-x/no-restricted-paths', message: /Infrastructure .* is below the services/ },
  { file: 'server/queue/lintProbe.ts', code: "import { deliverSms } from '../services/sms';\nexport const probe = deliverSms;\n",
    rule: 'import-x/no-restricted-paths', message: /Infrastructure .* queue\) is below the services/ },
  { file: 'server/db/lintProbe.ts', code: "import { pgBossQueue } from '../queue';\nexport const probe = pgBossQueue;\n",
    rule: 'import-x/no-restricted-paths', message: /server\/db is the bottom layer/ },
  { file: 'server/security/lintProbe.ts', code: "import { authPlugin } from '../auth/index';\nexport const probe = authPlugin;\n",
    rule: 'import-x/no-restricted-paths', message: /Security checks sit below the identity provider/ },
  { file: 'server/http/lintProbe.ts', code: "import { HUB_CHANNEL } from '../hub/publisher';\nexport const probe = HUB_CHANNEL;\n",
    rule: 'import-x/no-restricted-paths', message: /server\/http is shared by all/ },
  { file: 'server/db/lintProbe.ts', code: "import { requireAdmin } from '../auth/guards';\nexport const probe = requireAdmin;\n",
    rule: 'import-x/no-restricted-paths', message: /server\/db is the bottom layer/ },
  { file: 'server/routes/lintProbe.ts', code: "import { customerSupportContact } from '../repositories/customers';\nexport const probe = customerSupportContact;\n",
    rule: 'import-x/no-restricted-paths', message: /Routes and workers call services, not repositories/ },
  { file: 'server/routes/lintProbe.ts', code: "import { advisoryLockSql } from '../db/tx';\nexport const probe = advisoryLockSql;\n",
    rule: 'import-x/no-restricted-paths', message: /Routes call services, which own the transactions/ },
  { file: 'server/workers/lintProbe.ts', code: "import { customerSupportContact } from '../repositories/customers';\nexport const probe = customerSupportContact;\n",
    rule: 'import-x/no-restricted-paths', message: /Routes and workers call services, not repositories/ },
  { file: 'server/repositories/lintProbe.ts', code: "import { HUB_CHANNEL } from '../hub/publisher';\nexport const probe = HUB_CHANNEL;\n",
    rule: 'import-x/no-restricted-paths', message: /Repositories read and write tables/ },
  { file: 'server/repositories/lintProbe.ts', code: "import type { UserContext } from '../auth/context';\nexport type Probe = UserContext;\n",
    rule: 'import-x/no-restricted-paths', message: /Repositories read and write tables/ },
];

/** Allowed: imports along the direction DESIGN.md gives, which must lint without a message. */
const ALLOWED: Case[] = [
  { file: 'src/domain/lintProbe.ts', code: "import { JobStatus } from './enums';\nexport const probe = JobStatus;\n" },
  { file: 'src/data/lintProbe.ts', code: "import { JobStatus } from '../domain/enums';\nexport const probe = JobStatus;\n" },
  { file: 'src/ui/lintProbe.ts', code: "import { db } from '../data/db';\nexport const probe = db;\n" },
  { file: 'src/features/jobs/lintProbe.ts',
    code: "import { snackbar } from '../../ui';\nimport { db } from '../../data/db';\nimport { JobStatus } from '../../domain/enums';\nexport const probe = [snackbar, db, JobStatus];\n" },
  { file: 'src/features/jobs/lintProbe.ts',
    code: "import type { JobSchema } from '../../domain/schemas';\nimport type { Job } from '../../domain/api';\nexport type Probe = [typeof JobSchema, Job];\n" },
  { file: 'src/features/plumbers/api/lintProbe.ts', code: "import { apiFetch } from '../../../data/transport';\nexport const probe = apiFetch;\n" },
  { file: 'src/app/lintProbe.ts', code: "import { loadLandingPage } from '../features/auth/landing';\nexport const probe = loadLandingPage;\n" },
  { file: 'sw/lintProbe.ts', code: "import { db } from '../src/data/db';\nimport { JobStatus } from '../src/domain/enums';\nexport const probe = [db, JobStatus];\n" },
  { file: 'server/lintProbe.ts', code: "import { JobStatus } from '../src/domain/enums';\nexport const probe = JobStatus;\n" },
  { file: 'server/routes/lintProbe.ts', code: "import { getJob } from '../services/jobs/read';\nexport const probe = getJob;\n" },
  { file: 'server/services/lintProbe.ts', code: "import { inUnitOfWork } from './unitOfWork';\nexport const probe = inUnitOfWork;\n" },
  { file: 'server/services/lintProbe.ts', code: "import { customerSupportContact } from '../repositories/customers';\nexport const probe = customerSupportContact;\n" },
  { file: 'server/repositories/lintProbe.ts', code: "import type { UserContext } from '../http/userContext';\nimport { advisoryLockSql } from '../db/tx';\nexport type Probe = UserContext;\nexport const probe = advisoryLockSql;\n" },
  { file: 'server/db/lintProbe.ts', code: "import { hashPassword } from './password';\nexport const probe = hashPassword;\n" },
  { file: 'server/auth/lintProbe.ts', code: "import { hashPassword } from '../db/password';\nexport const probe = hashPassword;\n" },
  { file: 'server/workers/lintProbe.ts', code: "import { dailyCleanup } from '../services/cleanup';\nexport const probe = dailyCleanup;\n" },
  { file: 'server/workers/lintProbe.ts', code: "import { startQueueRunner } from '../queue';\nexport const probe = startQueueRunner;\n" },
  { file: 'server/services/lintProbe.ts', code: "import type { Queue } from '../queue';\nexport type Probe = Queue;\n" },
  { file: 'server/queue/lintProbe.ts', code: "import { pgClientOf } from '../db/tx';\nexport const probe = pgClientOf;\n" },
  { file: 'server/security/lintProbe.ts', code: "import { HUB_CHANNEL } from '../hub/publisher';\nexport const probe = HUB_CHANNEL;\n" },
];

const eslint = new ESLint({ cwd: root });
const lint = async ({ file, code }: Case) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
};

describe('the import rules (eslint.config.js)', () => {
  it.each(FORBIDDEN.map((c) => [`${c.file}: ${c.code.split('\n')[0]}`, c] as const))('refuses %s', async (_, c) => {
    const messages = await lint(c);
    const hit = messages.find((m) => m.rule === c.rule && c.message.test(m.message));
    expect(hit, `should fail ${c.rule} (${c.message}); got ${JSON.stringify(messages)}`).toBeDefined();
  }, 60_000);

  it.each(ALLOWED.map((c) => [`${c.file}: ${c.code.split('\n')[0]}`, c] as const))('allows %s', async (_, c) => {
    expect(await lint(c)).toEqual([]);
  }, 60_000);
});
