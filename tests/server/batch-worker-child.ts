/**
 * A second server process's workers, for schedule-batch-kill.test.ts: the composition root on the
 * given database (DATABASE_URL), with a short batch expiry, so the test can kill it with SIGKILL.
 */
import { loadConfig } from '../../server/config';
import { createContext } from '../../server/context';
import { connect } from '../../server/db';
import { startWorkers } from '../../server/workers';

const database = connect(process.env.DATABASE_URL!);
const config = loadConfig({ logLevel: 'silent', dataDir: process.env.DATA_DIR!, publicUrl: process.env.PUBLIC_URL! });
await startWorkers(createContext(config, database), {
  pollingIntervalSeconds: 0.5, batchExpireInSeconds: Number(process.env.BATCH_EXPIRE_SECONDS), maintenanceIntervalSeconds: 1,
});
process.stdout.write('workers ready\n');
