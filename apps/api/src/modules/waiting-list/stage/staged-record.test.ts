import fc from 'fast-check';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comorbidityFields, labFields } from '@esr/contracts/remodel';
import { parseBloodTests, readBloodTests } from '@esr/import-files/blood-tests';
import { comorbidityCodes, type BloodTestPatient, type WaitingListRecord } from '@esr/import-files/types';
import {
  copyField,
  textOf,
  writeStagedLineEndFrom,
  resultJson,
  stagedColumns,
  stagedLineEnd,
  stagedLineStart,
} from './staged-record.js';
import { stagedPathways } from '../../../platform/db/schema.js';

const record: WaitingListRecord = {
  nhsNumber: '9434765919',
  localPatientIdentifier: 'RAN\\0042',
  firstName: 'Siobhán',
  lastName: "O'Brien\tSmith",
  dateOfBirth: '1950-03-01',
  sex: 'F',
  ethnicGroup: null,
  height: 162.5,
  weight: 71,
  smoking: '4',
  operationType: 'knee',
  operation: 'W401',
  referralDate: '2026-01-03',
  clockStart: '2025-12-29',
  tciDate: null,
  surgeonName: 'Mr A "Tony" Surgeon',
  priority: 'P2',
  priorityDate: '2026-02-10',
  lastValidatedOn: null,
  surgery: null,
  social: 'social_concerns',
  comorbidities: Object.fromEntries(
    comorbidityCodes.map((code, index) => [code, index % 3 === 0 ? 1 : index % 3 === 1 ? 0 : null]),
  ) as WaitingListRecord['comorbidities'],
};
const bloods: BloodTestPatient = {
  nhsNumber: '9434765919',
  localPatientIdentifier: null,
  results: { haemoglobin: 131.5, crp: 0.5, sodium: 139 },
  sampleDates: { haemoglobin: '2026-10-01', crp: '2026-09-30', sodium: '2026-10-01' },
  rowNumbers: [2, 3, 4],
};

/** The record the model reads, as the pathway keeps it. */
const expectedClinical = (withBloods: boolean) => ({
  height: 162.5,
  weight: 71,
  sex: 'F',
  ethnicGroup: null,
  smoking: '4',
  dateOfBirth: '1950-03-01',
  ...record.comorbidities,
  ...(withBloods ? bloods.results : {}),
});

/** A staged line's fields, as COPY reads them. */
const fieldsOf = (line: string) => {
  expect(line.endsWith('\n')).toBe(true);
  const fields = line.slice(0, -1).split('\t');
  expect(fields).toHaveLength(stagedColumns.length);
  return (column: (typeof stagedColumns)[number]) => fields[stagedColumns.indexOf(column)]!;
};

describe('a staged row', () => {
  it('writes the clinical record the model reads as JSON, with or without blood results', () => {
    const withBloods = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd(bloods));
    expect(JSON.parse(withBloods('clinical'))).toEqual(expectedClinical(true));
    const without = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd());
    expect(JSON.parse(without('clinical'))).toEqual(expectedClinical(false));
    const unmeasured = fieldsOf(
      stagedLineStart('batch', 7, { ...record, height: Number.NaN }) + stagedLineEnd(),
    );
    expect(JSON.parse(unmeasured('clinical'))).toMatchObject({ height: null });
  });

  it('writes the keys in the order the remodel writes them, so that the same record hashes the same', () => {
    const clinical = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd(bloods))('clinical');
    const keys = Object.keys(JSON.parse(clinical) as object);
    expect(keys).toEqual([
      'height',
      'weight',
      'sex',
      'ethnicGroup',
      'smoking',
      'dateOfBirth',
      ...comorbidityFields,
      ...labFields.filter((field) => field in bloods.results),
    ]);
    expect(clinical).toBe(JSON.stringify(JSON.parse(clinical)));
  });

  it('writes the sample dates as JSON, the latest once and any other by its test', () => {
    const line = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd(bloods));
    // The latest date once; the CRP sample, a day earlier, by its own name.
    expect(JSON.parse(line('lab_dates'))).toEqual({ sampled: '2026-10-01', crp: '2026-09-30' });
    const oneDay = { ...bloods, sampleDates: { haemoglobin: '2026-10-01', sodium: '2026-10-01' } };
    expect(fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd(oneDay))('lab_dates')).toBe(
      '{"sampled":"2026-10-01"}',
    );
    expect(fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd())('lab_dates')).toBe('{}');
  });

  it('escapes what COPY text format reads specially, and writes NULL as \\N', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('Siobhán "Ó" Brien')).toBe('Siobhán "Ó" Brien');
    expect(copyField(42)).toBe('42');
  });

  it('is one line with a field for each staged column', () => {
    const at = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd(bloods));
    expect(at('row_number')).toBe('7');
    expect(at('local_patient_identifier')).toBe('RAN\\\\0042');
    expect(at('last_name')).toBe("O'Brien\\tSmith");
    expect(at('tci_date')).toBe('\\N');
  });

  it('writes the clock start, the priority and its date and the last validation in their columns (decision 0044)', () => {
    const at = fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd());
    expect(at('referral_date')).toBe('2026-01-03');
    expect(at('clock_start')).toBe('2025-12-29');
    expect(at('priority')).toBe('P2');
    expect(at('priority_date')).toBe('2026-02-10');
    expect(at('last_validated_on')).toBe('\\N');
    const validated = fieldsOf(
      stagedLineStart('batch', 7, { ...record, lastValidatedOn: '2026-03-01' }) + stagedLineEnd(),
    );
    expect(validated('last_validated_on')).toBe('2026-03-01');
    expect(validated('surgery')).toBe('\\N');
    expect(validated('social')).toBe('social_concerns');
  });

  it('writes the operation as the file wrote it, for the population rule (decision 0057)', () => {
    expect(fieldsOf(stagedLineStart('batch', 7, record) + stagedLineEnd())('operation')).toBe('W401');
    const words = { ...record, operation: 'Revision total knee replacement' };
    expect(fieldsOf(stagedLineStart('batch', 7, words) + stagedLineEnd())('operation')).toBe(
      'Revision total knee replacement',
    );
    expect(
      fieldsOf(stagedLineStart('batch', 7, { ...record, operation: null }) + stagedLineEnd())('operation'),
    ).toBe('\\N');
  });

  it('names every column of the staging table, so that COPY fills each one', () => {
    const tableColumns = Object.values(getTableColumns(stagedPathways)).map((column) => column.name);
    expect([...stagedColumns].sort()).toEqual([...tableColumns].sort());
  });
});

describe("a patient's blood results as a staged line writes them", () => {
  it('writes a result as JSON does, without the general conversion for up to six decimal places', () => {
    const decimals = fc
      .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 6 }))
      .map(([whole, places]) => whole / 10 ** places);
    fc.assert(
      fc.property(fc.oneof(decimals, fc.double(), fc.double({ min: -1e10, max: 1e10 })), (value) => {
        expect(resultJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 20_000 },
    );
    for (const value of [0, -0, 0.1 + 0.2, 1e-7, 0.000001, 999_999_999.5, 1e9, 12.3 * 10, 97.24])
      expect(resultJson(value)).toBe(JSON.stringify(value));
  });

  it('writes the same line from the blood reader’s table as from its patients', async () => {
    const extract = [
      'NHS Number,Hospital Number,Test,Result,Units,Sample Date',
      '9434765919,RX1,Hb,12.9,g/dL,03/02/2025',
      '9434765919,RX1,Creatinine,1.1,mg/dL,01/02/2025 10:30',
      '9434765919,RX1,CRP,<5,,03/02/2025',
      '9434765919,RX1,Sodium,haemolysed,,03/02/2025',
      '9434765919,RX1,eGFR,>90,,03/02/2025',
      ',RX999,WBC,11.5,,10/01/2025',
      ',RX998,Sodium,comment only,,10/01/2025',
    ].join('\r\n');
    const input = { bytes: Buffer.from(extract), fileName: 'pathology.csv' };
    const patients: BloodTestPatient[] = [];
    const parsed = parseBloodTests(input, { today: '2025-03-03' });
    for (let step = await parsed.next(); !step.done; step = await parsed.next())
      patients.push(...step.value.rows);
    const reading = readBloodTests(input, { today: '2025-03-03' });
    let step = await reading.next();
    while (!step.done) step = await reading.next();
    const table = step.value.patients!;
    const fromTable: string[] = [];
    for (let patient = 0; patient < table.count; patient++) {
      if (!table.hasResult(patient)) continue;
      fromTable.push(textOf((sink) => writeStagedLineEndFrom(sink, table, patient)));
    }
    expect(patients).toHaveLength(2);
    expect(fromTable).toEqual(patients.map((patient) => stagedLineEnd(patient)));
    expect(fromTable[0]).toBe(
      ',"haemoglobin":129,"creatinine":97.24,"egfr":90,"crp":5}\t{"sampled":"2025-02-03","creatinine":"2025-02-01"}\n',
    );
  });
});
