import { loadConfigOrExit } from './config.js';
import { buildApp } from './app.js';

async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const database =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  process.stdout.write(
    `\nElective Surgical Risk is running at ${config.publicUrl}\n  database: ${database}\n  sign-in: ${config.identity.kind === 'development' ? 'development provider (demo users)' : config.identity.issuer}\n  worker: ${config.runWorker ? 'in this process' : 'separate (npm run worker)'}\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
