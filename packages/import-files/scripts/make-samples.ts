// Writes the templates the web app serves (apps/web/public/samples): for each procedure, a header and a
// few example rows of fictional patients with test NHS numbers (999 range, valid check digits, never
// issued). Each procedure's waiting list holds only that procedure's rows, so the samples a page offers
// validate and confirm on that page (docs/requirements.md §2, docs/import-format.md).
// Run with `npx tsx packages/import-files/scripts/make-samples.ts`; the output is committed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { procedureCodes, type ProcedureCode } from '@esr/contracts/procedures';
import { comorbidityColumns, waitingListColumns } from '../src/headers.js';
import { testNhsNumber } from '../test/helpers/nhs.js';

const dir = join(import.meta.dirname, '../../../apps/web/public/samples');

const waitingHeader = waitingListColumns.map((c) => c.header);
const flags = (set: string[]) => comorbidityColumns.map((c) => (set.includes(c.key) ? '1' : '0'));
// The Operation Type cell is left blank here and filled in with each procedure below. The third row
// leaves the clock start and the priority date blank: they are taken from the referral date and the
// clock start (decision 0044).
const exampleRows: string[][] = [
  [
    testNhsNumber(0),
    'RX100234',
    'Siobhán',
    "O'Brien",
    '01/02/1948',
    'F',
    'A',
    '162',
    '71.5',
    '2',
    '',
    '12/03/2024',
    '12/03/2024',
    '15/04/2025',
    'Ms A Ní Bhriain',
    'P3',
    '02/04/2024',
    '03/02/2025',
    'Ready',
    'No social concerns',
    ...flags(['hypt', 'nidd']),
  ],
  [
    testNhsNumber(1),
    'RX100235',
    'Zoë',
    'Adeyemi',
    '05/06/1950',
    'M',
    'N',
    '180',
    '90',
    '1',
    '',
    '05/06/2024',
    '05/06/2024',
    '',
    'Mr E Durand',
    'P2',
    '20/06/2024',
    '',
    'Requires review',
    'Social review required',
    ...flags(['af', 'copd']),
  ],
  [
    testNhsNumber(2),
    'RX100236',
    'Seán',
    'Murphy',
    '23/11/1955',
    'M',
    'B',
    '175',
    '82',
    '4',
    '',
    '20/01/2024',
    '',
    '',
    'Mr E Durand',
    'P4',
    '',
    '10/01/2025',
    'Not ready',
    'Social concerns',
    ...flags([]),
  ],
  [
    testNhsNumber(3),
    'RX100237',
    'Priya',
    'Shah',
    '07/07/1960',
    'F',
    'H',
    '155',
    '60',
    '3',
    '',
    '01/10/2023',
    '28/09/2023',
    '01/05/2025',
    'Ms A Ní Bhriain',
    'P1b',
    '15/01/2025',
    '15/01/2025',
    'Ready',
    'No social concerns',
    ...flags(['ra', 'hypo']),
  ],
];

const operationColumn = waitingHeader.indexOf('Operation Type');
const waitingRows = (procedure: ProcedureCode) =>
  exampleRows.map((row) => row.map((value, i) => (i === operationColumn ? procedure : value)));

const bloodHeader = ['NHS Number', 'Local Patient Identifier', 'Test Name', 'Result', 'Unit', 'Sample Date'];
const bloodRows: string[][] = [
  [testNhsNumber(0), 'RX100234', 'Haemoglobin', '129', 'g/L', '03/02/2025'],
  [testNhsNumber(0), 'RX100234', 'Creatinine', '78', 'µmol/L', '03/02/2025'],
  [testNhsNumber(0), 'RX100234', 'eGFR', '>90', 'mL/min/1.73m2', '03/02/2025'],
  [testNhsNumber(1), 'RX100235', 'Sodium', '139', 'mmol/L', '10/01/2025'],
  [testNhsNumber(1), 'RX100235', 'CRP', '<5', 'mg/L', '10/01/2025'],
];

function csv(rows: string[][]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
}

async function xlsx(
  name: string,
  sheetName: string,
  header: string[],
  rows: string[][],
  dateColumns: string[],
): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      row.map((value, i) => {
        if (!dateColumns.includes(header[i]!) || value === '') return value;
        const [d, m, y] = value.split('/').map(Number);
        return new Date(Date.UTC(y!, m! - 1, d!));
      }),
    );
  }
  header.forEach((h, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(12, h.length + 2);
    // Identifiers as text, so Excel never turns them into 9.99E+09 (docs/requirements.md §5).
    column.numFmt = dateColumns.includes(h) ? 'dd/mm/yyyy' : '@';
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return workbook.xlsx.writeBuffer().then((b) => writeFileSync(join(dir, `${name}.xlsx`), Buffer.from(b)));
}

for (const procedure of procedureCodes) {
  const rows = waitingRows(procedure);
  writeFileSync(join(dir, `${procedure}-waiting-list-template.csv`), csv([waitingHeader, ...rows]));
  writeFileSync(join(dir, `${procedure}-blood-tests-template.csv`), csv([bloodHeader, ...bloodRows]));
  await xlsx(`${procedure}-waiting-list-template`, 'Waiting list', waitingHeader, rows, [
    'Date of Birth',
    'Referral Date',
    'RTT Clock Start',
    'TCI Date',
    'Priority Date',
    'Last Validated Date',
  ]);
  await xlsx(`${procedure}-blood-tests-template`, 'Blood tests', bloodHeader, bloodRows, ['Sample Date']);
}
