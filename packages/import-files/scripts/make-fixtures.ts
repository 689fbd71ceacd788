// Writes the upload fixtures in test/files: files shaped like real trust extracts (PAS, WLMDS,
// pathology), broken and hostile ones. Run with `npx tsx packages/import-files/scripts/make-fixtures.ts`;
// the output is committed, so tests never depend on this script running.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { writeCompoundFile } from '../test/helpers/cfb-writer.js';
import { spaced, testNhsNumber } from '../test/helpers/nhs.js';
import { minimalWorkbook, sheetXml } from '../test/helpers/zip-writer.js';

const dir = join(import.meta.dirname, '../test/files');
const nhs = (i: number) => testNhsNumber(i);
const write = (name: string, data: Uint8Array | string) => writeFileSync(join(dir, name), data);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

// A PAS extract: Windows-1252, semicolons, CRLF, banner lines, PAS column names, a quoted field with
// a semicolon and one with a line break, "not known" words, NBSP padding and a totals line.
function pasExtract(): void {
  const comorbidities =
    "Hypertension;Atrial Fibrillation;IHD;Angina;Valve Disease;Heart Failure;PVD;COPD;Dementia;Alzheimer's;Parkinson's;Psoriasis;Type 1 Diabetes;Type 2 Diabetes;Hypothyroidism;Hyperthyroidism;Rheumatoid Arthritis;Other OA";
  const lines = [
    'ORTHOPAEDIC PATIENT TRACKING LIST;;;;',
    'Example Hospitals NHS Trust;Run: 03/03/2025 07:00;;;',
    ';;;;',
    `NHS No;Hospital No;Forename;Surname;D.O.B.;Gender;Ethnicity;Height (cm);Weight (kg);Smoking Status;Procedure;RTT Start Date;TCI;Consultant;Priority;Readiness for Surgery;Social Aspects;${comorbidities};Notes`,
    `${spaced(nhs(0))};RX100234;Siobhán;O’Brien;01/02/1948;F;A;162;71.5;Ex-smoker;W401 Total knee replacement;12/03/2024;15-Apr-2025;Ms Aoife Ní Bhriain;P3;Ready;No social concerns;Y;N;N;N;N;N;N;N;N;N;N;N;N;Y;N;N;N;N;`,
    `${nhs(1)};RX100235;Zoë;"Smith; Jnr";5 Jun 1950;M;C2;180;90;Current smoker;Total knee replacement;05/06/2024 00:00:00;;Mr Émile Durand;P2;Requires review;Social review required;1;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;0;"Needs an interpreter;`,
    `prefers mornings"`,
    `${nhs(2)};RX100236;Seán;Ó Súilleabháin;23-Nov-1955;2;99;NULL;N/A;Never smoked;W41.1;2024-01-20;;Mr Émile Durand;P4;Not ready;Social concerns;-;Unknown;;;;;;;;;;;;;;;;;`,
    `\u00a0${nhs(3)}\u00a0;RX100237 ;Ann-Marie ;Ng;07/07/1960;Female;Not stated;155.0;60;Not stated;O181;01/10/2023;01/05/2025 09:30;Ms Aoife Ní Bhriain;P1b;Ready;No social concerns;No;No;No;No;No;No;No;No;No;No;No;No;No;No;No;No;No;No;`,
    ';;;;',
    'Total records: 4;;;;',
    '',
  ];
  write('pas-extract-cp1252.csv', iconv.encode(lines.join('\r\n'), 'win1252'));
}

// A WLMDS-shaped extract: UTF-8 with a BOM, warehouse column names, OPCS codes, gender codes 1/2/9.
function wlmdsExtract(): void {
  const header =
    'nhs_number,local_patient_identifier,forename,surname,person_birth_date,person_stated_gender_code,ethnic_category,referral_to_treatment_period_start_date,tci_date,proposed_procedure_opcs_code,procedure_priority_code,consultant_code,waiting_list_type,activity_treatment_function_code,hfl,idd,nidd';
  const rows = [
    `${nhs(4)},LPI0001,Rhys,Pritchard,1951-03-14,1,A1,2024-02-01,2025-04-02,W371,P3,C1234567,IRTT,110,0,0,1`,
    `${nhs(5)},LPI0002,Aaliyah,Begum,1963-12-01,2,J,2024-05-17,,W401,P2,C7654321,IRTT,110,1,0,0`,
    `${nhs(6)},LPI0003,Kai,Okafor,1970-07-30,9,99,2023-11-30,,W931,P4,C1234567,IRTT,110,,,`,
    `,LPI0004,Mei,Chen,1958-01-09,2,R,2024-08-08,2025-03-20,O181,P1a,C7654321,IRTT,110,0,1,0`,
  ];
  write('wlmds-utf8-bom.csv', `\uFEFF${[header, ...rows].join('\n')}\n`);
}

// A workbook as a trust sends it: a cover sheet, a hidden old list, then the list under two banner
// rows, with date cells, booleans, numbers for NHS numbers, and formula columns with stored results.
async function workbookExtract(): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const cover = workbook.addWorksheet('Cover');
  cover.getCell('A1').value = 'Orthopaedic waiting list';
  cover.getCell('A3').value =
    'Prepared by the information team. Contains patient data: handle as OFFICIAL-SENSITIVE.';
  const old = workbook.addWorksheet('Old list', { state: 'hidden' });
  old.addRow(['NHS Number', 'Forename', 'Surname', 'Date of Birth', 'Sex', 'Referral Date']);
  old.addRow([nhs(9), 'Hidden', 'Row', utc(1950, 1, 1), 'M', utc(2020, 1, 1)]);
  const ptl = workbook.addWorksheet('PTL');
  ptl.addRow(['Elective Orthopaedics PTL']);
  ptl.addRow(['As at', utc(2025, 3, 3)]);
  ptl.addRow([
    'NHS Number',
    'Hospital Number',
    'First Name',
    'Last Name',
    'Date of Birth',
    'Sex',
    'Ethnic Category',
    'Height',
    'Weight',
    'Smoking',
    'Operation Type',
    'Referral Date',
    'TCI Date',
    'Surgeon',
    'Priority',
    'Surgery Readiness',
    'Social',
    'Hypertension',
    'Heart Failure',
    'Days Waiting',
  ]);
  const data: [
    string | number,
    string,
    string,
    string,
    Date,
    string,
    string,
    number,
    number,
    string,
    string,
    Date,
    Date | null,
    string,
    string,
    string,
    string,
    boolean,
    number,
  ][] = [
    [
      spaced(nhs(0)),
      'H0001',
      'Siobhán',
      "O'Brien",
      utc(1948, 2, 1),
      'F',
      'A',
      162,
      71.5,
      '2',
      'Knee',
      utc(2024, 3, 12),
      utc(2025, 4, 15),
      'Ms Ní Bhriain',
      'P3',
      'ready',
      'no_social_concerns',
      true,
      0,
    ],
    [
      Number(nhs(1)),
      'H0002',
      'Zoë',
      'Smith',
      utc(1950, 6, 5),
      'M',
      'C',
      180,
      90,
      '1',
      'Total Knee Replacement',
      utc(2024, 6, 5),
      null,
      'Mr Durand',
      'P2',
      'requires_review',
      'social_review_required',
      false,
      1,
    ],
    [
      nhs(2),
      'H0003',
      'Seán',
      'Murphy',
      utc(1955, 11, 23),
      'M',
      'Z',
      175,
      82,
      '4',
      'TKR',
      utc(2024, 1, 20),
      null,
      'Mr Durand',
      'P4',
      'not_ready',
      'social_concerns',
      false,
      0,
    ],
  ];
  for (const [i, row] of data.entries()) {
    const r = i + 4;
    const referral = row[11];
    ptl.addRow([
      ...row.slice(0, 11),
      // The referral date (column L) is a formula whose stored result is a date: read, never evaluated.
      {
        formula: `DATE(${referral.getUTCFullYear()},${referral.getUTCMonth() + 1},${referral.getUTCDate()})`,
        result: referral,
      },
      ...row.slice(12),
      {
        formula: `DATE(2025,3,3)-L${r}`,
        result: Math.round((utc(2025, 3, 3).getTime() - referral.getTime()) / 86_400_000),
      },
    ]);
  }
  for (const column of ['E', 'L', 'M']) ptl.getColumn(column).numFmt = 'dd/mm/yyyy';
  ptl.getCell('B2').numFmt = 'dd/mm/yyyy';
  write('ptl-two-sheets.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
}

// Legacy .xls (BIFF8) with a banner row and date cells.
function legacyXls(): void {
  const rows = [
    ['PAS export - waiting list'],
    [
      'NHS Number',
      'Hospital No',
      'Forename',
      'Surname',
      'DOB',
      'Sex',
      'Referral Date',
      'TCI Date',
      'Procedure',
      'Hypertension',
    ],
    [nhs(7), 'X77', 'Bronwen', 'Jones', utc(1949, 9, 9), 'F', utc(2024, 2, 2), utc(2025, 5, 5), 'Hip', 1],
    [nhs(8), 'X78', 'Dafydd', 'Evans', utc(1957, 12, 31), 'M', utc(2023, 12, 1), '', 'W371', 0],
  ];
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: false, dateNF: 'dd/mm/yyyy' });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Waiting list');
  write('legacy-pas.xls', XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer);
}

// A pathology extract: one row per result, codes and names, flags, limits, comments, other units,
// tests the model does not use, dates with times, and rows that cannot be used.
function pathologyLong(): void {
  const header =
    'Patient NHS Number,MRN,Specimen Date,Test Code,Test Description,Result,Units,Ref Range,Flag';
  const a = nhs(0);
  const b = nhs(1);
  const rows = [
    `${a},RX100234,01/12/2024 08:15,HB,Haemoglobin,131,g/L,115-165,`,
    `${a},RX100234,03/02/2025 08:15,HB,Haemoglobin,12.9,g/dL,11.5-16.5,`,
    `${a},RX100234,03/02/2025 08:15,WBC,White cell count,11.5 H,10^9/L,4.0-11.0,H`,
    `${a},RX100234,03/02/2025 08:15,PLT,Platelets,150,x10^9/L,150-400,`,
    `${a},RX100234,2025-02-03T10:20:00,UREA,Urea,7.2,mmol/L,2.5-7.8,`,
    `${a},RX100234,03-Feb-2025,CREA,Creatinine,1.1,mg/dL,0.6-1.2,`,
    `${a},RX100234,03/02/2025,EGFR,eGFR,>90,mL/min/1.73m2,>90,`,
    `${a},RX100234,03/02/2025,NA,Sodium,haemolysed,mmol/L,133-146,`,
    `${a},RX100234,03/02/2025,ALB,Albumin,3.9,g/dL,3.5-5.0,`,
    `${a},RX100234,03/02/2025,1001371000000100,,<5,mg/L,<5,`,
    `${a},RX100234,03/02/2025,FERR,Ferritin,45,ug/L,30-400,`,
    `${b},,10/01/2025,HB,Hb,12.1,,,`,
    `${b},,10/01/2025,NA,Na,170,mmol/L,133-146,HH`,
    `${b},,10/01/2025,FERR,Ferritin,12,ug/L,30-400,L`,
    `${b},,10/01/2025,VITD,Vitamin D,40,nmol/L,50-120,L`,
    `,RX999001,10/01/2025,CRP,CRP,12 *,mg/L,<5,H`,
    `${a},RX100234,10/01/2025,,,5,,,`,
    `${b},,01/01/2099,HB,Hb,130,g/L,,`,
    `9990000019,,10/01/2025,HB,Hb,130,g/L,,`,
  ];
  write('pathology-long.csv', `${[header, ...rows].join('\r\n')}\r\n`);
}

// Wide: one row per patient (and sample), a column per test, units in the headers, tab-delimited.
function bloodWide(): void {
  const rows = [
    [
      'NHS Number',
      'Hospital No',
      'Date Taken',
      'Hb (g/L)',
      'WCC',
      'Plt',
      'Urea',
      'Creat (umol/L)',
      'eGFR',
      'Na',
      'Alb',
      'CRP',
    ],
    [nhs(0), 'RX100234', '03/02/2025', '129', '6.1', '250', '5.5', '80', '>90', '139', '41', '<5'],
    [nhs(0), 'RX100234', '01/12/2024', '120', '5.9', '240', '5.0', '75', '88', '140', '40', '3'],
    [nhs(1), '', '10/01/2025', '141', '', '', '', '', '', '138', '', ''],
    ['', 'RX999001', '10/01/2025', '', '7.0', '310', '', '', '', '', '', '12'],
  ];
  write('blood-wide.tsv.csv', `${rows.map((r) => r.join('\t')).join('\n')}\n`);
}

// Every kind of row the waiting list refuses, one per row (row numbers are the line numbers).
function dirtyRows(): void {
  const header =
    'NHS Number,Local Patient Identifier,Forename,Surname,Date of Birth,Sex,Ethnic Category,Height (cm),Weight (kg),Smoking,Operation Type,Referral Date,TCI Date,Consultant Surgeon,Priority,Surgery Readiness,Social,Hypertension';
  const ok = (n: number, overrides: Record<number, string> = {}) => {
    const cells = [
      nhs(n),
      `L${n}`,
      'Test',
      'Patient',
      '01/01/1960',
      'F',
      'A',
      '165',
      '70',
      '4',
      'knee',
      '01/01/2024',
      '01/06/2025',
      'Mr Surgeon',
      'P3',
      'ready',
      'no_social_concerns',
      '0',
    ];
    for (const [i, v] of Object.entries(overrides)) cells[Number(i)] = v;
    return cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  };
  const rows = [
    ok(0), // 2: valid
    ok(1, { 0: '9990000019' }), // 3: check digit
    ok(2, { 0: '4444444444' }), // 4: one digit repeated
    ok(3, { 0: '', 1: '' }), // 5: no identifier
    ok(4, { 4: '31/02/1950' }), // 6: not a real date
    ok(5, { 4: '01/01/2030' }), // 7: born in the future
    ok(6, { 4: '01/01/1905' }), // 8: over 110
    ok(7, { 11: '01/06/2024', 12: '01/05/2024' }), // 9: TCI before referral
    ok(8, { 7: '300' }), // 10: height
    ok(9, { 8: '0.5' }), // 11: weight
    ok(10, { 5: 'Q' }), // 12: sex
    ok(11, { 6: 'Y' }), // 13: ethnic category
    ok(12, { 9: '7' }), // 14: smoking
    ok(13, { 15: 'Soon' }), // 15: readiness
    ok(14, { 16: 'Fine' }), // 16: social
    ok(15, { 14: 'P9' }), // 17: priority
    ok(16, { 17: 'maybe' }), // 18: yes/no flag
    ok(17, { 13: 'Mr Bartholomew Featherstonehaugh-Smythe' }), // 19: surgeon over 30
    ok(18, { 1: 'L'.repeat(31) }), // 20: local identifier over 30
    ok(19, { 10: 'hip' }), // 21: operation for another procedure
    ok(0, { 1: 'DUP' }), // 22: duplicate of row 2
    ok(20, { 3: 'Pat\u0000el' }), // 23: NUL byte
    ok(21, { 2: 'Jo\uFFFDn' }), // 24: broken character
    ok(22, { 11: '12/25/2020' }), // 25: month first
    ok(23, { 11: '01/01/1900' }), // 26: placeholder date
    ok(24, { 4: '01/02/45' }), // 27: two-digit year of birth
    ok(25, { 11: '45000' }), // 28: Excel serial in a CSV
    ok(26, { 12: 'next week' }), // 29: not a date at all
    ok(27, { 10: 'Shoulder' }), // 30: unknown operation
  ];
  write('dirty-rows.csv', `${[header, ...rows].join('\n')}\n`);
}

// NHS and hospital numbers as Excel leaves them after a round trip through a General column.
function excelMangled(): void {
  const rows = [
    'NHS Number,Hospital Number,Forename,Surname,Date of Birth,Sex,Referral Date',
    '9.99E+09,H1,Ann,Lee,01/01/1950,F,01/01/2024',
    `${nhs(1)}.0,H2,Bob,Lee,01/01/1950,M,01/01/2024`,
    '990000018,H3,Cat,Lee,01/01/1950,F,01/01/2024',
    `${nhs(3)},1.23457E+11,Dan,Lee,01/01/1950,M,01/01/2024`,
    `${nhs(4)},123456.0,Eve,Lee,01/01/1950,F,01/01/2024`,
    `${nhs(5)},H6,Fay,Lee,01/01/1950,F,01/01/2024`,
  ];
  write('excel-mangled.csv', `${rows.join('\r\n')}\r\n`);
}

function hostile(): void {
  // Office wraps a password-protected workbook in a compound file with these two streams.
  write(
    'password-protected.xlsx',
    writeCompoundFile([
      { name: 'EncryptionInfo', data: Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]) },
      { name: 'EncryptedPackage', data: Buffer.alloc(4096, 0x5a) },
    ]),
  );
  // 4 MB of one character in a few kilobytes: a ratio no real sheet has.
  const padding = ' '.repeat(4 * 1024 * 1024);
  write(
    'zip-bomb.xlsx',
    minimalWorkbook({
      sheet: {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml([['NHS Number', 'Surname']]).replace('<sheetData>', `<sheetData>${padding}`),
      },
    }),
  );
  // The same, declaring a small size so only counting while inflating catches it.
  write(
    'zip-bomb-lying-size.xlsx',
    minimalWorkbook({
      sheet: {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml([['NHS Number', 'Surname']]).replace('<sheetData>', `<sheetData>${padding}`),
        declaredSize: 4000,
      },
    }),
  );
  // "Billion laughs": entity declarations that expand exponentially in a parser that honours them.
  const laughs =
    '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>';
  write(
    'doctype-entity.xlsx',
    minimalWorkbook({
      sheet: {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml(
          [
            ['NHS Number', 'Surname'],
            ['&lol3;', 'x'],
          ],
          laughs,
        ),
      },
    }),
  );
  write(
    'scanned-list.csv',
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

pasExtract();
wlmdsExtract();
await workbookExtract();
legacyXls();
pathologyLong();
bloodWide();
dirtyRows();
excelMangled();
hostile();
