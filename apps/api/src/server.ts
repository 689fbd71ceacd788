import { loadConfigOrExit } from './platform/config.js';
import { buildApp } from './app.js';
import { startupMessage } from './startup-message.js';

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
  const addresses = app.addresses().filter((address) => typeof address !== 'string');
  process.stdout.write(startupMessage(config, addresses));
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
