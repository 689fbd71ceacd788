/**
 * GET /api/me/ with a valid token against a bare Fastify route returning a constant, measured in
 * the same run with autocannon (50 connections, 20 s each). Target: /api/me/ at ≥ 0.4 of the bare
 * route's requests per second, with p99 ≤ 25 ms.
 */
import type { Result } from 'autocannon';
import Fastify from 'fastify';
import { signInWithCodeFlow } from './lib/sign-in.js';
import { startBuiltServer } from './lib/server.js';
import { measureLoad } from './lib/load.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 50;

const measure = (url: string, headers: Record<string, string> = {}) =>
  measureLoad(url, { connections, duration: seconds, headers });

const bare = Fastify({ logger: false });
bare.get('/constant', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address() as { port: number };

const server = await startBuiltServer(3600 + Math.floor(Math.random() * 300));
try {
  const token = await signInWithCodeFlow(server.baseUrl, '00000000-0000-4000-8000-000000000004');
  const check = await fetch(`${server.baseUrl}/api/me/`, { headers: { authorization: `Bearer ${token}` } });
  if (check.status !== 200) throw new Error(`GET /api/me/ answered ${check.status}`);

  const baseline = await measure(`http://127.0.0.1:${bareAddress.port}/constant`);
  const me = await measure(`${server.baseUrl}/api/me/`, { authorization: `Bearer ${token}` });
  if (me.non2xx > 0 || me.errors > 0)
    throw new Error(`GET /api/me/ had ${me.non2xx} non-2xx answers and ${me.errors} errors`);

  const ratio = me.requests.average / baseline.requests.average;
  const row = (name: string, r: Result) =>
    `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms`;
  console.log(`\nGET /api/me/ against a bare Fastify route (${connections} connections, ${seconds} s each)`);
  console.log(row('bare route (constant)', baseline));
  console.log(row('GET /api/me/ (PGlite)', me));
  console.log(`ratio ${ratio.toFixed(2)} (target ≥ 0.40)   p99 ${me.latency.p99} ms (target ≤ 25 ms)`);
  console.log(`result: ${ratio >= 0.4 && me.latency.p99 <= 25 ? 'meets target' : 'BELOW TARGET'}`);
} finally {
  await server.stop();
  await bare.close();
}
