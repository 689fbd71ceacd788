import { describe, expect, it } from 'vitest';
import {
  describeActiveFilters,
  draftOf,
  emptyDraft,
  filterMessages,
  filtersFromDraft,
  hasActiveFilters,
  readActiveFilters,
  readActivePage,
  writeActiveFilters,
} from './active-filters';

describe('total records filters in the address (docs/requirements.md §2, §7)', () => {
  it('write under the API names in the form order, leaving out blanks and page 1', () => {
    const params = writeActiveFilters(
      { prediction: 'high', nhsNumber: '9990845255', surgeonName: ' ', status: 'processed' },
      1,
    );
    expect(params.toString()).toBe('nhsNumber=9990845255&status=processed&prediction=high');
    expect(writeActiveFilters({ tciDate: '2026-03-04' }, 3).toString()).toBe('tciDate=2026-03-04&page=3');
    expect(writeActiveFilters({}).toString()).toBe('');
  });

  it('read back what was written, with the page', () => {
    const filters = {
      nhsNumber: '9990845255',
      hospitalNumber: 'RAN760798',
      tciDate: '2026-03-04',
      referralDate: '2025-11-08',
      surgeonName: 'Okonkwo',
      status: 'waiting',
      prediction: 'medium',
      social: 'social_concerns',
      surgery: 'requires_review',
      missingInputs: 'yes',
    } as const;
    const params = writeActiveFilters(filters, 2);
    expect(readActiveFilters(params)).toEqual(filters);
    expect(readActivePage(params)).toBe(2);
    expect(readActivePage(new URLSearchParams('page=0'))).toBe(1);
  });

  it('leave out values the API would refuse, keeping the rest', () => {
    const params = new URLSearchParams(
      'status=scored&prediction=extreme&tciDate=2026-02-30&referralDate=04/03/2026&nhsNumber=abc&missingInputs=maybe&social=social_concerns',
    );
    expect(readActiveFilters(params)).toEqual({ social: 'social_concerns' });
  });

  it('read an NHS number written with spaces as its digits', () => {
    expect(readActiveFilters(new URLSearchParams('nhsNumber=999+084+5255'))).toEqual({
      nhsNumber: '9990845255',
    });
  });

  it('know when any filter is applied', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ surgery: 'ready' })).toBe(true);
  });
});

describe('the filter form', () => {
  it('fills from the applied filters, dates as Day, Month and Year', () => {
    const draft = draftOf({ nhsNumber: '9990845255', tciDate: '2026-03-04', prediction: 'low' });
    expect(draft.nhsNumber).toBe('999 084 5255');
    expect(draft.tciDate).toEqual({ day: '4', month: '3', year: '2026' });
    expect(draft.referralDate).toEqual({ day: '', month: '', year: '' });
    expect(draft.prediction).toBe('low');
  });

  it('gives the filters it asks for', () => {
    const result = filtersFromDraft({
      ...emptyDraft,
      nhsNumber: ' 999 084 5255 ',
      surgeonName: 'Hamid',
      referralDate: { day: '8', month: '11', year: '2025' },
      status: 'incomplete',
      surgery: 'not_ready',
      missingInputs: 'yes',
    });
    expect(result).toEqual({
      ok: true,
      filters: {
        nhsNumber: '9990845255',
        surgeonName: 'Hamid',
        referralDate: '2025-11-08',
        status: 'incomplete',
        surgery: 'not_ready',
        missingInputs: 'yes',
      },
    });
    expect(filtersFromDraft(emptyDraft)).toEqual({ ok: true, filters: {} });
  });

  it('says what is wrong: a date that does not exist, letters in the NHS number, too long a name', () => {
    const result = filtersFromDraft({
      ...emptyDraft,
      nhsNumber: '999-ABC',
      hospitalNumber: 'x'.repeat(31),
      surgeonName: 'y'.repeat(31),
      tciDate: { day: '31', month: '2', year: '2026' },
      referralDate: { day: '1', month: '', year: '2026' },
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        nhsNumber: filterMessages.nhsNumber,
        hospitalNumber: filterMessages.hospitalNumber,
        surgeonName: filterMessages.surgeonName,
        tciDate: filterMessages.tciDate,
        referralDate: filterMessages.referralDate,
      },
    });
    expect(filterMessages.tciDate).toBe('TCI date must be a real date, like 24 11 2026');
  });
});

describe('the filters in words', () => {
  it('name each filter and its value as the table shows them', () => {
    expect(
      describeActiveFilters({
        prediction: 'medium',
        nhsNumber: '9990845255',
        tciDate: '2026-03-04',
        status: 'waiting',
        social: 'social_review_required',
        surgery: 'ready',
        hospitalNumber: 'RAN1',
        missingInputs: 'yes',
      }),
    ).toEqual([
      'NHS number: 999 084 5255',
      'Local patient identifier: RAN1',
      'TCI date: 04-Mar-2026',
      'Status: Not processed',
      'Prediction: Moderate risk',
      'Social aspects: Social review required',
      'Readiness for surgery: Ready',
      'Missing inputs: Some inputs not recorded',
    ]);
    expect(describeActiveFilters({ status: 'excluded', missingInputs: 'no' })).toEqual([
      'Status: Not scored',
      'Missing inputs: All inputs recorded',
    ]);
    expect(describeActiveFilters({})).toEqual([]);
  });
});
