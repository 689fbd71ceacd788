import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { developmentAccessToken } from '../lib/access-token.js';
import { benchDatabase } from '../lib/bench-database.js';
import { startBuiltServer } from '../lib/server.js';
import { loadDevelopmentSecrets } from '../../apps/api/dist/modules/identity/signing-keys.js';
const bench = await benchDatabase('prioritisation');
const database = await bench.open();
const signingKey = (await loadDevelopmentSecrets(database.db)).signingKey;
await database.close();
const server = await startBuiltServer(4599, { NODE_ENV: 'test', RUN_WORKER: 'false', ...bench.serverEnv });
const pid = Number(execSync(`pgrep -f "apps/api/dist/server.js" | head -1`).toString().trim());
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const headers = { authorization: `Bearer ${await developmentAccessToken(server.baseUrl, signingKey, '00000000-0000-4000-8000-000000000003')}` };
const base = '/api/trusts/RAN/waiting-list/procedures/knee/prioritisation';
const paths = Object.fromEntries(Object.entries({ health: "/api/health", matrix: `${base}/matrix`, worklist: `${base}/worklist?sort=longest_wait&pageNumber=1` }).filter(([k]) => k === (process.env.ONLY ?? k)));
for (const [name, path] of Object.entries(paths)) {
  for (let i = 0; i < 30; i++) await (await fetch(server.baseUrl + path, { headers })).arrayBuffer();
  const c0 = cpu(); const t0 = performance.now(); const n = Number(process.env.N ?? 300);
  await Promise.all(Array.from({ length: 4 }, async () => { for (let i = 0; i < n / 4; i++) await (await fetch(server.baseUrl + path, { headers })).arrayBuffer(); }));
  console.log(name.padEnd(10), 'server CPU ms/request', ((cpu() - c0) / n).toFixed(2), ' wall ms/request', ((performance.now() - t0) / n).toFixed(2));
}
await server.stop();
