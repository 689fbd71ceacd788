import { describe, expect, it } from 'vitest';
import { reportMessages } from '@esr/contracts/open-pathways';
import { reportFileName, reportFormSchema, reportQuery, reportScope } from './report-form';

const messagesOf = (input: unknown) => {
  const result = reportFormSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('report form rules (docs/requirements.md §5)', () => {
  it('needs a name, a file type and at least one field', () => {
    expect(messagesOf({ reportName: '', fileType: '', fields: [] })).toEqual([
      reportMessages.nameRequired,
      reportMessages.fileTypeRequired,
      reportMessages.fieldsRequired,
    ]);
    expect(messagesOf({ reportName: '   ', fileType: 'csv', fields: ['nhsNumber'] })).toEqual([
      reportMessages.nameRequired,
    ]);
  });

  it('takes a name of up to 30 characters, trimmed', () => {
    expect(messagesOf({ reportName: 'x'.repeat(30), fileType: 'pdf', fields: ['a'] })).toEqual([]);
    expect(messagesOf({ reportName: 'x'.repeat(31), fileType: 'pdf', fields: ['a'] })).toEqual([
      reportMessages.nameTooLong,
    ]);
    expect(reportFormSchema.parse({ reportName: ' Knee ', fileType: 'xlsx', fields: ['a'] }).reportName).toBe(
      'Knee',
    );
  });

  it('takes only csv, pdf and xlsx', () => {
    expect(messagesOf({ reportName: 'Knee', fileType: 'docx', fields: ['a'] })).toEqual([
      reportMessages.fileTypeRequired,
    ]);
  });
});

describe('the report request', () => {
  const available = [
    { key: 'nhsNumber', label: 'NHS number' },
    { key: 'firstName', label: 'Forename' },
    { key: 'prediction', label: 'Prediction' },
  ];

  it("carries the table's filters and the fields in the list's order", () => {
    expect(
      reportQuery(
        { reportName: 'High risk', fileType: 'csv', fields: ['prediction', 'nhsNumber'] },
        { prediction: 'high', status: 'processed' },
        available,
      ),
    ).toEqual({
      status: 'processed',
      prediction: 'high',
      fileName: 'High risk',
      fileType: 'csv',
      fields: 'nhsNumber,prediction',
    });
  });

  it('is saved as the report name with a timestamp and the type', () => {
    expect(
      reportFileName({ reportName: 'High risk', fileType: 'xlsx' }, new Date('2026-11-24T16:05:09Z')),
    ).toBe('High risk_20261124-160509.xlsx');
  });

  it('says which records it will hold', () => {
    expect(reportScope(4900, {})).toEqual({
      lead: 'The report will include all 4,900 active records.',
      conditions: [],
    });
    expect(reportScope(1, { prediction: 'high', surgeonName: 'Hamid' })).toEqual({
      lead: 'The report will include 1 record matching:',
      conditions: ['Consultant surgeon: Hamid', 'Prediction: High risk'],
    });
    expect(reportScope(0, { status: 'waiting' }).lead).toBe('The report will include 0 records matching:');
  });

  it('says it without a count while the count cannot be had', () => {
    expect(reportScope(null, {}).lead).toBe('The report will include all the active records.');
    expect(reportScope(null, { surgery: 'ready' })).toEqual({
      lead: 'The report will include the records matching:',
      conditions: ['Readiness for surgery: Ready'],
    });
  });
});
