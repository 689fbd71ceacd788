/**
 * The demonstration history of outcomes (decision 0045): once the demonstration trust's lists are
 * scored, operated (archived) pathways are added with an evaluation made before each operation,
 * copied from a scored pathway of the list, and an outcome drawn from a risk: the model's own on
 * knee, so the figures show a calibrated model with enough complications to act on; on hip the
 * same until six months ago and doubled odds and more since, so the CUSUM signals and the VLAD
 * turns, as a drifting model does; other trusts get a smaller history for the national funnel.
 * Dated back from the first start, whose day the lists' dates follow (decision 0054), so that the
 * operations and the lists' waits keep the same distance on whatever day `npm start` first ran.
 * Done once: nothing happens when the demonstration trust has any outcome.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays } from '@esr/contracts/prioritisation';
import { mulberry32 } from '@esr/contracts/seeded-random';
import { queryRows, type Db } from '../../platform/db/client.js';
import { recordOnceReady } from '../../platform/db/record-once.js';
import { copyEvaluationsAsOf, type EvaluationCopy } from '../evaluations/index.js';
import { demoFirstStartDay } from '../waiting-list/index.js';
import { insertDemonstrationPathways } from '../pathways/index.js';
import { recordOutcomes, type OutcomeToRecord } from './outcome-writer.js';

const demoTrust = 'RAN';

interface DemoHistory {
  trustCode: string;
  procedureCode: 'knee' | 'hip' | 'knee-hip';
  /** The complications expected over the history: knee is sized to reach 100 and more. */
  expectedEvents: number;
  /** Odds ratio of the true risk against the model's in the last six months. */
  drift: number;
}

const histories: DemoHistory[] = [
  { trustCode: demoTrust, procedureCode: 'knee', expectedEvents: 150, drift: 1 },
  { trustCode: demoTrust, procedureCode: 'hip', expectedEvents: 70, drift: 2.6 },
  { trustCode: demoTrust, procedureCode: 'knee-hip', expectedEvents: 25, drift: 1 },
  { trustCode: 'RL1', procedureCode: 'knee', expectedEvents: 45, drift: 1.25 },
  { trustCode: 'R0A', procedureCode: 'knee', expectedEvents: 30, drift: 0.8 },
  { trustCode: 'RL1', procedureCode: 'hip', expectedEvents: 25, drift: 1 },
  { trustCode: 'R0A', procedureCode: 'hip', expectedEvents: 20, drift: 1 },
];

/** The history spans this many days back from the first start. */
const historyDays = 540;
const driftDays = 182;

/** NHS numbers of the 999 test range with a valid check digit, from `stem` on. */
function* nhsNumbersFrom(stem: number) {
  for (let next = stem; ; next += 1) {
    const digits = String(next).padStart(9, '0');
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) yield `${digits}${check}`;
  }
}

interface SourcePathway extends Record<string, unknown> {
  id: string;
  evaluation_id: string;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  operation_type: string;
  surgeon_name: string | null;
  probability: number;
  prediction: string;
}

async function demoState(db: Db): Promise<'done' | 'ready' | 'waiting'> {
  const [row] = await queryRows<{
    procedures: number | string;
    waiting: number | string;
    outcomes: number | string;
  }>(
    db,
    sql`select (select count(distinct procedure_code) from pathways where trust_code = ${demoTrust} and is_active and status = 'processed') as procedures,
      (select count(*) from pathways where trust_code = ${demoTrust} and is_active and status = 'waiting') as waiting,
      (select count(*) from pathway_outcomes where trust_code = ${demoTrust}) as outcomes`,
  );
  if (Number(row?.outcomes ?? 0) > 0) return 'done';
  return Number(row?.procedures ?? 0) === 3 && Number(row?.waiting ?? 0) === 0 ? 'ready' : 'waiting';
}

async function seedHistory(
  tx: Db,
  history: DemoHistory,
  today: string,
  numbers: () => string,
  random: () => number,
) {
  const sources = await queryRows<SourcePathway>(
    tx,
    sql`select p.id, p.current_evaluation_id as evaluation_id, p.first_name, p.last_name,
        p.date_of_birth::text as date_of_birth, p.operation_type, p.surgeon_name, p.probability, p.prediction
      from pathways p
      where p.trust_code = ${demoTrust} and p.procedure_code = ${history.procedureCode} and p.is_active
        and p.status = 'processed' and p.current_evaluation_id is not null
      order by p.id limit 3000`,
  );
  const [model] = await queryRows<{ id: string; version: number }>(
    tx,
    sql`select id, version from ml_models where trust_code = ${history.trustCode}
      and procedure_code = ${history.procedureCode} and is_active`,
  );
  if (sources.length === 0 || !model) return;
  const meanProbability =
    sources.reduce((sum, source) => sum + Number(source.probability), 0) / sources.length;
  const count = Math.min(6000, Math.ceil(history.expectedEvents / Math.max(meanProbability, 0.01)));
  const pathways: Record<string, unknown>[] = [];
  const evaluations: EvaluationCopy[] = [];
  const outcomes: OutcomeToRecord[] = [];
  for (let index = 0; index < count; index += 1) {
    const source = sources[Math.floor(random() * sources.length)]!;
    const named = sources[Math.floor(random() * sources.length)]!;
    const operatedAgo = 95 + Math.floor(random() * (historyDays - 95));
    const operatedOn = addDays(today, -operatedAgo);
    const evaluatedOn = addDays(operatedOn, -(5 + Math.floor(random() * 55)));
    const referredOn = addDays(evaluatedOn, -(60 + Math.floor(random() * 400)));
    const id = crypto.randomUUID();
    const evaluationId = crypto.randomUUID();
    const p = Number(source.probability);
    const odds = (p / (1 - p)) * (operatedAgo < driftDays ? history.drift : 1);
    const event = random() < odds / (1 + odds);
    pathways.push({
      id,
      nhs_number: numbers(),
      local_patient_identifier: `${history.trustCode}${7_000_000 + pathways.length}`,
      first_name: named.first_name,
      last_name: source.last_name,
      date_of_birth: source.date_of_birth,
      operation_type: source.operation_type,
      referral_date: referredOn,
      surgeon_name: source.surgeon_name,
      probability: p,
      prediction: source.prediction,
      source_id: source.id,
      evaluation_id: evaluationId,
      removed: addDays(operatedOn, 1),
    });
    evaluations.push({
      id: evaluationId,
      pathwayId: id,
      sourceId: source.evaluation_id,
      at: `${evaluatedOn}T09:30:00Z`,
    });
    outcomes.push({
      pathwayId: id,
      dateOfOperation: operatedOn,
      complication90Days: event,
      complicationType: event
        ? (['Surgical site infection', 'Venous thromboembolism', 'Dislocation', 'Acute kidney injury'][
            index % 4
          ] ?? null)
        : null,
      readmission30Days: event ? random() < 0.5 : random() < 0.03,
      lengthOfStayDays: 1 + Math.floor(random() * (event ? 9 : 4)),
      death90Days: event && random() < 0.02,
    });
  }
  for (let start = 0; start < count; start += 1_000) {
    await insertDemonstrationPathways(
      tx,
      { trustCode: history.trustCode, procedureCode: history.procedureCode, modelId: model.id },
      pathways.slice(start, start + 1_000),
    );
    await copyEvaluationsAsOf(tx, evaluations.slice(start, start + 1_000), {
      trustCode: history.trustCode,
      modelId: model.id,
      modelVersion: model.version,
    });
  }
  await recordOutcomes(tx, outcomes, {
    trustCode: history.trustCode,
    procedureCode: history.procedureCode,
    source: 'file',
    batchId: null,
    fileName: 'Theatre outcomes (demonstration)',
    recordedBy: 'Demonstration data',
    userId: null,
  });
}

/** Records the history once the demonstration lists are scored (`recordOnceReady`). */
export const startDemoOutcomes = (db: Db, log: { error(obj: object, msg?: string): void }) =>
  recordOnceReady(db, log, {
    what: 'outcomes',
    state: demoState,
    firstCheckMs: 1_500,
    async record(db) {
      const random = mulberry32(20261127);
      // Numbers the demonstration lists do not use, so that a search finds one patient.
      const used = new Set(
        (
          await queryRows<{ nhs_number: string }>(
            db,
            sql`select nhs_number from pathways where nhs_number is not null`,
          )
        ).map((row) => row.nhs_number),
      );
      const candidates = nhsNumbersFrom(999700000);
      const numbers = () => {
        for (;;) {
          const number = candidates.next().value as string;
          if (!used.has(number)) return number;
        }
      };
      // One transaction: the history appears whole (a list of operated patients never half written).
      await db.transaction(async (tx) => {
        const today = await demoFirstStartDay(tx as unknown as Db);
        for (const history of histories)
          await seedHistory(tx as unknown as Db, history, today, numbers, random);
      });
    },
  });
