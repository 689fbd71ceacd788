/**
 * A new value closes the loop by itself (decision 0071): when a pathway's record changes and is
 * scored again (a remodel, a result from the trust's systems), each factor the old values showed,
 * or still open, that the new values show met gets a `met` entry with that value, its day, and the
 * model's risk before and after, and the pathway's history a line saying so. The factor rows
 * (decision 0072) are written again either way.
 */
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  automaticRecorder,
  findingWithDate,
  isClosed,
  metHistoryLine,
  metBy,
  type OptimisationFactor,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import { queryRows, type Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import { factorsFound, trustOptimisation } from './trust-optimisation.js';
import { refreshFactorsOf } from './factor-states.js';
import { recordChange, type ChangeEntry, type PathwayOfChange } from '../change-log/index.js';

export interface ScoredChange {
  pathwayId: string;
  trustCode: string;
  procedureCode: string;
  /** Who sent or typed the new value: the change log names them beside each factor it met. */
  actor: ChangeEntry['principal'] & { trustName: string };
  /** The record and result dates the pathway's previous evaluation read; null when it had none. */
  before: { clinical: unknown; labDates: unknown } | null;
  probabilityBefore: number | null;
  probabilityAfter: number | null;
}

export async function closeFactorsMetByNewValues(
  tx: Db,
  change: ScoredChange,
  today = todayInLondon(),
): Promise<void> {
  const trust = await trustOptimisation(tx, change.trustCode);
  const [now] = await queryRows<
    { clinical: unknown; lab_dates: unknown } & PathwayOfChange & Record<string, unknown>
  >(
    tx,
    sql`select id, procedure_code, nhs_number, local_patient_identifier, first_name, last_name, clinical,
      lab_dates from pathways where id = ${change.pathwayId}`,
  );
  if (!now) return;
  const list = { trustCode: change.trustCode, procedureCode: change.procedureCode };
  const latest = await queryRows<{ factor: OptimisationFactor; status: OptimisationStatus }>(
    tx,
    sql`select distinct on (factor) factor, status from optimisation_entries
      where pathway_id = ${change.pathwayId} order by factor, recorded_at desc, id desc`,
  );
  const candidates = new Set<OptimisationFactor>(
    latest.filter((entry) => !isClosed(entry.status)).map((entry) => entry.factor),
  );
  if (change.before)
    for (const found of factorsFound(
      { clinical: change.before.clinical as string, lab_dates: change.before.labDates as string | null },
      trust,
      today,
    ))
      if (!latest.some((entry) => entry.factor === found.code && isClosed(entry.status)))
        candidates.add(found.code);
  if (candidates.size === 0) return refreshFactorsOf(tx, list, [change.pathwayId], trust, today);
  const current = { clinical: now.clinical as string, lab_dates: now.lab_dates as string | null };
  const stillFound = new Set(factorsFound(current, trust, today).map((found) => found.code));
  const record = typeof now.clinical === 'string' ? JSON.parse(now.clinical) : now.clinical;
  const labDates = typeof now.lab_dates === 'string' ? JSON.parse(now.lab_dates) : now.lab_dates;
  for (const code of candidates) {
    if (stillFound.has(code)) continue;
    const met = metBy(code, {
      record,
      labDates,
      day: today,
      maxAgeDays: trust.maxAgeDays,
      rules: trust.rules,
    });
    if (!met) continue;
    await tx.execute(sql`insert into optimisation_entries (id, pathway_id, trust_code, factor, status,
        finding, finding_date, value, risk_before, risk_after, recorded_by)
      values (${timeOrderedUuid()}, ${change.pathwayId}, ${change.trustCode}, ${code}, 'met',
        ${met.finding}, ${met.valueDate}::date, ${met.value}::float8, ${change.probabilityBefore}::float8,
        ${change.probabilityAfter}::float8, ${automaticRecorder})`);
    // The pathway's history says what the new value did: "Optimisation: anaemia met (Haemoglobin 134 g/L); risk 14.1% → 9.8%".
    await recordChange(tx, {
      principal: change.actor,
      trustCode: change.trustCode,
      trustName: change.actor.trustName,
      action: metHistoryLine(code, met.finding, change.probabilityBefore, change.probabilityAfter),
      entityType: 'patient',
      pathway: now,
      before: { [code]: 'open' },
      after: { [code]: 'met', value: findingWithDate(met.finding, met.valueDate) },
    });
  }
  await refreshFactorsOf(tx, list, [change.pathwayId], trust, today);
}
