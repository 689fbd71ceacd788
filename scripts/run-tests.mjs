#!/usr/bin/env node
// `npm test`: every suite, in order, and one closing line "N passed, N failed".
// API tests run on PGlite and, when DATABASE_URL is set, on PostgreSQL too; browser tests run
// against the built product on the database DATABASE_URL names (PGlite when unset).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const outputDir = '.test-output';
rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });
const withoutDatabase = { ...process.env };
delete withoutDatabase.DATABASE_URL;

const run = (label, command, args, env = process.env) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(
    `=== ${label}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  return result.status === 0;
};

const vitest = (label, project, file, env) =>
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputDir}/${file}.json`,
    ],
    env,
  );

const steps = [];
steps.push([
  'checks (typecheck, lint, format)',
  run('checks (typecheck, lint, format)', 'npm', ['run', 'check']),
]);
steps.push(['build', run('build', 'npm', ['run', 'build'])]);
steps.push(['pdftotext', run('pdftotext', 'node', ['scripts/ensure-pdftotext.mjs'])]);
steps.push(['unit tests', vitest('unit tests', 'unit', 'unit', withoutDatabase)]);
steps.push(['API tests on PGlite', vitest('API tests on PGlite', 'api', 'api-pglite', withoutDatabase)]);
if (process.env.DATABASE_URL)
  steps.push([
    'API tests on PostgreSQL',
    vitest('API tests on PostgreSQL', 'api', 'api-postgres', process.env),
  ]);
steps.push(['chromium', run('chromium', 'node', ['scripts/ensure-chromium.mjs'])]);
steps.push(['browser tests', vitest('browser tests', 'e2e', 'e2e', process.env)]);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['unit', 'api-pglite', 'api-postgres', 'e2e']) {
  try {
    const report = JSON.parse(readFileSync(`${outputDir}/${file}.json`, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } catch {
    // a suite that did not run is counted through its failed step below
  }
}
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
console.log('\nSummary:');
for (const [name, ok] of steps) console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name}`);
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
