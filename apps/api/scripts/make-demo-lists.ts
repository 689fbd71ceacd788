/**
 * Writes the demonstration trust's waiting lists and blood tests (apps/api/src/data/demo-lists), as
 * a trust's PAS and pathology systems export them: a UTF-8 CSV with PAS headers for knee, a workbook
 * with a banner row for hip, WLMDS column names for knee-hip, and long-format pathology extracts with
 * flags, limits and comments. Each list has the prioritisation columns of decision 0044: the
 * priority, the RTT clock start, the priority date and the last validated date (`prioritise`).
 * Every patient is fictional; NHS numbers come from the 999 test range.
 * Deterministic: run `npx tsx apps/api/scripts/make-demo-lists.ts` after changing it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { spacedNhsNumber } from '../../../packages/contracts/src/nhs-number.js';
import { mulberry32 } from '../../../packages/contracts/src/seeded-random.js';
import { demoExtractsDay } from '../src/modules/waiting-list/demo-dates.js';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/data/demo-lists');
/** The day the extracts are made as of: the seeding moves their dates from it to the first start (decision 0054). */
const referenceDay = Date.parse(demoExtractsDay);
const dayMs = 86_400_000;

const forenames = {
  F: [
    'Margaret',
    'Susan',
    'Patricia',
    'Janet',
    'Christine',
    'Linda',
    'Elaine',
    'Siobhán',
    'Zoë',
    'Aisha',
    'Priya',
    'Agnieszka',
    'Gwen',
    'Mary',
    'Barbara',
    'Anne',
    'Sandra',
    'Joan',
    'Helen',
    'Carol',
    'Nkechi',
    'Fatima',
    'Róisín',
    'Eileen',
    'Jean',
    'Pauline',
    'Brenda',
    'Maureen',
    'Hannah',
    'Olena',
  ],
  M: [
    'David',
    'John',
    'Michael',
    'Peter',
    'Robert',
    'Stephen',
    'Paul',
    'Łukasz',
    'Rajesh',
    'Mohammed',
    'Seán',
    'Graham',
    'Keith',
    'Brian',
    'Alan',
    'Trevor',
    'Derek',
    'Gareth',
    'Kwame',
    'Dafydd',
    'Colin',
    'Malcolm',
    'Barry',
    'Ian',
    'Anthony',
    'Tariq',
    'Krzysztof',
    'Neil',
    'Roger',
    'Terence',
  ],
};
const surnames = [
  'Smith',
  'Jones',
  'Williams',
  'Taylor',
  'Brown',
  'Davies',
  'Evans',
  'Wilson',
  'Thomas',
  "O'Brien",
  'Roberts',
  'Johnson',
  'Lewis',
  'Walker',
  'Robinson',
  'Wood',
  'Thompson',
  'White',
  'Watson',
  'Jackson',
  'Wright',
  'Green',
  'Harris',
  'Cooper',
  'King',
  'Lee',
  'Martin',
  'Clarke',
  'James',
  'Morgan',
  'Hughes',
  'Edwards',
  'Hill',
  'Moore',
  'Clark',
  'Harrison',
  'Scott',
  'Young',
  'Morris',
  'Hall',
  'Ward',
  'Turner',
  'Carter',
  'Phillips',
  'Mitchell',
  'Patel',
  'Khan',
  'Ahmed',
  'Kowalski',
  'Nowak',
  'Okafor',
  'Mensah',
  'Singh',
  'Begum',
  'McDonald',
  'Ní Bhriain',
  'Fitzgerald',
  'Adeyemi',
  'Chowdhury',
  'Ferreira',
];
const surgeons = [
  'Mr A Hamid',
  'Ms R Kaur',
  'Mr J Pemberton',
  'Miss L Okonkwo',
  'Mr T Fairbanks',
  'Mr D Ellis-Jones',
  'Ms C Nguyen',
  'Mr P Varma',
];
const ethnic = [
  'A',
  'A',
  'A',
  'A',
  'A',
  'A',
  'A',
  'A',
  'B',
  'C',
  'C',
  'D',
  'F',
  'H',
  'H',
  'J',
  'K',
  'M',
  'N',
  'R',
  'S',
  'Z',
  '99',
];
const comorbidityPrevalence: Record<string, number> = {
  hypt: 0.45,
  af: 0.08,
  ihd: 0.08,
  ang: 0.04,
  valv: 0.03,
  hfl: 0.03,
  pvd: 0.03,
  copd: 0.1,
  dem: 0.02,
  alz: 0.01,
  pa: 0.01,
  ps: 0.03,
  idd: 0.02,
  nidd: 0.12,
  hypo: 0.08,
  hype: 0.01,
  ra: 0.04,
  foa: 0.2,
};
const comorbidityHeaders: Record<string, string> = {
  hypt: 'Hypertension',
  af: 'Atrial Fibrillation',
  ihd: 'Ischaemic Heart Disease',
  ang: 'Angina',
  valv: 'Valvular Heart Disease',
  hfl: 'Heart Failure',
  pvd: 'Peripheral Vascular Disease',
  copd: 'COPD',
  dem: 'Dementia',
  alz: "Alzheimer's",
  pa: "Parkinson's Disease",
  ps: 'Psoriasis',
  idd: 'Insulin-dependent diabetes',
  nidd: 'Non-insulin-dependent diabetes',
  hypo: 'Hypothyroidism',
  hype: 'Hyperthyroidism',
  ra: 'Rheumatoid Arthritis',
  foa: 'Other Osteoarthritis',
};

function nhsNumber(next: () => number, used: Set<string>): string {
  for (;;) {
    let digits = '999';
    for (let i = 0; i < 6; i++) digits += Math.floor(next() * 10);
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(digits[i]) * (10 - i);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    const full = digits + (check === 11 ? 0 : check);
    if (used.has(full)) continue;
    used.add(full);
    return full;
  }
}

function hospitalNumber(next: () => number, used: Set<string>): string {
  for (;;) {
    const candidate = `RAN${String(100000 + Math.floor(next() * 899999))}`;
    if (used.has(candidate)) continue;
    used.add(candidate);
    return candidate;
  }
}

const normal = (next: () => number, mean: number, sd: number) => {
  const u = Math.max(next(), 1e-12);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
};
const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dmy = (ms: number) => {
  const [y, m, d] = iso(ms).split('-');
  return `${d}/${m}/${y}`;
};
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dMonY = (ms: number) => {
  const date = new Date(ms);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${months[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
};

interface Patient {
  nhs: string | null;
  mrn: string;
  forename: string;
  surname: string;
  dob: number;
  sex: 'M' | 'F';
  ethnic: string;
  height: number | null;
  weight: number | null;
  smoking: string;
  operation: string;
  referral: number;
  tci: number | null;
  surgeon: string;
  priority: string;
  readiness: string;
  social: string;
  flags: Record<string, number | null>;
  /** Decision 0044: the RTT clock start, when the priority was set (null: not given) and the last validation. */
  clockStart: number;
  priorityDate: number | null;
  lastValidated: number | null;
}

function patients(
  count: number,
  seed: number,
  procedure: 'knee' | 'hip' | 'knee-hip',
  used: Set<string>,
): Patient[] {
  const next = mulberry32(seed);
  const list: Patient[] = [];
  for (let i = 0; i < count; i++) {
    const sex = next() < 0.58 ? 'F' : 'M';
    const age = Math.min(92, Math.max(42, normal(next, 70, 9)));
    const dob = referenceDay - Math.round(age * 365.25 * dayMs) - Math.floor(next() * 365) * dayMs;
    const height = Math.round(sex === 'F' ? normal(next, 162, 6.5) : normal(next, 176, 7));
    const bmi = Math.min(55, Math.max(18, normal(next, 30, 5.2)));
    const referral = referenceDay - Math.floor(next() * 540 + 30) * dayMs;
    const flags: Record<string, number | null> = {};
    for (const [code, prevalence] of Object.entries(comorbidityPrevalence)) {
      flags[code] = next() < 0.03 ? null : next() < prevalence ? 1 : 0;
    }
    const operation = procedure === 'knee-hip' ? (next() < 0.5 ? 'knee' : 'hip') : procedure;
    list.push({
      nhs: next() < 0.985 ? nhsNumber(next, used) : null,
      mrn: hospitalNumber(next, used),
      forename: pick(next, forenames[sex]),
      surname: pick(next, surnames),
      dob,
      sex,
      ethnic: pick(next, ethnic),
      height: next() < 0.06 ? null : height,
      weight: next() < 0.06 ? null : Math.round(bmi * (height / 100) ** 2 * 10) / 10,
      smoking: pick(next, ['4', '4', '4', '2', '2', '1', '3', 'Z', '9']),
      operation,
      referral,
      tci: next() < 0.35 ? referenceDay + Math.floor(next() * 120 + 7) * dayMs : null,
      surgeon: pick(next, surgeons),
      priority: pick(next, ['P4', 'P4', 'P4', 'P3', 'P3', 'P2']),
      readiness: pick(next, ['Ready', 'Ready', 'Requires review', 'Not ready']),
      social: pick(next, [
        'No social concerns',
        'No social concerns',
        'No social concerns',
        'Social review required',
        'Social concerns',
      ]),
      flags,
      clockStart: referral,
      priorityDate: null,
      lastValidated: null,
    });
  }
  prioritise(list, seed + 1000);
  return list;
}

const weekMs = 7 * dayMs;

/**
 * The prioritisation columns (decision 0044), drawn from a generator of their own so that every
 * patient's other details stay as they were. Clock starts from 2024 to October 2026: by the
 * reference day a fifth have waited over 52 weeks, one in seventeen over 78 and a handful over 104.
 * Most clocks start when the referral is received; a few restart later, after active monitoring.
 * Most priorities were set within weeks of the clock start, some reviewed since, a few P2s raised to
 * P1b in the last days; some rows give no priority date. About half of those waiting over 12 weeks
 * have been validated, at 12 weeks or since.
 */
function prioritise(list: Patient[], seed: number): void {
  const next = mulberry32(seed);
  const lastDay = referenceDay - dayMs;
  for (const p of list) {
    const band = next();
    const waitedWeeks =
      band < 0.006
        ? 104 + next() * 10
        : band < 0.06
          ? 78 + next() * 26
          : band < 0.2
            ? 52 + next() * 26
            : 2 + 50 * next() ** 1.4;
    p.clockStart = referenceDay - Math.round(waitedWeeks * 7) * dayMs;
    p.referral = next() < 0.08 ? p.clockStart - Math.round((2 + next() * 18) * 7) * dayMs : p.clockStart;
    if (p.priority === 'P2' && next() < 0.03) p.priority = 'P1b';
    const waitedMs = referenceDay - p.clockStart;
    if (p.priority === 'P1b') p.priorityDate = referenceDay - Math.round(1 + next() * 9) * dayMs;
    else if (next() < 0.12) p.priorityDate = null;
    else if (next() < 0.25)
      p.priorityDate = Math.min(lastDay, p.clockStart + Math.round((next() * waitedMs) / dayMs) * dayMs);
    else p.priorityDate = Math.min(lastDay, p.clockStart + Math.round(next() * 56) * dayMs);
    const sinceTwelveWeeks = waitedMs - 12 * weekMs;
    p.lastValidated =
      sinceTwelveWeeks > 0 && next() < 0.5
        ? referenceDay - Math.round(3 + next() * Math.min(180, sinceTwelveWeeks / dayMs - 3)) * dayMs
        : null;
  }
}

const yn = (value: number | null, style: 'YN' | '10') =>
  value === null ? '' : style === 'YN' ? (value ? 'Y' : 'N') : String(value);

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const csv = (rows: string[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

const opcs = { knee: ['W401', 'W411', 'W421', 'O181'], hip: ['W371', 'W381', 'W391', 'W931'] };

/** Knee: a PAS patient-tracking-list extract (UTF-8 with BOM, PAS column names, Y/N flags). */
function kneeList(list: Patient[]): string {
  const header = [
    'NHS No',
    'Hospital No',
    'Forename',
    'Surname',
    'DOB',
    'Gender',
    'Ethnicity',
    'Height (cm)',
    'Weight (kg)',
    'Smoking Status',
    'Procedure',
    'RTT Start',
    'TCI Date',
    'Consultant',
    'Priority',
    'Readiness for Surgery',
    'Social Aspects',
    ...Object.keys(comorbidityHeaders).map((code) => comorbidityHeaders[code]!),
    // Added to the extract later, so at its end.
    'Priority Date',
    'Last Validated Date',
  ];
  const rows = list.map((p, i) => [
    p.nhs ? spacedNhsNumber(p.nhs) : '',
    p.mrn,
    p.forename,
    p.surname.toUpperCase(),
    dmy(p.dob),
    p.sex === 'M' ? 'Male' : 'Female',
    p.ethnic,
    p.height === null ? '' : String(p.height),
    p.weight === null ? '' : String(p.weight),
    p.smoking,
    i % 3 === 0 ? pick(mulberry32(i), opcs.knee) : 'Total knee replacement',
    // 'RTT Start': the clock start, and with no referral date column the referral date too.
    dmy(p.clockStart),
    p.tci === null ? '' : dmy(p.tci),
    p.surgeon,
    p.priority,
    p.readiness,
    p.social,
    ...Object.keys(comorbidityHeaders).map((code) => yn(p.flags[code] ?? null, 'YN')),
    p.priorityDate === null ? '' : dmy(p.priorityDate),
    p.lastValidated === null ? '' : dmy(p.lastValidated),
  ]);
  return '\ufeff' + csv([header, ...rows]);
}

/** Knee and hip: the WLMDS column names, ISO dates and codes, 1/0 flags. */
function wlmdsList(list: Patient[]): string {
  const header = [
    'nhs_number',
    'local_patient_identifier',
    'forename',
    'surname',
    'date_of_birth',
    'person_stated_gender_code',
    'ethnic_category',
    'height_cm',
    'weight_kg',
    'smoking_status',
    'proposed_procedure_opcs_code',
    'referral_to_treatment_period_start_date',
    'tci_date',
    'consultant_surgeon',
    'procedure_priority_code',
    'procedure_priority_date',
    'last_validated_date',
    'surgery_readiness',
    'social',
    ...Object.keys(comorbidityHeaders),
  ];
  const rows = list.map((p, i) => [
    p.nhs ?? '',
    p.mrn,
    p.forename,
    p.surname,
    iso(p.dob),
    p.sex === 'M' ? '1' : '2',
    p.ethnic,
    p.height === null ? '' : String(p.height),
    p.weight === null ? '' : String(p.weight),
    p.smoking,
    pick(mulberry32(i + 7), p.operation === 'knee' ? opcs.knee : opcs.hip),
    iso(p.clockStart),
    p.tci === null ? '' : iso(p.tci),
    p.surgeon,
    p.priority,
    p.priorityDate === null ? '' : iso(p.priorityDate),
    p.lastValidated === null ? '' : iso(p.lastValidated),
    p.readiness === 'Ready' ? 'ready' : p.readiness === 'Not ready' ? 'not_ready' : 'requires_review',
    p.social === 'No social concerns'
      ? 'no_social_concerns'
      : p.social === 'Social concerns'
        ? 'social_concerns'
        : 'social_review_required',
    ...Object.keys(comorbidityHeaders).map((code) => yn(p.flags[code] ?? null, '10')),
  ]);
  return csv([header, ...rows]);
}

/** Hip: a workbook with a banner row, real date cells and Yes/No flags. */
async function hipWorkbook(list: Patient[], file: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(referenceDay);
  const sheet = workbook.addWorksheet('PTL T&O Hip');
  sheet.addRow([
    'Royal National Orthopaedic Hospital NHS Trust - Trauma & Orthopaedics PTL (hip replacement) - extracted 01/11/2026 06:00',
  ]);
  sheet.addRow([]);
  sheet.addRow([
    'NHS Number',
    'MRN',
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
    'RTT Clock Start',
    'TCI Date',
    'Consultant Surgeon',
    'Priority',
    'Priority Date',
    'Last Validated Date',
    'Surgery Readiness',
    'Social',
    ...Object.keys(comorbidityHeaders).map((code) => comorbidityHeaders[code]!),
  ]);
  for (const p of list) {
    sheet.addRow([
      p.nhs ?? null,
      p.mrn,
      p.forename,
      p.surname,
      new Date(p.dob),
      p.sex,
      p.ethnic,
      p.height,
      p.weight,
      p.smoking,
      'Hip replacement',
      new Date(p.referral),
      new Date(p.clockStart),
      p.tci === null ? null : new Date(p.tci),
      p.surgeon,
      p.priority,
      p.priorityDate === null ? null : new Date(p.priorityDate),
      p.lastValidated === null ? null : new Date(p.lastValidated),
      p.readiness,
      p.social,
      ...Object.keys(comorbidityHeaders).map((code) =>
        p.flags[code] === null ? null : p.flags[code] ? 'Yes' : 'No',
      ),
    ]);
  }
  sheet.getColumn(1).numFmt = '@';
  for (const column of [5, 12, 13, 14, 17, 18]) sheet.getColumn(column).numFmt = 'dd/mm/yyyy';
  await workbook.xlsx.writeFile(file);
}

const labs = [
  { names: ['Hb', 'Haemoglobin'], unit: 'g/L', mean: 134, sd: 14, decimals: 0 },
  { names: ['WBC', 'White cell count'], unit: '10*9/L', mean: 7.2, sd: 2, decimals: 1 },
  { names: ['PLT', 'Platelets'], unit: '10*9/L', mean: 255, sd: 60, decimals: 0 },
  { names: ['Urea'], unit: 'mmol/L', mean: 6.1, sd: 2, decimals: 1 },
  { names: ['Creatinine'], unit: 'umol/L', mean: 82, sd: 22, decimals: 0 },
  { names: ['eGFR'], unit: 'mL/min/1.73m2', mean: 74, sd: 18, decimals: 0 },
  { names: ['Na', 'Sodium'], unit: 'mmol/L', mean: 139, sd: 3, decimals: 0 },
  { names: ['Alb', 'Albumin'], unit: 'g/L', mean: 41, sd: 4, decimals: 0 },
  { names: ['CRP'], unit: 'mg/L', mean: 4, sd: 6, decimals: 0 },
] as const;

/** Long format, one row per result, as pathology exports come: flags, limits and comments included. */
function bloodTests(list: Patient[], seed: number): string {
  const next = mulberry32(seed);
  const rows: string[][] = [
    ['NHS Number', 'Hospital Number', 'Test Name', 'Result', 'Units', 'Flag', 'Sample Date'],
  ];
  for (const p of list) {
    if (next() < 0.12) continue;
    const samples = next() < 0.3 ? 2 : 1;
    for (let s = 0; s < samples; s++) {
      // Pre-operative bloods: most taken within the 90 days a model may use them (decision 0057), a few before.
      const taken = referenceDay - Math.floor(next() * 95 + 5 + s * 60) * dayMs;
      const time = `${String(8 + Math.floor(next() * 9)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}`;
      for (const lab of labs) {
        if (next() < 0.05) continue;
        let value = Math.max(lab.mean / 4, normal(next, lab.mean, lab.sd));
        if (lab.names[0] === 'CRP') value = Math.exp(normal(next, 1.2, 0.9));
        let text = value.toFixed(lab.decimals);
        let flag = '';
        if (lab.names[0] === 'eGFR' && value > 90) text = '>90';
        else if (lab.names[0] === 'CRP' && value < 4) text = '<4';
        else if (next() < 0.004) text = 'Haemolysed';
        else if (value > lab.mean + 2 * lab.sd) flag = 'H';
        else if (value < lab.mean - 2 * lab.sd) flag = 'L';
        rows.push([
          p.nhs ?? '',
          p.mrn,
          pick(next, lab.names),
          text,
          lab.unit,
          flag,
          `${dMonY(taken)} ${time}`,
        ]);
      }
    }
  }
  return csv(rows);
}

async function main() {
  fs.mkdirSync(out, { recursive: true });
  const used = new Set<string>();
  const knee = patients(2400, 11, 'knee', used);
  const hip = patients(1800, 22, 'hip', used);
  const kneeHip = patients(700, 33, 'knee-hip', used);
  fs.writeFileSync(path.join(out, 'knee-waiting-list.csv'), kneeList(knee));
  fs.writeFileSync(path.join(out, 'knee-blood-tests.csv'), bloodTests(knee, 111));
  await hipWorkbook(hip, path.join(out, 'hip-waiting-list.xlsx'));
  fs.writeFileSync(path.join(out, 'hip-blood-tests.csv'), bloodTests(hip, 222));
  fs.writeFileSync(path.join(out, 'knee-hip-waiting-list.csv'), wlmdsList(kneeHip));
  fs.writeFileSync(path.join(out, 'knee-hip-blood-tests.csv'), bloodTests(kneeHip, 333));
}

await main();
