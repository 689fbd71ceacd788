import { todayInLondon } from '@esr/contracts/london-dates';
import type { AppConfig } from '../../platform/config.js';
import type { FileReading, ReadingSettings } from './read/import-reading.js';
import type { UploadHandoff } from './read/upload-handoff.js';
import { importSandboxLimits } from './stage/import-staging.js';

declare module '../../platform/queue/job-definition.js' {
  interface JobServices {
    /** How this process reads and stages an import. */
    importSettings: ReadingSettings;
    /** Files this process stored for an upload, handed to its validation job (none in the worker). */
    uploads?: UploadHandoff<FileReading>;
  }
}

/**
 * The parts the staged rows are copied in. The embedded database runs one statement at a time, so a
 * clerk's status poll waits behind the part being copied: there each part stays small. PostgreSQL
 * copies on connections of its own, and takes fewer, larger parts.
 */
export const stagedPartBytes = { pglite: 128 * 1024, postgres: 256 * 1024 } as const;

/**
 * Warnings of one kind kept one by one for the warnings download (decision 0037); each kind is
 * counted in full whatever its number, and those past this are counted into one line.
 */
export const importWarningsPerKind = 100_000;

export function importSettingsFor(
  config: Pick<AppConfig, 'importMaxFileBytes' | 'database'>,
): ReadingSettings {
  return {
    limits: { maxFileBytes: config.importMaxFileBytes, maxWarningsPerKind: importWarningsPerKind },
    sandbox: importSandboxLimits,
    today: () => todayInLondon(),
    stagedPartBytes: stagedPartBytes[config.database.kind],
  };
}
