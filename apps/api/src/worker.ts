import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { allJobs } from './jobs/all-jobs.js';
import { safeLogOptions } from './logging.js';
import { resumeInterruptedWork } from './services/import-recovery.js';
import { keepImportThreadsReady } from './services/import-reading.js';
import { jobSettingsFor } from './services/job-settings.js';
import { startQueue } from './services/queue.js';

/** A worker process for production (`npm run worker`): jobs only, no HTTP. */
async function main() {
  const config = loadConfigOrExit();
  if (config.database.kind !== 'postgres') {
    process.stderr.write(
      'A separate worker needs DATABASE_URL (PostgreSQL): PGlite is owned by one process.\n',
    );
    process.exit(2);
  }
  const log = pino({ ...safeLogOptions, level: config.logLevel });
  const database = await openDatabase(config.database);
  const settings = jobSettingsFor(config);
  const queue = await startQueue(database, allJobs, {
    work: true,
    context: { db: database.db, log, settings },
  });
  keepImportThreadsReady(settings.import);
  await resumeInterruptedWork(database.db, queue);
  log.info('worker started');
  const shutdown = async () => {
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
}

void main();
