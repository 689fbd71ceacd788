import { describe, expect, it } from 'vitest';
import {
  clearedQuery,
  describeWorklistFilters,
  draftOfFilters,
  emptyWorklistDraft,
  filtersFromDraft,
  flagQuery,
  hasWorklistFilters,
  isMatrixFiltered,
  matrixCellQuery,
  matrixFilters,
  readWorklistView,
  worklistCountText,
  worklistFilterMessages,
  writeWorklistView,
  type WorklistView,
} from './worklist-params';

const view = (query: string) => readWorklistView(new URLSearchParams(query));

describe('the worklist in the address (decision 0044)', () => {
  it('writes the filters under the API names in the form order, then the order and page', () => {
    const written = writeWorklistView({
      filters: { nhsNumber: '999', priority: 'P2', risk: 'high', surgeonName: ' ' },
      sort: 'highest_risk',
      page: 3,
    });
    expect(written.toString()).toBe('risk=high&priority=P2&nhsNumber=999&sort=highest_risk&page=3');
  });

  it('leaves out the worklist’s own order and the first page', () => {
    expect(writeWorklistView({ filters: {}, sort: 'priority', page: 1 }).toString()).toBe('');
    expect(writeWorklistView({ filters: { wait: '104+' }, sort: 'priority', page: 1 }).toString()).toBe(
      'wait=104%2B',
    );
    // Longest wait is a choice now, kept in the address (decision 0056).
    expect(writeWorklistView({ filters: {}, sort: 'longest_wait', page: 1 }).toString()).toBe(
      'sort=longest_wait',
    );
  });

  it('reads back what it wrote', () => {
    const written: WorklistView = {
      filters: {
        risk: 'incomplete',
        wait: '52-65',
        flag: 'harm_review_due',
        priority: 'none',
        surgeonName: 'Okonkwo',
        nhsNumber: '9990845255',
      },
      sort: 'highest_risk',
      page: 2,
    };
    expect(readWorklistView(writeWorklistView(written))).toEqual(written);
  });

  it('reads an address without any as the whole worklist, the most urgent priority first, page 1', () => {
    // NHS England's order (decision 0056), as the API's default.
    expect(view('')).toEqual({ filters: {}, sort: 'priority', page: 1 });
    expect(view('sort=longest_wait').sort).toBe('longest_wait');
    expect(view('sort=highest_risk').sort).toBe('highest_risk');
  });

  it('drops the values the API would refuse, keeping the rest', () => {
    expect(
      view(
        'risk=extreme&wait=12-18&flag=late&priority=P7&nhsNumber=abc&surgeonName=Okonkwo&sort=name&page=-2',
      ),
    ).toEqual({ filters: { surgeonName: 'Okonkwo' }, sort: 'priority', page: 1 });
    expect(view(`surgeonName=${'a'.repeat(101)}&priority=P1a`).filters).toEqual({ priority: 'P1a' });
    expect(view('page=2.5&sort=priority').page).toBe(1);
  });

  it('reads an NHS number written with spaces or hyphens as its digits', () => {
    expect(view('nhsNumber=999+084+5255').filters).toEqual({ nhsNumber: '9990845255' });
    expect(view('nhsNumber=999-084').filters).toEqual({ nhsNumber: '999084' });
    expect(view('nhsNumber=+').filters).toEqual({});
  });

  it('knows when any filter is applied', () => {
    expect(hasWorklistFilters({})).toBe(false);
    expect(hasWorklistFilters({ flag: 'validation_due' })).toBe(true);
  });
});

describe('the matrix’s links (decision 0044)', () => {
  const filtered = view(
    'risk=low&wait=0-18&flag=validation_due&priority=P3&surgeonName=Lee&sort=highest_risk&page=4',
  );

  it('count the matrix with the filters that are not its own bands or flags', () => {
    expect(matrixFilters(filtered.filters)).toEqual({ priority: 'P3', surgeonName: 'Lee' });
    expect(isMatrixFiltered(filtered.filters)).toBe(true);
    expect(isMatrixFiltered(view('risk=high&flag=validation_due').filters)).toBe(false);
  });

  it('set the risk and wait of a cell, keeping the matrix’s filters and the order, from page 1', () => {
    expect(matrixCellQuery(filtered, 'high', '52-65')).toBe(
      'risk=high&wait=52-65&priority=P3&surgeonName=Lee&sort=highest_risk',
    );
    expect(matrixCellQuery(view(''), 'not_processed', '104+')).toBe('risk=not_processed&wait=104%2B');
    expect(matrixCellQuery(view(''), 'excluded')).toBe('risk=excluded');
  });

  it('set the risk alone for a row’s total, the wait alone for a column’s, neither for the whole', () => {
    expect(matrixCellQuery(view('wait=0-18'), 'medium')).toBe('risk=medium');
    expect(matrixCellQuery(view('risk=medium'), undefined, '18-52')).toBe('wait=18-52');
    expect(matrixCellQuery(filtered)).toBe('priority=P3&surgeonName=Lee&sort=highest_risk');
  });

  it('set a flag alone, with the matrix’s filters', () => {
    expect(flagQuery(filtered, 'priority_breached')).toBe(
      'flag=priority_breached&priority=P3&surgeonName=Lee&sort=highest_risk',
    );
  });

  it('clear every filter, keeping the order', () => {
    expect(clearedQuery(filtered)).toBe('sort=highest_risk');
    expect(clearedQuery(view('risk=high'))).toBe('');
  });
});

describe('the worklist’s filter form (decision 0044)', () => {
  it('shows the applied filters, the NHS number in groups', () => {
    expect(draftOfFilters({ nhsNumber: '9990845255', priority: 'none' })).toEqual({
      ...emptyWorklistDraft,
      nhsNumber: '999 084 5255',
      priority: 'none',
    });
  });

  it('applies what is chosen and typed, as the API reads it', () => {
    expect(
      filtersFromDraft({
        ...emptyWorklistDraft,
        risk: 'high',
        priority: 'none',
        surgeonName: '  Okonkwo ',
        nhsNumber: '999 084 5255',
      }),
    ).toEqual({
      ok: true,
      filters: { risk: 'high', priority: 'none', surgeonName: 'Okonkwo', nhsNumber: '9990845255' },
    });
    expect(filtersFromDraft(emptyWorklistDraft)).toEqual({ ok: true, filters: {} });
  });

  it('says what is wrong with a typed filter the API would refuse', () => {
    expect(
      filtersFromDraft({ ...emptyWorklistDraft, nhsNumber: '12345678901', surgeonName: 'a'.repeat(101) }),
    ).toEqual({ ok: false, errors: worklistFilterMessages });
    expect(filtersFromDraft({ ...emptyWorklistDraft, nhsNumber: 'abc' })).toEqual({
      ok: false,
      errors: { nhsNumber: worklistFilterMessages.nhsNumber },
    });
  });

  it('describes the applied filters in words', () => {
    expect(
      describeWorklistFilters({ wait: '104+', risk: 'medium', flag: 'harm_review_due', priority: 'none' }),
    ).toEqual([
      'Risk: Moderate risk',
      'Wait: Over 104 weeks',
      'Flag: Harm review due',
      'Priority: No priority recorded',
    ]);
  });

  it('counts the pathways, saying in what order when there is more than one', () => {
    expect(worklistCountText(1, true, 'priority')).toBe('1 pathway matches the filters');
    expect(worklistCountText(1234, false, 'longest_wait')).toBe(
      '1,234 pathways on the waiting list, longest wait first',
    );
    expect(worklistCountText(1234, false, 'priority')).toBe(
      '1,234 pathways on the waiting list, most urgent priority first, then the longest wait',
    );
    expect(worklistCountText(0, true, 'highest_risk')).toBe('0 pathways match the filters');
  });
});
