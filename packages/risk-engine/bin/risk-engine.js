#!/usr/bin/env node
// Runs the compiled CLI (`npm run build` compiles it with `tsc -b packages/risk-engine`).
let cli;
try {
  cli = await import('../dist/cli.js');
} catch (e) {
  if (e && e.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write(
      'risk-engine: not built yet; run `npm run build` (or `npx tsc -b packages/risk-engine`) first\n',
    );
    process.exit(1);
  }
  throw e;
}
process.exitCode = cli.run(process.argv.slice(2), process.stdout, process.stderr);
