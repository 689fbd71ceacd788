import type { AddressInfo } from 'node:net';
import type { AppConfig } from './platform/config.js';

const describeAddress = (address: AddressInfo) =>
  address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;

/** What the operator sees at start: where the product is, and who can reach it. */
export function startupMessage(config: AppConfig, addresses: readonly AddressInfo[]): string {
  const database =
    config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`;
  const development = config.identity.kind === 'development';
  const listening = addresses.map(describeAddress).join(', ');
  const reach =
    development && !config.hostFromEnvironment
      ? `${listening} (loopback only, because the development sign-in needs no password; set HOST to listen elsewhere)`
      : listening;
  return [
    '',
    `Elective Surgical Risk is running at ${config.publicUrl}`,
    `  listening on: ${reach}`,
    `  database: ${database}`,
    `  sign-in: ${development ? 'development provider (demo users)' : config.identity.issuer}`,
    `  worker: ${config.readOnly ? 'none (read-only)' : config.runWorker ? 'in this process' : 'separate (npm run worker)'}`,
    ...(config.readOnly
      ? [
          `  READ-ONLY: every write is answered 503${config.readOnly.until ? ` until ${config.readOnly.until}` : ''} (decision 0067)`,
        ]
      : []),
    '',
    '',
  ].join('\n');
}
