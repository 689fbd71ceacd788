import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { safeError, safeLogOptions, scrubMessage } from './logging.js';

/** A database error as pg and PGlite give it: the offending values in `detail`, `where` and `hint`. */
function databaseError() {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    severity: 'ERROR',
    table: 'users',
    constraint: 'users_email_unique',
    detail: 'Key (lower(email))=(ada.quimby@nhs.net) already exists.',
    where: "SQL statement \"insert … values ('Ada', 'Quimby')\"",
    hint: 'Ada Quimby',
  });
}

const failedQuery = () =>
  new DrizzleQueryError(
    'insert into "users" ("first_name", "last_name", "email") values ($1, $2, $3)',
    ['Ada', 'Quimby', 'ada.quimby@nhs.net'],
    databaseError(),
  );

function logged(write: (log: pino.Logger) => void): string {
  const lines: string[] = [];
  const log = pino({ ...safeLogOptions, level: 'info' }, { write: (line: string) => lines.push(line) });
  write(log);
  return lines.join('');
}

describe('scrubMessage', () => {
  it("drops drizzle's params and quoted values, and keeps the names of database objects", () => {
    expect(scrubMessage('Failed query: select $1::uuid\nparams: Ada Quimby,ada@nhs.net')).toBe(
      'Failed query: select $1::uuid',
    );
    expect(scrubMessage('invalid input syntax for type uuid: "Ada Quimby"')).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(scrubMessage('value "9434765919" is out of range for type integer')).toBe(
      'value "[redacted]" is out of range for type integer',
    );
    expect(scrubMessage('duplicate key value violates unique constraint "users_email_unique"')).toBe(
      'duplicate key value violates unique constraint "users_email_unique"',
    );
    expect(scrubMessage('column "first_name" of relation "users" does not exist')).toBe(
      'column "first_name" of relation "users" does not exist',
    );
  });
});

describe('safeError', () => {
  it('keeps class, code, scrubbed message and stack, and the cause; never params or detail', () => {
    const safe = safeError(failedQuery());
    expect(safe).toEqual({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("first_name", "last_name", "email") values ($1, $2, $3)',
      stack: expect.stringMatching(/^DrizzleQueryError: Failed query: [^\n]*\n\s+at /),
      cause: {
        type: 'Error',
        message: 'duplicate key value violates unique constraint "users_email_unique"',
        stack: expect.any(String),
        code: '23505',
        severity: 'ERROR',
        table: 'users',
        constraint: 'users_email_unique',
      },
    });
    expect(JSON.stringify(safe)).not.toMatch(/Ada|Quimby/i);
  });

  it('reads plain objects the same way', () => {
    expect(safeError({ message: 'boom', params: ['Ada'], detail: 'Ada', code: 'X1' })).toEqual({
      type: 'Error',
      message: 'boom',
      stack: 'Error: boom',
      code: 'X1',
    });
    expect(safeError('Ada Quimby')).toEqual({ type: 'string', message: '[not an error]', stack: '' });
  });
});

describe('safeLogOptions', () => {
  it('keeps personal data out of the log however an error is logged', () => {
    const output = logged((log) => {
      log.error(failedQuery());
      log.error({ err: failedQuery() }, 'request failed');
      log.error({ error: databaseError() }, 'query failed');
      log.warn({ failure: failedQuery(), job: 'import' }, 'job failed');
      log.error({ err: { params: ['Ada'], detail: 'Quimby', message: 'plain' } }, 'plain object');
    });
    expect(output).toContain('users_email_unique');
    expect(output).toContain('"job":"import"');
    expect(output).not.toMatch(/Ada|Quimby/i);
    const first = JSON.parse(output.split('\n')[0]!) as { msg: string; err: { type: string } };
    expect(first.msg).toMatch(/^Failed query: insert into "users"/);
    expect(first.err.type).toBe('DrizzleQueryError');
  });
});
