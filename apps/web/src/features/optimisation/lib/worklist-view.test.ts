import { describe, expect, it } from 'vitest';
import {
  emptyOptimisationView,
  filtersOfView,
  readOptimisationView,
  writeOptimisationView,
} from './worklist-view';

describe('the optimisation worklist’s address', () => {
  it('reads back what it wrote', () => {
    const view = {
      factor: 'anaemia',
      status: 'referred',
      overdue: true,
      surgeonName: 'Kaur',
      nhsNumber: '999',
      page: 3,
    } as const;
    const query = writeOptimisationView(view);
    expect(query.toString()).toBe(
      'factor=anaemia&status=referred&overdue=true&surgeonName=Kaur&nhsNumber=999&page=3',
    );
    expect(readOptimisationView(query)).toEqual(view);
  });

  it('writes nothing for the empty view and ignores what it does not know', () => {
    expect(writeOptimisationView(emptyOptimisationView).toString()).toBe('');
    expect(readOptimisationView(new URLSearchParams('factor=gout&status=done&overdue=yes&page=-2'))).toEqual(
      emptyOptimisationView,
    );
    expect(
      readOptimisationView(new URLSearchParams(`surgeonName=${'x'.repeat(100_000)}`)).surgeonName,
    ).toHaveLength(100);
  });

  it('sends the API only the filters chosen', () => {
    expect(filtersOfView(emptyOptimisationView)).toEqual({});
    expect(filtersOfView({ ...emptyOptimisationView, overdue: true, surgeonName: '  ' })).toEqual({
      overdue: 'true',
    });
  });
});
