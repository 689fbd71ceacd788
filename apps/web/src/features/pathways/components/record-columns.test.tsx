import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ActiveRecord, ArchivedRecord } from '@esr/contracts/open-pathways';
import { ariaSortFor, Table } from '../../../components/content';
import { activeRecordColumns, archivedRecordColumns, RiskTag } from './record-columns';

/** Rows as a trust's waiting-list extract gives them, once imported and scored. */
const patricia: ActiveRecord = {
  id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a001',
  nhsNumber: '9990845255',
  firstName: 'Patricia',
  lastName: 'MORRIS',
  operationType: 'knee',
  hospitalNumber: 'RAN760798',
  dateOfBirth: '1964-02-19',
  status: 'processed',
  prediction: 'high',
  probability: 0.72436,
  tciDate: null,
  surgeonName: 'Miss L Okonkwo',
  referralDate: '2025-11-08',
  social: 'social_review_required',
  surgery: 'ready',
};
const carol: ActiveRecord = {
  ...patricia,
  id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a002',
  nhsNumber: '9991693939',
  firstName: 'Carol',
  lastName: 'BROWN',
  hospitalNumber: 'RAN784617',
  status: 'waiting',
  prediction: null,
  probability: null,
  tciDate: '2027-02-02',
  surgeonName: 'Mr J Pemberton',
};

const html = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
const text = (markup: string) =>
  markup
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const columns = activeRecordColumns('knee');
const cell = (header: string, row: ActiveRecord) =>
  html(<>{columns.find((column) => column.header === header)!.cell(row)}</>);

describe('the total records table (docs/decisions/0038-the-risk-leads-the-lists.md)', () => {
  it('puts the risk right after the patient, in seven columns that fit a laptop screen', () => {
    expect(columns.map((column) => column.header)).toEqual([
      'Patient',
      'Risk',
      'Waiting',
      'TCI date',
      'Consultant surgeon',
      'Readiness and social aspects',
      'Report',
    ]);
  });

  it('isolates the name, the local identifier and the surgeon, without hidden direction controls (decision 0043)', () => {
    // Stored before the import removed them: "Mr " + U+202E + "kcaj" would read "Mr jack".
    const disguised = {
      ...patricia,
      firstName: 'Ann\u202Egnp.exe',
      hospitalNumber: 'RAN\u2067760798\u2069',
      surgeonName: 'Mr \u202Ekcaj',
    };
    const patient = cell('Patient', disguised);
    expect(patient).toContain('<bdi>MORRIS, Anngnp.exe</bdi>');
    expect(patient).toContain('<bdi>RAN760798</bdi>');
    expect(cell('Consultant surgeon', disguised)).toBe('<bdi>Mr kcaj</bdi>');
    expect(cell('Report', disguised)).toContain('<bdi>Anngnp.exe MORRIS</bdi>');
  });

  it('tags a TCI date that has passed, the pathway still on the list, and no other', () => {
    expect(cell('TCI date', { ...patricia, tciDate: '2020-03-02' })).toContain('02-Mar-2020');
    expect(cell('TCI date', { ...patricia, tciDate: '2020-03-02' })).toContain('>Passed</strong>');
    expect(cell('TCI date', { ...patricia, tciDate: '2999-03-02' })).not.toContain('Passed');
    expect(cell('TCI date', patricia)).toBe('No date');
  });

  it('shows the risk as a coloured tag with the probability beside it', () => {
    const risk = cell('Risk', patricia);
    expect(risk).toContain('nhsuk-tag--red');
    expect(text(risk)).toBe('High risk 72.4%');
    expect(text(cell('Risk', { ...patricia, prediction: 'low', probability: 0.05 }))).toBe('Low risk 5.0%');
    expect(cell('Risk', { ...patricia, prediction: 'medium' })).toContain('nhsuk-tag--orange');
  });

  it('shows a record without a risk by its status, in grey, with no probability', () => {
    expect(text(cell('Risk', carol))).toBe('Not processed');
    expect(cell('Risk', carol)).toContain('nhsuk-tag--grey');
    const failed = { ...carol, status: 'failed' as const };
    expect(text(cell('Risk', failed))).toBe('Failed processing');
    // A record waiting to be scored again shows no band, whatever its last one was.
    expect(text(html(<RiskTag record={{ status: 'waiting', prediction: 'high', probability: 0.9 }} />))).toBe(
      'Not processed',
    );
  });

  it('says why a record has no band, and names the inputs the model was given a default for (decision 0057)', () => {
    const incomplete: ActiveRecord = {
      ...carol,
      status: 'incomplete',
      statusDetail: 'haemoglobin and eGFR not recorded',
      defaultedInputs: ['Haemoglobin', 'eGFR'],
    };
    expect(text(cell('Risk', incomplete))).toBe(
      'Incomplete : haemoglobin and eGFR not recorded Missing inputs: Haemoglobin, eGFR',
    );
    expect(text(cell('Risk', { ...patricia, defaultedInputs: ['Heart failure'] }))).toBe(
      'High risk 72.4% Missing inputs: Heart failure',
    );
    expect(text(cell('Risk', { ...patricia, defaultedInputs: [] }))).toBe('High risk 72.4%');
  });

  it('keeps the other fields within the cells: the patient, the wait, the readiness', () => {
    expect(text(cell('Patient', patricia))).toBe(
      'MORRIS, Patricia NHS number 999 084 5255 Local patient identifier RAN760798 Born 19-Feb-1964',
    );
    expect(text(cell('Waiting', patricia))).toMatch(/^\d[\d,]* weeks Referred 08-Nov-2025$/);
    expect(text(cell('TCI date', patricia))).toBe('No date');
    expect(text(cell('TCI date', carol))).toBe('02-Feb-2027');
    expect(text(cell('Readiness and social aspects', patricia))).toBe(
      'Ready Social aspects Social review required',
    );
  });

  it('offers View report on processed rows only', () => {
    expect(text(cell('Report', patricia))).toBe('View report for Patricia MORRIS');
    expect(cell('Report', patricia)).toContain(
      'href="/patient-lookup/0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a001?type=knee"',
    );
    expect(cell('Report', carol)).toBe('');
  });
});

describe('the sortable headers', () => {
  const table = (key: 'risk' | 'wait' | 'tciDate' | 'surname', direction: 'asc' | 'desc') =>
    html(
      <Table
        caption="Active records for knee replacement"
        layout="records"
        columns={columns}
        rows={[patricia, carol]}
        rowKey={(row) => row.id}
        sort={{ key, direction, onSort: () => undefined }}
      />,
    );
  const headers = (markup: string) =>
    [...markup.matchAll(/<th scope="col"( aria-sort="(\w+)")?>(.*?)<\/th>/g)].map((match) => ({
      name: text(match[3]!.replace(/<span class="app-sort-label">.*?<\/span>/, '')),
      ariaSort: match[2] ?? null,
      button: match[3]!.includes('<button type="button" class="app-sort-button">'),
    }));

  it('are buttons in the headers of risk, wait, TCI date and surname, with aria-sort on each', () => {
    expect(headers(table('wait', 'desc'))).toEqual([
      { name: 'Patient', ariaSort: 'none', button: true },
      { name: 'Risk', ariaSort: 'none', button: true },
      { name: 'Waiting', ariaSort: 'descending', button: true },
      { name: 'TCI date', ariaSort: 'none', button: true },
      { name: 'Consultant surgeon', ariaSort: null, button: false },
      { name: 'Readiness and social aspects', ariaSort: null, button: false },
      { name: 'Report', ariaSort: null, button: false },
    ]);
    const byRisk = headers(table('risk', 'desc'));
    expect(byRisk.find((header) => header.name === 'Risk')!.ariaSort).toBe('descending');
    expect(
      byRisk.filter((header) => header.ariaSort === 'descending' || header.ariaSort === 'ascending'),
    ).toHaveLength(1);
    expect(headers(table('surname', 'asc'))[0]!.ariaSort).toBe('ascending');
  });

  it('say the order of the values the column shows', () => {
    expect(ariaSortFor({ sortKey: 'risk' }, { key: 'risk', direction: 'asc' })).toBe('ascending');
    expect(ariaSortFor({ sortKey: 'risk' }, { key: 'wait', direction: 'asc' })).toBe('none');
    expect(ariaSortFor({}, { key: 'wait', direction: 'asc' })).toBeUndefined();
    expect(ariaSortFor({ sortKey: 'risk' }, undefined)).toBeUndefined();
  });

  it('lead each stacked row with the risk on a narrow screen', () => {
    const markup = table('wait', 'desc');
    const rows = [...markup.matchAll(/<tr class="nhsuk-table__row">(.*?)<\/tr>/g)].map((match) => match[1]!);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const cells = [...row.matchAll(/<td class="([^"]+)">/g)].map((match) => match[1]);
      expect(cells).toEqual([
        'nhsuk-table__cell',
        'nhsuk-table__cell app-record-table__first',
        'nhsuk-table__cell',
        'nhsuk-table__cell',
        'nhsuk-table__cell',
        'nhsuk-table__cell',
        'nhsuk-table__cell',
      ]);
    }
  });
});

describe('the archive, as the total records table', () => {
  const removed: ArchivedRecord = {
    id: '0b7e2f0e-0d3c-4c36-9f5e-2f1f4bb7a003',
    nhsNumber: null,
    firstName: 'Siobhán',
    lastName: "O'Brien",
    operationType: 'knee',
    procedureCode: 'knee',
    hospitalNumber: 'RAN226171',
    dateOfBirth: '1951-03-14',
    dateOfOperation: '2026-12-04',
    surgeonName: 'Mr D Ellis-Jones',
    referralDate: '2025-07-04',
    dateRemoved: '2026-11-24T16:05:09.000Z',
    lastWaitingListId: '7a1c1d52-3c6b-4f3e-9a57-8d1a2b3c4d5e',
    prediction: 'medium',
    probability: 0.31,
  };
  const archived = archivedRecordColumns(() => 'Knee replacement');
  const archivedCell = (header: string, row: ArchivedRecord) =>
    html(<>{archived.find((column) => column.header === header)!.cell(row)}</>);

  it('puts the risk it had when it left right after the patient, first when stacked', () => {
    expect(archived.slice(0, 3).map((column) => column.header)).toEqual([
      'Patient',
      'Risk when removed',
      'Type of operation',
    ]);
    expect(archived.filter((column) => column.stackFirst).map((column) => column.header)).toEqual([
      'Risk when removed',
    ]);
    expect(text(archivedCell('Risk when removed', removed))).toBe('Moderate risk 31.0%');
    expect(text(archivedCell('Risk when removed', { ...removed, prediction: null, probability: null }))).toBe(
      'Not processed',
    );
    expect(text(archivedCell('Patient', removed))).toBe(
      "O'Brien, Siobhán Local patient identifier RAN226171 Born 14-Mar-1951",
    );
  });
});
