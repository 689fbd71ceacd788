import pino from 'pino';
import { loadConfigOrExit } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { allJobs } from './all-jobs.js';
import { safeLogOptions } from './platform/logging.js';
import { resumeInterruptedWork } from './modules/waiting-list/index.js';
import { keepImportThreadsReady } from './modules/waiting-list/index.js';
import { importSettingsFor } from './modules/waiting-list/index.js';
import { startQueue } from './platform/queue/queue.js';

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
  if (config.readOnly) {
    // Decision 0067: jobs write, so a read-only worker takes none; it waits to be stopped rather
    // than exiting, so that an orchestrator does not restart it over and over.
    log.warn('read-only (READ_ONLY=true): this worker runs no jobs until it is restarted without it');
    process.on('SIGTERM', () => process.exit(0));
    process.on('SIGINT', () => process.exit(0));
    setInterval(() => undefined, 1 << 30);
    return;
  }
  const database = await openDatabase(config.database);
  const importSettings = importSettingsFor(config);
  const queue = await startQueue(database, allJobs, {
    work: true,
    context: { db: database.db, log, importSettings },
  });
  keepImportThreadsReady(importSettings);
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
