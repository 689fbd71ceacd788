#!/usr/bin/env node
// Installs npm dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing else run first.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const lock = readFileSync('package-lock.json');
const stampPath = 'node_modules/.install-stamp';
const wanted = createHash('sha256').update(lock).digest('hex');
const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8') : '';
if (current !== wanted) {
  console.log('Installing npm dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath, wanted);
}
