#!/usr/bin/env node
// `npm run bench`: every benchmark in turn (not part of `npm test`). Each prints its figures and
// its ratio against a reference measured in the same run.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const only = process.argv[2];
const benches = readdirSync('bench')
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.includes(only))
  .sort();
let failed = false;
for (const bench of benches) {
  console.log(`\n##### ${bench}`);
  const result = spawnSync('npx', ['tsx', `bench/${bench}`], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
