import { describe, expect, it } from 'vitest';
import { reportFileName } from '../../platform/http/downloads.js';
import { summaryPdfName } from './summary-file-name.js';

const patient = {
  firstName: 'Siobhán',
  lastName: "O'Brien",
  nhsNumber: '9990000026',
  medicalRecordNumber: 'RAN1',
};

describe('summaryPdfName (decision 0064)', () => {
  it('names a summary after its patient, and a past evaluation after the day it was made too', () => {
    expect(summaryPdfName(patient)).toBe("Risk summary Siobhán O'Brien");
    // 23:30 UTC on 14 July is 00:30 on the 15th in London.
    expect(summaryPdfName(patient, '2026-07-14T23:30:00.000Z')).toBe(
      "Risk summary Siobhán O'Brien evaluated 15-Jul-2026",
    );
    expect(reportFileName(summaryPdfName(patient), 'pdf', new Date('2026-12-07T09:12:04Z'))).toBe(
      'Risk summary Siobhán OBrien_20261207-091204.pdf',
    );
  });

  it('names a patient without a recorded name by their NHS number, or their local identifier', () => {
    expect(summaryPdfName({ ...patient, firstName: null, lastName: ' ' })).toBe(
      'Risk summary NHS number 9990000026',
    );
    expect(summaryPdfName({ ...patient, firstName: null, lastName: null, nhsNumber: null })).toBe(
      'Risk summary patient RAN1',
    );
  });

  it('cuts a long name, and drops hidden text-direction characters', () => {
    const name = summaryPdfName({ ...patient, firstName: 'Mary-Catherine '.repeat(40), lastName: null });
    expect(Array.from(name.slice('Risk summary '.length)).length).toBeLessThanOrEqual(60);
    expect(summaryPdfName({ ...patient, firstName: 'Ann\u202e', lastName: 'Lee' })).toBe(
      'Risk summary Ann Lee',
    );
  });
});
