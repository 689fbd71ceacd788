import { describe, expect, it } from 'vitest';
import { refreshListStatistics, statisticsRefreshRows } from './import-confirm.js';

describe("the planner's statistics after a confirm", () => {
  const database = () => {
    const statements: string[] = [];
    return {
      statements,
      executeSql: (text: string) => {
        statements.push(text);
        return Promise.resolve({ rows: [] });
      },
    };
  };

  it('are refreshed when the confirm added and archived many pathways between them', async () => {
    const fake = database();
    const refreshed = await refreshListStatistics(fake, {
      created: statisticsRefreshRows - 10,
      archived: 10,
    });
    expect(refreshed).toBe(true);
    expect(fake.statements).toEqual(['analyze pathways, evaluations']);
  });

  it('are left to the usual maintenance after a small change', async () => {
    const fake = database();
    expect(await refreshListStatistics(fake, { created: statisticsRefreshRows - 1, archived: 0 })).toBe(
      false,
    );
    expect(fake.statements).toEqual([]);
  });
});
