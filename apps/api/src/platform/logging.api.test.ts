import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoUsers } from './db/seed.js';
import { users } from './db/schema.js';
import { bearer, createTestApp, type TestApp } from '../test/helper.js';

/**
 * Security baseline: logs carry no patient data. Failed queries, through either driver (PGlite
 * here, PostgreSQL when DATABASE_URL is set), are logged while a personal value is among their
 * parameters and in PostgreSQL's `detail`; the log must hold the error but never the value.
 */

let t: TestApp;
const lines: string[] = [];
const logText = () => lines.join('');

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => t?.close());

// A name and address nobody else uses, so that any trace of them in the log is this test's.
const person = { firstName: 'Zebedee', lastName: 'Quillfeather', email: 'zebedee.quillfeather@nhs.net' };
const traces = /zebedee|quillfeather/i;

describe('logged errors', () => {
  it('a request whose query fails logs the failure without its parameters or the row', async () => {
    // A check the row breaks: PostgreSQL refuses it with the whole row in `detail`.
    await t.app.db.execute(
      sql.raw(
        `alter table users add constraint log_probe check (first_name <> '${person.firstName}') not valid`,
      ),
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: bearer(await t.tokenFor(demoUsers[0].id)),
        payload: { ...person, trustCode: 'RAN', roles: [{ code: 'cl' }] },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error occurred' });
    } finally {
      await t.app.db.execute(sql.raw('alter table users drop constraint log_probe'));
    }
    const failed = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(failed?.err).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '23514', constraint: 'log_probe' },
    });
    expect(logText()).not.toMatch(traces);
  });

  it('errors logged directly, under any key or as the message, lose the values too', async () => {
    await t.app.db.insert(users).values({ id: crypto.randomUUID(), ...person, trustCode: 'RAN' });
    try {
      const duplicate = await t.app.db
        .insert(users)
        .values({ id: crypto.randomUUID(), ...person, email: person.email.toUpperCase(), trustCode: 'RAN' })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(duplicate).toBeInstanceOf(Error);
      t.app.log.error(duplicate);
      t.app.log.error({ err: duplicate }, 'insert failed');
      t.app.log.warn({ failure: duplicate }, 'insert failed');
      const cast = await t.app.db.execute(sql`select ${person.firstName}::uuid`).then(
        () => undefined,
        (error: unknown) => error,
      );
      t.app.log.error({ err: cast }, 'cast failed');
    } finally {
      await t.app.db.execute(sql`delete from users where lower(email) = ${person.email}`);
    }
    const text = logText();
    expect(text).toContain('users_email_unique');
    expect(text).toContain('22P02');
    expect(text).not.toMatch(traces);
  });
});

describe('refused requests', () => {
  it('are logged with the user who asked and the trust they asked for', async () => {
    const clerk = demoUsers[2];
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trusts/RXX/waiting-list/procedures/knee/manage/records/active?page=1',
      headers: bearer(await t.tokenFor(clerk.id)),
    });
    expect(response.statusCode).toBe(403);
    const refused = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'access refused');
    expect(refused).toMatchObject({
      userId: clerk.id,
      trust: 'RXX',
      url: '/api/trusts/:trust/waiting-list/procedures/:type/manage/records/active',
    });
  });
});
