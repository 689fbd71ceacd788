/**
 * Admin lists at scale (bench/README.md: every list fast): 50,000 users and 1,000,000 change-log
 * entries, seeded in bulk into a fresh PGlite folder (or a fresh PostgreSQL database when
 * DATABASE_URL is set), served by the real built server (`npm run build` first) and measured with
 * autocannon at 20 connections, 10 s each (BENCH_SECONDS changes it), beside a bare route
 * (`GET /api/health`) measured in the same run. Target: p99 ≤ 50 ms for every list.
 *
 * Run: npx tsx bench/admin-lists.bench.ts
 */
import type { Result } from 'autocannon';
import type { Database } from '../apps/api/dist/platform/db/client.js';
import { seedDemoData, seedReferenceData } from '../apps/api/dist/platform/db/seed.js';
import { developmentAccessToken } from './lib/access-token.js';
import { benchDatabase, seedOnce } from './lib/bench-database.js';
import { latencyRow, printLatencyTable, type LatencyRow } from './lib/latency-table.js';
import { startBuiltServer } from './lib/server.js';
import { measureLoad } from './lib/load.js';
import { writeBenchResults } from './lib/results.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
const targetP99 = 50;
const userCount = 50_000;
const entryCount = 1_000_000;

const firstNames = [
  'Oliver',
  'Olivia',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Sophia',
  'Leo',
  'Grace',
  'Oscar',
  'Lily',
  'Arthur',
  'Freya',
  'Muhammad',
  'Emily',
  'Jacob',
  'Priya',
  'Aisha',
  'Tom',
  'Claire',
  'Olu',
  'Ravi',
  'Wendy',
  'Chris',
  'Alex',
  'Hannah',
  'Sam',
  'Ella',
  'Zara',
  'Ethan',
  'Ruby',
  'Max',
  'Chloe',
  'Lucas',
  'Evie',
  'Henry',
];
const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  'Johnson',
  'Roberts',
  'Robinson',
  'Thompson',
  'Wright',
  'Walker',
  'White',
  'Edwards',
  'Hughes',
  'Green',
  'Hall',
  'Lewis',
  'Harris',
  'Clarke',
  'Patel',
  'Jackson',
  'Wood',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Morris',
  'Moore',
  'Clark',
  'Lee',
  'King',
  'Baker',
  'Harrison',
  'Morgan',
  'Allen',
  'Khan',
  'Shah',
  'Ahmed',
  'Ali',
  'Begum',
  'Okafor',
  'Adeyemi',
  'Nowak',
  'Kowalski',
  'Murphy',
];
const sqlArray = (items: string[]) =>
  `ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

/** Bulk seed with INSERT … SELECT generate_series: seconds, not minutes (both databases). */
async function seed(database: Database) {
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const run = async (label: string, text: string) => {
    const started = Date.now();
    await database.executeSql(text);
    console.log(`  ${label.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  await run(
    'trusts (the NHS trust list)',
    `INSERT INTO trusts (trust_code, trust_name, trust_role_description, region, region_code, country,
       trust_tenant_id, primary_contact_first_name, primary_contact_last_name, primary_contact_email,
       primary_contact_tel_code, primary_contact_tel_number)
     SELECT trust_code, trust_name, trust_role_description, region, region_code, country, NULL,
       'Bench', 'Contact', 'bench.contact@nhs.net', '+44', '2000000000'
     FROM trust_directory ON CONFLICT DO NOTHING`,
  );
  await run(
    `${userCount.toLocaleString('en-GB')} users`,
    `INSERT INTO users (id, first_name, last_name, email, trust_code, status, created_at)
     SELECT md5('bench-user-' || g)::uuid,
       (${sqlArray(firstNames)})[1 + g % ${firstNames.length}],
       (${sqlArray(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}],
       lower((${sqlArray(firstNames)})[1 + g % ${firstNames.length}]) || '.' ||
         lower((${sqlArray(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}]) || '.' || g || '@nhs.net',
       (SELECT codes[1 + g % cardinality(codes)] FROM (SELECT array_agg(trust_code ORDER BY trust_code) AS codes FROM trusts) c),
       CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END,
       now() - (g % 1000) * interval '1 day'
     FROM generate_series(1, ${userCount}) g`,
  );
  await run(
    'their roles',
    `INSERT INTO user_roles (user_id, role_code)
     SELECT md5('bench-user-' || g)::uuid, (ARRAY['cu','cl','cu','cl','ta','tca','wa'])[1 + g % 7] FROM generate_series(1, ${userCount}) g
     UNION ALL SELECT md5('bench-user-' || g)::uuid, 'cl' FROM generate_series(1, ${userCount}) g WHERE g % 7 = 0
     UNION ALL SELECT md5('bench-user-' || g)::uuid, 'sa' FROM generate_series(1, ${userCount}) g WHERE g % 500 = 1`,
  );
  await run(
    `${entryCount.toLocaleString('en-GB')} change-log entries`,
    `INSERT INTO change_log (created_on, created_by, trust_code, trust_name, action, entity_type, entity_id, changes, audience)
     SELECT now() - g * interval '30 seconds',
       (${sqlArray(firstNames.slice(0, 20))})[1 + g % 20] || ' ' || (${sqlArray(lastNames.slice(0, 15))})[1 + (g / 20) % 15],
       t.codes[1 + g % cardinality(t.codes)], t.names[1 + g % cardinality(t.codes)],
       CASE g % 4 WHEN 0 THEN 'Created user ' WHEN 1 THEN 'Updated user ' WHEN 2 THEN 'Updated user ' ELSE 'Updated trust ' END || 'Bench ' || (g % 50000),
       CASE WHEN g % 4 = 3 THEN 'trust' ELSE 'user' END, (g % 50000)::text,
       jsonb_build_object('status', jsonb_build_object('before', 1, 'after', 0)),
       CASE WHEN g % 200 = 0 THEN 'super-admin' ELSE 'trust' END
     FROM generate_series(1, ${entryCount}) g,
       (SELECT array_agg(trust_code ORDER BY trust_code) AS codes, array_agg(trust_name ORDER BY trust_code) AS names FROM trusts) t`,
  );
  // Statistics and the visibility map, as autovacuum would leave them (PGlite has no autovacuum).
  for (const table of ['trusts', 'users', 'user_roles', 'user_counts', 'change_log', 'change_log_counts'])
    await run(`VACUUM ANALYZE ${table}`, `VACUUM ANALYZE ${table}`);
}

const measure = (url: string, headers: Record<string, string> = {}) =>
  measureLoad(url, { connections, duration: seconds, headers });

const port = 3900 + Math.floor(Math.random() * 90);
const baseUrl = `http://127.0.0.1:${port}`;
// BENCH_DATABASE_NAME or BENCH_DATA_DIR keeps a seeded database between runs (for looking at plans).
const bench = await benchDatabase('admin');
const databaseLabel = bench.label;

console.log(`Seeding ${databaseLabel}:`);
const signingKey = await seedOnce(bench, seed);

const server = await startBuiltServer(port, {
  NODE_ENV: 'test',
  ...bench.serverEnv,
});

const tokenFor = (userId: string) => developmentAccessToken(baseUrl, signingKey, userId);

interface Scenario {
  name: string;
  path: string;
  token?: string;
}

try {
  const superAdmin = await tokenFor('00000000-0000-4000-8000-000000000001');
  const trustAdmin = await tokenFor('00000000-0000-4000-8000-000000000002');
  const day = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
  const scenarios: Scenario[] = [
    { name: 'bare route GET /api/health', path: '/api/health' },
    {
      name: 'users: name + status + 2 roles (SA)',
      path: '/api/users/?pageNumber=1&pageSize=15&filters[userName]=oliv&filters[status]=1&filters[assignedRoles][]=cu&filters[assignedRoles][]=cl',
      token: superAdmin,
    },
    {
      name: 'users: e-mail prefix (SA)',
      path: '/api/users/?pageNumber=1&pageSize=15&filters[email]=amelia.sm',
      token: superAdmin,
    },
    {
      name: 'users: all trusts, page 3 (SA)',
      path: '/api/users/?pageNumber=3&pageSize=15',
      token: superAdmin,
    },
    {
      name: 'users: own trust, active (TA)',
      path: '/api/users/?pageNumber=1&pageSize=15&trustCode=RAN&hideSuperAdminRole=1&filters[status]=1',
      token: trustAdmin,
    },
    {
      name: 'change log: first page (SA)',
      path: '/api/admin/changelog?pageNumber=1&pageSize=15',
      token: superAdmin,
    },
    {
      name: 'change log: trust + day (SA)',
      path: `/api/admin/changelog?pageNumber=1&pageSize=15&trustCode=RRV&dateAndTime=${day}`,
      token: superAdmin,
    },
    {
      name: 'change log: user making changes (SA)',
      path: '/api/admin/changelog?pageNumber=2&pageSize=15&userMakingChanges=olivia%20sm',
      token: superAdmin,
    },
    {
      name: 'change log: own trust (TA)',
      path: '/api/admin/changelog?pageNumber=1&pageSize=15',
      token: trustAdmin,
    },
  ];

  // Every scenario must answer 200 with rows before it is measured.
  for (const scenario of scenarios) {
    const response = await fetch(`${baseUrl}${scenario.path}`, {
      headers: scenario.token ? { authorization: `Bearer ${scenario.token}` } : {},
    });
    const body = (await response.json()) as { totalCount?: number; items?: unknown[] };
    if (response.status !== 200) throw new Error(`${scenario.name}: HTTP ${response.status}`);
    if (body.items && body.items.length === 0) throw new Error(`${scenario.name}: no rows`);
    if (body.totalCount !== undefined) scenario.name += ` [${body.totalCount.toLocaleString('en-GB')} rows]`;
  }

  const results: LatencyRow[] = [];
  let baseline: Result | undefined;
  for (const scenario of scenarios) {
    const result = await measure(
      `${baseUrl}${scenario.path}`,
      scenario.token ? { authorization: `Bearer ${scenario.token}` } : {},
    );
    baseline ??= result;
    results.push(latencyRow(scenario.name, result, baseline, targetP99));
  }

  console.log(
    `\nAdmin lists on ${databaseLabel}: ${userCount.toLocaleString('en-GB')} users, ${entryCount.toLocaleString('en-GB')} change-log entries, ${connections} connections, ${seconds} s each`,
  );
  printLatencyTable(results, targetP99);
  const failing = results.filter((r) => !r.ok);
  console.log(
    `result: ${failing.length === 0 ? 'meets target' : `BELOW TARGET (${failing.length} over ${targetP99} ms)`}`,
  );
  writeBenchResults('admin-lists', databaseLabel, {
    connections,
    seconds,
    users: userCount,
    entries: entryCount,
    results,
  });
} finally {
  await server.stop();
  await bench.dispose();
}
