import { describe, expect, it } from 'vitest';
import { runningJobLocks, runningKeyLockClass } from './running-jobs.js';

/**
 * The lists' locks (decision 0069) over a database that answers as the test says: whether the
 * advisory lock was free, or an error.
 */
function locksOver(answers: (boolean | Error)[], options: { unlockFails?: boolean } = {}) {
  const asked: { text: string; values: unknown[] }[] = [];
  const errors: Error[] = [];
  const database = {
    kind: 'pglite' as const,
    connectionString: undefined,
    executeSql: async (text: string, values?: unknown[]) => {
      asked.push({ text, values: values ?? [] });
      if (options.unlockFails && text.includes('pg_advisory_unlock')) throw new Error('gone');
      if (!text.includes('pg_try_advisory_lock')) return { rows: [] };
      const answer = answers.shift() ?? true;
      if (answer instanceof Error) throw answer;
      return { rows: [{ held: answer }] };
    },
  };
  const locks = runningJobLocks(database, (error) => errors.push(error));
  const tries = () => asked.filter((query) => query.text.includes('pg_try_advisory_lock')).length;
  return { locks, asked, errors, tries };
}

describe('a list’s lock', () => {
  it('is taken once in a process: the session would take it again, so the process says no itself', async () => {
    const { locks, tries, asked } = locksOver([true, true]);
    expect(await locks.holdKey('infer-batch.v1 RAN/knee')).toBe(true);
    expect(await locks.holdKey('infer-batch.v1 RAN/knee')).toBe(false);
    expect(tries()).toBe(1);
    expect(asked[0]!.values).toEqual([runningKeyLockClass, 'infer-batch.v1 RAN/knee']);
    // Another list, or the same list's other job, is its own lock.
    expect(await locks.holdKey('apply-kept-results.v1 RAN/knee')).toBe(true);
    await locks.releaseKey('infer-batch.v1 RAN/knee');
    expect(asked.at(-1)!.text).toContain('pg_advisory_unlock');
    expect(await locks.holdKey('infer-batch.v1 RAN/knee')).toBe(true);
  });

  it('is refused while another process holds it, and asked for again the next time', async () => {
    const { locks, tries } = locksOver([false, true]);
    expect(await locks.holdKey('infer-batch.v1 RAN/hip')).toBe(false);
    expect(await locks.holdKey('infer-batch.v1 RAN/hip')).toBe(true);
    expect(tries()).toBe(2);
  });

  it('throws when the database cannot be asked, so that the job fails and is tried again, holding nothing', async () => {
    const { locks, tries } = locksOver([new Error('connection lost'), true]);
    await expect(locks.holdKey('infer-batch.v1 RAN/knee-hip')).rejects.toThrow('connection lost');
    expect(await locks.holdKey('infer-batch.v1 RAN/knee-hip')).toBe(true);
    expect(tries()).toBe(2);
  });

  it('is let go in the process even when the database cannot be told, and the failure reported', async () => {
    const { locks, errors, tries } = locksOver([true, true], { unlockFails: true });
    expect(await locks.holdKey('infer-batch.v1 RAN/knee')).toBe(true);
    await locks.releaseKey('infer-batch.v1 RAN/knee');
    expect(errors.map((error) => error.message)).toEqual(['gone']);
    expect(await locks.holdKey('infer-batch.v1 RAN/knee')).toBe(true);
    expect(tries()).toBe(2);
  });
});
