// The API tests' global setup: one embedded database, migrated and seeded as every test app's is,
// archived once so that each test file's in-memory PGlite starts from it instead of running
// PostgreSQL's initdb, every migration and the demo seed again (about 3 s a file).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The archive every seeded in-memory test database starts from; empty on PostgreSQL. */
    embeddedTemplate: string;
  }
}

const writer = fileURLToPath(new URL('./seeded-archive.ts', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('embeddedTemplate', '');
    return () => Promise.resolve();
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), 'embedded-template-'));
  const archive = path.join(folder, 'seeded.tar');
  await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', writer, archive]);
  project.provide('embeddedTemplate', archive);
  return () => rm(folder, { recursive: true, force: true });
}
