import { demoFileLines, demoFileText } from '../../test/factories/demo-files.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ActiveRecord, ActiveRecords, Prediction } from '@esr/contracts/open-pathways';
import type { PatientSearchItem } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { WaitingListDashboard } from '@esr/contracts/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import {
  createClericalTrust,
  decide,
  get,
  idle,
  uploadFiles,
  validated,
  type ClericalTrust,
} from '../../test/factories/waiting-list.js';

/**
 * The open-pathway list as the risk leads it (decision 0038): the surgeon filter matches any part
 * of the name, each record carries its probability, the list sorts by risk, wait, TCI date and
 * surname, the dashboard counts each procedure's risks, and the patient look-up finds a local
 * identifier however it is typed. On the first 60 patients of the demonstration knee list, a few
 * more whose surnames test the order, and 20 of the knee-hip list.
 */

let t: TestApp;
let who: ClericalTrust;

const kneeLines = demoFileLines('knee-waiting-list.csv');
const kneeHipLines = demoFileLines('knee-hip-waiting-list.csv');

/** NHS numbers in the 999 test range with valid check digits, none of them in the demo list. */
function testNhsNumbers(count: number): string[] {
  const taken = new Set(kneeLines.map((row) => row.split(',')[0]!.replace(/\s/g, '')));
  const found: string[] = [];
  for (let body = 999_960_000; found.length < count; body += 1) {
    const digits = String(body);
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    const nhs = digits + String(check === 11 ? 0 : check);
    if (!taken.has(nhs)) found.push(nhs);
  }
  return found;
}
const flags = Array.from({ length: 18 }, () => 'N').join(',');
const nhs = testNhsNumbers(5);
/** Surnames whose order depends on ignoring case: 'de Souza' among the Ds, 'MACDONALD' before 'McDonald'. */
const extraRows = [
  `${nhs[0]},ZZS000001,Amara,de Souza,02/11/1948,Female,A,162,71,2,Total knee replacement,15/02/2026,,Miss L Okonkwo,P3,Ready,No social concerns,${flags}`,
  `${nhs[1]},ZZS000002,Iain,McDonald,14/03/1951,Male,A,180,88,4,Total knee replacement,02/01/2026,,Mr A Hamid,P4,Ready,No social concerns,${flags}`,
  `${nhs[2]},ZZS000003,Morag,MACDONALD,30/06/1960,Female,A,165,80,1,Total knee replacement,20/03/2026,,Ms R Kaur,P4,Ready,No social concerns,${flags}`,
  `${nhs[3]},ZZS000004,Łukasz,Nowak,12/01/1957,Male,A,178,91,2,Total knee replacement,20/03/2026,,Mr P Varma,P3,Ready,No social concerns,${flags}`,
  `${nhs[4]},ZZS000005,Ewa,Nowak,12/01/1957,Female,A,166,70,2,Total knee replacement,20/03/2026,,Mr P Varma,P3,Ready,No social concerns,${flags}`,
];

async function importList(procedure: ProcedureCode, lines: string[], bloodFile: string) {
  const upload = await uploadFiles(
    t,
    who,
    procedure,
    { name: 'ptl.csv', bytes: `${lines.join('\r\n')}\r\n` },
    { name: 'blood-tests.csv', bytes: demoFileText(bloodFile) },
  );
  expect(upload.statusCode, upload.body).toBe(202);
  const { batchId } = upload.json<{ batchId: string }>();
  const status = await validated(t, who, procedure, batchId);
  expect(status.waiting_list.status, JSON.stringify(status)).toBe('VALIDATED');
  expect((await decide(t, who, procedure, 'confirm_import', batchId)).statusCode).toBe(202);
  await idle(t, who, procedure);
}

interface Oracle {
  id: string;
  last_name: string | null;
  local_patient_identifier: string | null;
  surgeon_name: string | null;
  referral_date: string | null;
  tci_date: string | null;
  status: string;
  prediction: string | null;
  probability: number | null;
}
let knee: Oracle[];

const readList = (procedure: ProcedureCode) =>
  queryRows<Oracle & Record<string, unknown>>(
    t.app.db,
    sql`select id::text as id, last_name, local_patient_identifier, surgeon_name,
        referral_date::text as referral_date, tci_date::text as tci_date, status, prediction, probability
      from pathways where trust_code = ${who.trustCode} and procedure_code = ${procedure} and is_active`,
  );

const base = () => `/api/trusts/${who.trustCode}/waiting-list`;
const records = () => `${base()}/procedures/knee/manage/records/active`;

/** Every page of the list for a query string, `size` at a time (an odd size, so pages split ties). */
async function wholeList(query: string, size = 7): Promise<{ items: ActiveRecord[]; totalCount: number }> {
  const items: ActiveRecord[] = [];
  let totalCount = 0;
  for (let page = 1; ; page += 1) {
    const body = await get<ActiveRecords>(
      t,
      who,
      `${records()}?${query}${query ? '&' : ''}pageNumber=${page}&pageSize=${size}`,
    );
    totalCount = body.totalCount;
    items.push(...body.items);
    if (body.items.length < size) break;
  }
  return { items, totalCount };
}

/** The ids in an order: the key's values, those without one last either way, then the id. */
function expectedOrder(
  rows: Oracle[],
  key: (row: Oracle) => string | number | null,
  direction: 'asc' | 'desc',
): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) return (x < y ? -1 : 1) * sign;
      return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    })
    .map((row) => row.id);
}

const risk = (row: Oracle) => (row.status === 'processed' ? Number(row.probability) : null);

beforeAll(async () => {
  t = await createTestApp();
  who = await createClericalTrust(t);
  await importList('knee', [...kneeLines.slice(0, 61), ...extraRows], 'knee-blood-tests.csv');
  await importList('knee-hip', kneeHipLines.slice(0, 21), 'knee-hip-blood-tests.csv');
  const ids = (await readList('knee')).map((row) => row.id).sort();
  // Two records wait to be scored again (they keep their last probability but show none), one
  // failed, and two processed ones share a probability, so that only the id orders them.
  await t.app.db.execute(
    sql`update pathways set status = 'waiting' where id in (${ids[3]}::uuid, ${ids[30]}::uuid)`,
  );
  await t.app.db.execute(sql`update pathways set status = 'failed', prediction = null, probability = null,
      failed_fields = '["height"]'::jsonb, failure_reason = 'Required values missing'
    where id = ${ids[40]}::uuid`);
  await t.app.db.execute(
    sql`update pathways set probability = 0.4242 where id in (${ids[10]}::uuid, ${ids[20]}::uuid)`,
  );
  await t.app.db.execute(sql`update pathways set referral_date = null where id = ${ids[50]}::uuid`);
  knee = await readList('knee');
}, 240_000);
afterAll(async () => t?.close());

describe('the surgeon filter', () => {
  const okonkwo = () => knee.filter((row) => row.surgeon_name?.toLowerCase().includes('okonkwo'));

  it.each(['Okonkwo', 'okonkwo', 'L OKONKWO', 'Miss L Okonkwo', 'konk'])(
    'finds every record of Miss L Okonkwo from %s',
    async (typed) => {
      const got = await wholeList(`surgeonName=${encodeURIComponent(typed)}`, 100);
      expect(got.totalCount).toBe(okonkwo().length);
      expect(got.items.map((item) => item.id).sort()).toEqual(
        okonkwo()
          .map((row) => row.id)
          .sort(),
      );
    },
  );

  it('finds at least ten of them, so that the match is not vacuous', () => {
    expect(okonkwo().length).toBeGreaterThanOrEqual(10);
  });

  it('takes the name as written: a wildcard matches nothing, and neither does another surgeon', async () => {
    expect((await wholeList('surgeonName=Ok%25wo')).totalCount).toBe(0);
    expect((await wholeList('surgeonName=O_onkwo')).totalCount).toBe(0);
    expect((await wholeList('surgeonName=Okonkwo-Hamid')).totalCount).toBe(0);
  });

  it('combines with the other filters and a sort', async () => {
    const expected = expectedOrder(
      okonkwo().filter((row) => row.status === 'processed' && row.prediction === 'Low'),
      risk,
      'desc',
    );
    const got = await wholeList('surgeonName=okonkwo&prediction=low&sort=risk');
    expect(got.items.map((item) => item.id)).toEqual(expected);
  });
});

describe('each record', () => {
  it('carries the probability of a processed record, and none otherwise', async () => {
    const got = await wholeList('', 100);
    expect(got.totalCount).toBe(knee.length);
    const byId = new Map(knee.map((row) => [row.id, row]));
    for (const item of got.items) {
      const row = byId.get(item.id)!;
      expect(item.probability, item.id).toBe(row.status === 'processed' ? Number(row.probability) : null);
    }
    const processed = knee.filter((row) => row.status === 'processed').length;
    expect(got.items.filter((item) => item.probability !== null)).toHaveLength(processed);
    expect(processed).toBeLessThanOrEqual(knee.length - 3);
    expect(processed).toBeGreaterThan(25);
    // Scored without a band (decision 0057), its probability withheld as any other without one: the
    // five extra rows, who have no blood results, and the demonstration's patients without a recent
    // haemoglobin or eGFR.
    const incomplete = knee.filter((row) => row.status === 'incomplete');
    expect(incomplete.length).toBeGreaterThanOrEqual(extraRows.length);
    expect(incomplete.every((row) => row.probability === null)).toBe(true);
  });
});

describe('the sort', () => {
  const sorts: [string, (row: Oracle) => string | number | null, 'asc' | 'desc'][] = [
    ['', (row) => row.referral_date, 'asc'],
    ['sort=risk', risk, 'desc'],
    ['sort=risk&direction=desc', risk, 'desc'],
    ['sort=risk&direction=asc', risk, 'asc'],
    ['sort=wait', (row) => row.referral_date, 'asc'],
    ['sort=wait&direction=asc', (row) => row.referral_date, 'desc'],
    ['sort=tciDate', (row) => row.tci_date, 'asc'],
    ['sort=tciDate&direction=desc', (row) => row.tci_date, 'desc'],
    ['sort=surname', (row) => row.last_name?.toLowerCase() ?? null, 'asc'],
    ['sort=surname&direction=desc', (row) => row.last_name?.toLowerCase() ?? null, 'desc'],
  ];

  it.each(sorts)('orders the whole list for "%s", page after page', async (query, key, direction) => {
    const got = await wholeList(query);
    expect(got.items.map((item) => item.id)).toEqual(expectedOrder(knee, key, direction));
  });

  it('puts the highest risk first and the records without an evaluation last', async () => {
    const { items } = await get<ActiveRecords>(t, who, `${records()}?sort=risk&pageSize=100`);
    const probabilities = items.map((item) => item.probability);
    const scored = knee.map(risk).filter((value): value is number => value !== null);
    expect(probabilities[0]).toBe(Math.max(...scored));
    const unscored = knee.length - scored.length;
    expect(unscored).toBeGreaterThanOrEqual(3);
    expect(probabilities.slice(-unscored).every((value) => value === null)).toBe(true);
    expect(items.slice(-unscored).every((item) => item.status !== 'processed')).toBe(true);
    // Two records share 0.4242: the id decides, on every reading.
    const tied = items.filter((item) => item.probability === 0.4242).map((item) => item.id);
    expect(tied).toEqual([...tied].sort());
    expect(tied).toHaveLength(2);
  });

  it('sorts surnames ignoring case', async () => {
    const { items } = await get<ActiveRecords>(t, who, `${records()}?sort=surname&pageSize=100`);
    const names = items.map((item) => item.lastName);
    expect(names.indexOf('MACDONALD')).toBeLessThan(names.indexOf('McDonald'));
    const deSouza = names.indexOf('de Souza');
    expect(names[deSouza - 1]!.toLowerCase() <= 'de souza').toBe(true);
    expect(names[deSouza + 1]!.toLowerCase() >= 'de souza').toBe(true);
    expect(names.filter((name) => name === 'Nowak')).toHaveLength(2);
  });

  it('keeps the count and the filters whatever the order', async () => {
    const plain = await get<ActiveRecords>(t, who, `${records()}?prediction=high`);
    const sorted = await get<ActiveRecords>(
      t,
      who,
      `${records()}?prediction=high&sort=surname&direction=desc`,
    );
    expect(sorted.totalCount).toBe(plain.totalCount);
    expect(sorted.items.every((item) => item.prediction === 'high')).toBe(true);
  });

  it('sorts a local identifier search too', async () => {
    const got = await wholeList('hospitalNumber=zzs&sort=surname');
    const expected = expectedOrder(
      knee.filter((row) => row.local_patient_identifier?.toLowerCase().startsWith('zzs')),
      (row) => row.last_name?.toLowerCase() ?? null,
      'asc',
    );
    expect(expected).toHaveLength(5);
    expect(got.items.map((item) => item.id)).toEqual(expected);
  });

  it.each([
    ['sort=probability', 'sort'],
    ['sort=RISK', 'sort'],
    ['sort=lastName', 'sort'],
    ['sort=risk&direction=up', 'direction'],
    ['direction=descending', 'direction'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${records()}?${query}`,
      headers: bearer(who.token),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
  });
});

describe('the dashboard', () => {
  it("counts each procedure's processed records by risk, in the procedures' order, as its list filters them", async () => {
    const dashboard = await get<WaitingListDashboard>(t, who, `${base()}/dashboard`);
    const kneeHip = await readList('knee-hip');
    const counted = (rows: Oracle[], band: string) =>
      rows.filter((row) => row.status === 'processed' && row.prediction === band).length;
    // Decision 0057: and those without a band, each for its reason.
    const ofStatus = (rows: Oracle[], status: string) => rows.filter((row) => row.status === status).length;
    expect(dashboard.riskByProcedure).toEqual([
      {
        procedureCode: 'knee',
        highRiskRecords: counted(knee, 'High'),
        mediumRiskRecords: counted(knee, 'Moderate'),
        lowRiskRecords: counted(knee, 'Low'),
        incompleteRecords: ofStatus(knee, 'incomplete'),
        excludedRecords: ofStatus(knee, 'excluded'),
        suspendedOn: null,
      },
      {
        procedureCode: 'knee-hip',
        highRiskRecords: counted(kneeHip, 'High'),
        mediumRiskRecords: counted(kneeHip, 'Moderate'),
        lowRiskRecords: counted(kneeHip, 'Low'),
        incompleteRecords: ofStatus(kneeHip, 'incomplete'),
        excludedRecords: ofStatus(kneeHip, 'excluded'),
        suspendedOn: null,
      },
    ]);
    const sum = (
      key:
        'highRiskRecords' | 'mediumRiskRecords' | 'lowRiskRecords' | 'incompleteRecords' | 'excludedRecords',
    ) => dashboard.riskByProcedure.reduce((total, row) => total + row[key], 0);
    expect(sum('highRiskRecords')).toBe(dashboard.counters.highRiskRecords);
    expect(sum('mediumRiskRecords')).toBe(dashboard.counters.mediumRiskRecords);
    expect(sum('lowRiskRecords')).toBe(dashboard.counters.lowRiskRecords);
    expect(sum('incompleteRecords')).toBe(dashboard.counters.incompleteRecords);
    expect(sum('excludedRecords')).toBe(dashboard.counters.excludedRecords);
    for (const status of ['incomplete', 'excluded'] as const) {
      const list = await get<ActiveRecords>(t, who, `${records()}?status=${status}`);
      expect(list.totalCount, status).toBe(ofStatus(knee, status));
    }
    for (const p of ['high', 'medium', 'low'] as Prediction[]) {
      const key = `${p}RiskRecords` as const;
      const list = await get<ActiveRecords>(t, who, `${records()}?prediction=${p}`);
      expect(list.totalCount, p).toBe(dashboard.riskByProcedure[0]![key]);
    }
  });

  it('lists no procedure for a trust without a list', async () => {
    const other = await createClericalTrust(t);
    const dashboard = await get<WaitingListDashboard>(
      t,
      other,
      `/api/trusts/${other.trustCode}/waiting-list/dashboard`,
    );
    expect(dashboard.riskByProcedure).toEqual([]);
    expect(dashboard.counters.activeRecords).toBe(0);
  });
});

describe('the patient look-up by local identifier', () => {
  const lookup = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/trusts/${who.trustCode}/patients/?${query}`,
      headers: bearer(who.token),
    });

  it.each(['upper', 'lower', 'mixed'] as const)('finds the patient typed in %s case', async (kind) => {
    const stored = knee.find((row) => row.local_patient_identifier === 'ZZS000002')!;
    const identifier = stored.local_patient_identifier!;
    const typed =
      kind === 'upper'
        ? identifier.toUpperCase()
        : kind === 'lower'
          ? identifier.toLowerCase()
          : [...identifier].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
    const response = await lookup(`medicalRecordNumber=${encodeURIComponent(`  ${typed} `)}`);
    expect(response.statusCode, response.body).toBe(200);
    const patients = response.json<{ patients: PatientSearchItem[] }>().patients;
    expect(patients.map((patient) => patient.id)).toEqual([stored.id]);
    expect(patients[0]!.medicalRecordNumber).toBe(identifier);
  });

  it('still answers 404 for an identifier no patient has, and does not take part of one', async () => {
    expect((await lookup('medicalRecordNumber=zzs99999')).statusCode).toBe(404);
    expect((await lookup('medicalRecordNumber=zzs00000')).statusCode).toBe(404);
    expect((await lookup('medicalRecordNumber=zzs')).statusCode).toBe(404);
  });
});
