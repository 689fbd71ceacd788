import pg from 'pg';

/**
 * A new database beside `url`'s for one benchmark run, dropped afterwards. With `keep`, a database
 * of that name is made once and kept between runs (for looking at plans on a seeded database).
 */
export async function freshPostgres(
  url: string,
  name: string,
  keep = false,
): Promise<{ url: string; reused: boolean; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!keep || !exists) {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    reused: keep && exists,
    async drop() {
      if (keep) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
