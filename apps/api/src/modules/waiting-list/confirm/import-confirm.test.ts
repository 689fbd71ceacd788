import { describe, expect, it } from 'vitest';
import type { BulkWriter, Database } from '../../../platform/db/client.js';
import { embeddedStatisticsTarget, refreshListStatistics, statisticsRefreshRows } from './import-confirm.js';

describe("the planner's statistics after a confirm", () => {
  const database = (kind: Database['kind']) => {
    const statements: string[] = [];
    const run = (text: string) => {
      statements.push(text);
      return Promise.resolve({ rows: [] });
    };
    return {
      kind,
      statements,
      executeSql: run,
      bulkWrite: async <T>(work: (writer: BulkWriter) => Promise<T>) => {
        statements.push('begin');
        const result = await work({
          db: undefined as never,
          query: async (text) => (await run(text)).rows,
        });
        statements.push('commit');
        return result;
      },
    };
  };

  it('are refreshed when the confirm added and archived many pathways between them', async () => {
    const fake = database('postgres');
    const refreshed = await refreshListStatistics(fake, {
      created: statisticsRefreshRows - 10,
      archived: 10,
    });
    expect(refreshed).toBe(true);
    expect(fake.statements).toEqual(['analyze pathways, evaluations']);
  });

  it('are refreshed from a smaller sample on the embedded database, in a transaction of their own', async () => {
    const fake = database('pglite');
    expect(await refreshListStatistics(fake, { created: statisticsRefreshRows, archived: 0 })).toBe(true);
    expect(fake.statements).toEqual([
      'begin',
      `set local default_statistics_target = ${embeddedStatisticsTarget}`,
      'analyze pathways, evaluations',
      'commit',
    ]);
  });

  it('are left to the usual maintenance after a small change', async () => {
    for (const kind of ['postgres', 'pglite'] as const) {
      const fake = database(kind);
      expect(await refreshListStatistics(fake, { created: statisticsRefreshRows - 1, archived: 0 })).toBe(
        false,
      );
      expect(fake.statements).toEqual([]);
    }
  });
});
