import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import type { ModelPerformance, NationalPerformance } from '@esr/contracts/model-performance';
import type { Matrix, Worklist } from '@esr/contracts/prioritisation';
import { parseBloodTests } from '@esr/import-files/blood-tests';
import type { BloodTestPatient, WaitingListRecord } from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import { queryRows } from '../../platform/db/client.js';
import { demoUsers } from '../../platform/db/seed.js';
import { bearer, createTestApp, type TestApp } from '../../test/helper.js';
import { waitUntil } from '../../test/factories/waiting-list.js';
import { demoExtractsDay } from '../waiting-list/demo-dates.js';
import { demoLists, demoListsFolder } from '../waiting-list/demo-waiting-lists.js';

/**
 * `npm start`'s demonstration trust (decision 0044): once its lists are imported and scored, its
 * prioritisation history is recorded once, and the worklist shows waits over 52 and 78 weeks,
 * work done (validations, harm reviews, a priority moved up, adjustments) and work due. Its dates
 * follow the day of the first start (decision 0054), here set 23 days back: one seeding serves
 * every check, as seeding the 4,900 pathways is the slow part.
 */
let t: TestApp;
const dayMs = 86_400_000;
const firstStart = new Date(Date.now() - 23 * dayMs);
const testStarted = new Date();

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_WAITING_LISTS: 'true' }, { demoClock: () => firstStart });
}, 120_000);
afterAll(async () => t?.close());

const entriesByKind = async () =>
  Object.fromEntries(
    (
      await queryRows<{ kind: string; n: number | string }>(
        t.app.db,
        sql`select kind, count(*) as n from prioritisation_entries where trust_code = 'RAN' group by kind`,
      )
    ).map((row) => [row.kind, Number(row.n)]),
  );

describe('the demonstration prioritisation', () => {
  it('records validations, harm reviews, a priority moved up and adjustments, once', async () => {
    const kinds = await waitUntil(entriesByKind, (found) => Object.keys(found).length > 0, 240_000);
    expect(kinds.validation).toBeGreaterThan(5);
    expect(kinds.harm_review).toBeGreaterThan(3);
    expect(kinds.priority).toBeGreaterThanOrEqual(1);
    expect(kinds.risk_adjustment).toBeGreaterThanOrEqual(3);
    const [adjusted] = await queryRows<{ n: number | string }>(
      t.app.db,
      sql`select count(*) as n from pathways where trust_code = 'RAN' and is_active and adjusted_prediction is not null`,
    );
    expect(Number(adjusted!.n)).toBe(kinds.risk_adjustment);

    const clinician = demoUsers.find((user) => user.firstName === 'Olu')!;
    const token = await t.tokenFor(clinician.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/trusts/RAN/waiting-list/procedures/knee/prioritisation/matrix',
      headers: bearer(token),
    });
    const matrix = response.json<Matrix>();
    const over = (bands: string[]) =>
      matrix.cells.filter((cell) => bands.includes(cell.wait)).reduce((sum, cell) => sum + cell.count, 0);
    expect(over(['52-65', '65-78', '78-104', '104+'])).toBeGreaterThan(0);
    expect(over(['78-104', '104+'])).toBeGreaterThan(0);
    expect(matrix.withoutClockStart).toBe(0);
    expect(matrix.flags.validation_due).toBeGreaterThan(0);
    expect(matrix.flags.harm_review_due).toBeGreaterThan(0);
  }, 300_000);
});

describe('the demonstration outcomes', () => {
  it('judge knee with enough complications to act on, show hip drifting, and give the national funnel three trusts', async () => {
    const technicalAdmin = demoUsers.find((user) => user.firstName === 'Ravi')!;
    const token = await t.tokenFor(technicalAdmin.id);
    const figures = async (procedure: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/trusts/RAN/procedures/${procedure}/model-performance`,
          headers: bearer(token),
        })
      ).json<ModelPerformance>();
    const knee = await waitUntil(
      () => figures('knee'),
      (found) => found.n > 0,
      240_000,
    );
    expect(knee.enoughEvents).toBe(true);
    expect(knee.excluded).toBe(0);
    // Drawn from the model's own risks: observed near expected (the draw is random, the bounds wide).
    expect(knee.oe!.ratio).toBeGreaterThan(0.7);
    expect(knee.oe!.ratio).toBeLessThan(1.3);
    const hip = await waitUntil(
      () => figures('hip'),
      (found) => found.n > 0,
      120_000,
    );
    // The hip history drifts: the CUSUM for more complications signals, and the signal is open.
    expect(hip.cusum.worse.signals.length).toBeGreaterThan(0);
    expect(hip.openSignals.some((signal) => signal.direction === 'worse')).toBe(true);
    expect(hip.oe!.ratio).toBeGreaterThan(1);
    const superAdmin = demoUsers.find((user) => user.firstName === 'Priya')!;
    const national = await waitUntil(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/model-performance?procedure=knee',
            headers: bearer(await t.tokenFor(superAdmin.id)),
          })
        ).json<NationalPerformance>(),
      (found) =>
        ['R0A', 'RAN', 'RL1'].every((code) => found.trusts.some((trust) => trust.trustCode === code)),
      120_000,
    );
    // The demonstration's three trusts; on a database shared with other tests, their trusts too.
    const demoTrusts = national.trusts
      .map((trust) => trust.trustCode)
      .filter((code) => ['R0A', 'RAN', 'RL1'].includes(code));
    expect(demoTrusts.sort()).toEqual(['R0A', 'RAN', 'RL1']);
  }, 400_000);
});

/** Whole days between two `YYYY-MM-DD` days, and a day moved, by the JavaScript calendar. */
const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / dayMs;
const daysFrom = (from: string, to: string) => dayNumber(to) - dayNumber(from);
const moved = (iso: string | null, days: number) =>
  iso === null ? null : new Date((dayNumber(iso) + days) * dayMs).toISOString().slice(0, 10);

/** The example extracts as the import reads them on the day they were made. */
async function extractOf(list: (typeof demoLists)[number]) {
  const read = (name: string) => ({
    fileName: name,
    bytes: fs.readFileSync(path.join(demoListsFolder, name)),
  });
  const records: WaitingListRecord[] = [];
  const listReader = parseWaitingList(read(list.waitingList), {
    procedure: list.procedureCode,
    today: demoExtractsDay,
  });
  for (let step = await listReader.next(); !step.done; step = await listReader.next())
    records.push(...step.value.rows.map((row) => row.record));
  const patients: BloodTestPatient[] = [];
  const bloodReader = parseBloodTests(read(list.bloodTests), { today: demoExtractsDay });
  for (let step = await bloodReader.next(); !step.done; step = await bloodReader.next())
    patients.push(...step.value.rows);
  return { records, patients };
}

describe('the demonstration dates', () => {
  it('follow the day of the first start: waits, TCI and sample dates, the history and the outcomes', async () => {
    await waitUntil(
      async () =>
        (
          await queryRows<{ n: number | string }>(
            t.app.db,
            sql`select count(*) as n from pathway_outcomes where trust_code = 'RAN'`,
          )
        )[0]!,
      (found) => Number(found.n) > 0,
      240_000,
    );
    const [batch] = await queryRows<{ at: Date | string; decided: Date | string }>(
      t.app.db,
      sql`select min(created_at) as at, min(decided_at) as decided from import_batches
        where trust_code = 'RAN' and auto_confirm`,
    );
    const firstStartDay = todayInLondon(new Date(batch!.at));
    // A PostgreSQL database kept from an earlier run was seeded then, with that run's first start.
    if (new Date(batch!.decided) >= testStarted) expect(firstStartDay).toBe(todayInLondon(firstStart));
    const shift = daysFrom(demoExtractsDay, firstStartDay);
    expect(shift).toBeGreaterThan(0);

    // A result sent through the trust's pathology link (by another test, on a database they share)
    // is applied where newer than the extract's (decision 0047): such a patient's sample date is its.
    const kept = new Set(
      (
        await queryRows<{ nhs_number: string | null; local_patient_identifier: string | null }>(
          t.app.db,
          sql`select nhs_number, local_patient_identifier from received_lab_results where trust_code = 'RAN'`,
        )
      ).flatMap((result) => [result.nhs_number, result.local_patient_identifier]),
    );
    kept.delete(null);
    const sampledUnlessKept = (nhs: string | null, local: string | null, sampled: string | null) =>
      kept.has(nhs) || kept.has(local) ? 'a kept result' : sampled;
    const pathways = (
      await queryRows<{
        procedure_code: string;
        nhs_number: string | null;
        local_patient_identifier: string;
        referral_date: string | null;
        clock_start: string | null;
        tci_date: string | null;
        date_of_birth: string | null;
        sampled: string | null;
      }>(
        t.app.db,
        sql`select procedure_code, nhs_number, local_patient_identifier, referral_date::text as referral_date,
          clock_start::text as clock_start, tci_date::text as tci_date, date_of_birth::text as date_of_birth,
          lab_dates->>'sampled' as sampled
        from pathways where trust_code = 'RAN' and is_active order by local_patient_identifier`,
      )
    ).map(({ nhs_number, ...pathway }) => ({
      ...pathway,
      sampled: sampledUnlessKept(nhs_number, pathway.local_patient_identifier, pathway.sampled),
    }));
    for (const list of demoLists) {
      const { records, patients } = await extractOf(list);
      const latestSample = new Map(
        patients.map((patient) => [
          patient.localPatientIdentifier,
          Object.values(patient.sampleDates).reduce((a, b) => (a > b ? a : b), ''),
        ]),
      );
      const expected = records
        .map((record) => ({
          procedure_code: list.procedureCode,
          local_patient_identifier: record.localPatientIdentifier!,
          referral_date: moved(record.referralDate, shift),
          clock_start: moved(record.clockStart, shift),
          tci_date: moved(record.tciDate, shift),
          date_of_birth: record.dateOfBirth,
          sampled: sampledUnlessKept(
            record.nhsNumber,
            record.localPatientIdentifier,
            moved(latestSample.get(record.localPatientIdentifier) || null, shift),
          ),
        }))
        .sort((a, b) => (a.local_patient_identifier < b.local_patient_identifier ? -1 : 1));
      const imported = pathways.filter((pathway) => pathway.procedure_code === list.procedureCode);
      expect(imported).toEqual(expected);
      // The latest sample, five days before the day the extract was made, so before the first start.
      const latest = imported
        .map((pathway) => (pathway.sampled === 'a kept result' ? '' : (pathway.sampled ?? '')))
        .reduce((a, b) => (a > b ? a : b));
      expect(daysFrom(latest, firstStartDay)).toBe(5);
    }

    // The wait as the worklist shows it today: the extract's on its day, and the days since the first start.
    const carol = (await extractOf(demoLists[0]!)).records.find(
      (record) => record.localPatientIdentifier === 'RAN784617',
    )!;
    const clinician = demoUsers.find((user) => user.firstName === 'Olu')!;
    const worklist = (
      await t.app.inject({
        method: 'GET',
        url: `/api/trusts/RAN/waiting-list/procedures/knee/prioritisation/worklist?nhsNumber=${carol.nhsNumber}`,
        headers: bearer(await t.tokenFor(clinician.id)),
      })
    ).json<Worklist>();
    expect(worklist.items).toHaveLength(1);
    expect(worklist.items[0]).toMatchObject({
      clockStart: moved(carol.clockStart, shift),
      daysWaited: daysFrom(carol.clockStart!, demoExtractsDay) + daysFrom(firstStartDay, todayInLondon()),
      tciDate: moved(carol.tciDate, shift),
    });

    // The history, dated back from the first start: the work of the last ten weeks...
    const [entries] = await queryRows<{ first: string; last: string }>(
      t.app.db,
      sql`select min(recorded_on)::text as first, max(recorded_on)::text as last
        from prioritisation_entries where trust_code = 'RAN'`,
    );
    expect(entries!.last).toBe(moved(firstStartDay, -2));
    expect(daysFrom(entries!.first, firstStartDay)).toBeLessThanOrEqual(72);
    // ...and the operations of the 18 months up to 95 days before it, hip drifting for the last six.
    const [operated] = await queryRows<{ first: string; last: string }>(
      t.app.db,
      sql`select min(date_of_operation)::text as first, max(date_of_operation)::text as last
        from pathway_outcomes where trust_code = 'RAN' and recorded_by = 'Demonstration data'`,
    );
    expect(daysFrom(operated!.last, firstStartDay)).toBeGreaterThanOrEqual(95);
    expect(daysFrom(operated!.last, firstStartDay)).toBeLessThanOrEqual(100);
    expect(daysFrom(operated!.first, firstStartDay)).toBeLessThan(540);
    expect(daysFrom(operated!.first, firstStartDay)).toBeGreaterThan(530);
    const hip = await queryRows<{ recent: boolean; observed: number | string; expected: number | string }>(
      t.app.db,
      sql`select o.date_of_operation > ${moved(firstStartDay, -182)}::date as recent,
          sum(case when o.complication_90_days then 1 else 0 end) as observed, sum(p.probability) as expected
        from pathway_outcomes o join pathways p on p.id = o.pathway_id
        where o.trust_code = 'RAN' and o.procedure_code = 'hip' and o.recorded_by = 'Demonstration data'
        group by 1`,
    );
    const ratio = (recent: boolean) => {
      const row = hip.find((group) => group.recent === recent)!;
      return Number(row.observed) / Number(row.expected);
    };
    expect(ratio(true)).toBeGreaterThan(ratio(false));
  }, 300_000);
});

describe('the demonstration optimisation (decision 0071)', () => {
  it('refers some of the factors the lists show, with some in progress, met and declined, once', async () => {
    const statuses = await waitUntil(
      async () =>
        Object.fromEntries(
          (
            await queryRows<{ status: string; n: number | string }>(
              t.app.db,
              sql`select status, count(*) as n from optimisation_entries where trust_code = 'RAN' group by status`,
            )
          ).map((row) => [row.status, Number(row.n)]),
        ),
      (found) => Object.keys(found).length > 0,
      240_000,
    );
    expect(statuses.referred).toBeGreaterThan(20);
    expect(statuses.in_progress).toBeGreaterThan(0);
    expect(statuses.met).toBeGreaterThan(0);
    expect(statuses.declined).toBeGreaterThan(0);
    // A referral's finding is what the list showed: an anaemic patient's haemoglobin under 130.
    const [anaemia] = await queryRows<{ pathway_id: string; procedure_code: string; value: number }>(
      t.app.db,
      sql`select e.pathway_id, p.procedure_code, e.value from optimisation_entries e
        join pathways p on p.id = e.pathway_id
        where e.trust_code = 'RAN' and e.factor = 'anaemia' and e.status = 'referred' limit 1`,
    );
    expect(anaemia!.value).toBeLessThan(130);
    const clinician = demoUsers.find((user) => user.firstName === 'Olu')!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/RAN/procedures/${anaemia!.procedure_code}/patients/${anaemia!.pathway_id}/optimisation`,
      headers: bearer(await t.tokenFor(clinician.id)),
    });
    expect(response.statusCode).toBe(200);
    const factor = response
      .json<{ factors: { code: string; status: string }[] }>()
      .factors.find((candidate) => candidate.code === 'anaemia');
    expect(['referred', 'in_progress', 'met', 'declined']).toContain(factor!.status);
  });
});
