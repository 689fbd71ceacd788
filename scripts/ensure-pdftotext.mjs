#!/usr/bin/env node
// The report tests read PDFs as text with Debian's pdftotext (poppler-utils): install it with apt
// when it is missing and we are root. Without it those tests fail rather than skip.
import { spawnSync } from 'node:child_process';

const found = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' });
if (found.error) {
  if (process.getuid?.() !== 0) {
    console.error('pdftotext is missing. Install it with: sudo apt-get install poppler-utils');
    process.exit(1);
  }
  console.log('Installing Debian poppler-utils (pdftotext) for the report tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'poppler-utils'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
