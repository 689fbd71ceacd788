// Writes the archive embedded-template.ts provides: an embedded database migrated and seeded as
// every test app's is. Run as its own process (node --conditions=source --import tsx), because the
// test runner's global setup does not resolve the workspace packages to their sources.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '../platform/db/client.js';
import * as schema from '../platform/db/schema.js';
import { seedDemoData, seedReferenceData } from '../platform/db/seed.js';
import { installDefaultModels } from '../modules/models/index.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const [archive] = process.argv.slice(2);
if (!archive) throw new Error('Usage: seeded-archive.ts <archive file>');
const pglite = await PGlite.create();
try {
  await migrate(drizzle(pglite), { migrationsFolder });
  const db = drizzle(pglite, { schema }) as unknown as Db;
  await seedReferenceData(db);
  await seedDemoData(db);
  await installDefaultModels(db);
  await writeFile(archive, new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()));
} finally {
  await pglite.close();
}
