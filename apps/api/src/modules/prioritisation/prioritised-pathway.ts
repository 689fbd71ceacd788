/**
 * One pathway as prioritisation reads it (docs/prioritisation.md): its row, its history of
 * entries, and its status as the pathway's prioritisation screen shows it.
 */
import { recordStatusText } from '@esr/contracts/open-pathways';
import { shownScoringColumns } from '../prediction-suspension/index.js';
import { incompleteText, modelInputOf } from '@esr/contracts/patient-wording';
import { bandOfStored } from '@esr/contracts/risk-band';
import { sql } from 'drizzle-orm';
import {
  addDays,
  flagsOf,
  nextValidationDueOn,
  priorityLimitDays,
  waitBandOf,
  daysBetween,
  type HarmLevel,
  type PathwayPrioritisation,
  type PrioritisationEntry,
  type PostponedFrom,
  type PriorityCode,
} from '@esr/contracts/prioritisation';
import { type Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import type { PathwayOfChange } from '../change-log/index.js';
import { type Principal } from '../identity/index.js';
import { todayInLondon } from '@esr/contracts/london-dates';
import { findPathway, missingInputsSql } from '../pathways/index.js';
import { optimisationOpenSql } from '../optimisation/index.js';
import { harmThresholdsOf } from './worklist-settings.js';

/** A pathway as its prioritisation reads it; it names its patient in the change log's entries. */
export interface PathwayRow extends PathwayOfChange, Record<string, unknown> {
  trust_code: string;
  is_active: boolean;
  /** As shown: `suspended` while the clinical safety officer has suspended the predictions (decision 0063). */
  status: string;
  suspended_on: string | null;
  prediction: string | null;
  probability: number | null;
  /** Decision 0057: an incomplete pathway's missing required inputs, an excluded one's reason. */
  failed_fields: string[] | null;
  exclusion: string | null;
  priority: string | null;
  priority_date: string | null;
  priority_set_by: string | null;
  clock_start: string | null;
  last_validated_on: string | null;
  last_harm_review_on: string | null;
  last_harm_review_level: string | null;
  adjusted_prediction: string | null;
  /** Decision 0056: the priority a postponement at the patient's request replaced, while a clinician's review is due. */
  postponed_from_priority: string | null;
  postponed_from_priority_date: string | null;
  clerical_change_unreviewed: boolean;
  /** Decision 0057: the model was given a default for an input the record lacks. */
  missing_inputs: boolean;
  optimisation_open: boolean;
  tci_date: string | null;
}

const pathwayColumns = (
  today: string,
) => sql`p.id, p.trust_code, p.procedure_code, p.nhs_number, p.local_patient_identifier,
  p.first_name, p.last_name,
  p.is_active, ${shownScoringColumns}, p.prediction, p.probability, p.failed_fields, p.exclusion, p.priority,
  p.priority_date::text as priority_date,
  p.priority_set_by, p.clock_start::text as clock_start, p.last_validated_on::text as last_validated_on,
  p.last_harm_review_on::text as last_harm_review_on, p.last_harm_review_level, p.adjusted_prediction,
  p.postponed_from_priority, p.postponed_from_priority_date::text as postponed_from_priority_date,
  p.clerical_change_unreviewed_at is not null as clerical_change_unreviewed,
  ${missingInputsSql} as missing_inputs, p.tci_date::text as tci_date,
  ${optimisationOpenSql(today)} as optimisation_open`;

/** The priority postponed at the patient's request while a clinician's review is due; null otherwise. */
function postponedFromOf(row: PathwayRow): PostponedFrom | null {
  if (!row.postponed_from_priority) return null;
  const priority = row.postponed_from_priority as PriorityCode;
  const limit = priorityLimitDays[priority];
  const priorityDate = row.postponed_from_priority_date;
  return {
    priority,
    priorityDate,
    dueBy: limit !== null && priorityDate ? addDays(priorityDate, limit) : null,
  };
}

/** The pathway as prioritisation reads it, locked for the caller's transaction when `lock`. */
export const prioritisedPathway = (
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  lock = false,
  today = todayInLondon(),
) => findPathway<PathwayRow>(db, { trustCode, procedureCode, id }, pathwayColumns(today), lock);

/** The model's band of a processed pathway. */
export const modelBandOf = (row: Pick<PathwayRow, 'status' | 'prediction'>): Prediction | null =>
  row.status === 'processed' ? bandOfStored(row.prediction) : null;

interface EntryRow extends Record<string, unknown> {
  id: string;
  kind: PrioritisationEntry['kind'];
  recorded_at: string | Date;
  recorded_by: string;
  priority_code: string | null;
  previous_priority_code: string | null;
  reason: string | null;
  outcome: string | null;
  contact: string | null;
  level: string | null;
  actions: string[] | null;
  note: string | null;
  prediction: string | null;
  model_prediction: string | null;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

function toEntry(row: EntryRow): PrioritisationEntry {
  return {
    id: row.id,
    kind: row.kind,
    recordedAt: iso(row.recorded_at),
    recordedBy: row.recorded_by,
    priorityCode: row.priority_code as PriorityCode | null,
    previousPriorityCode: row.previous_priority_code as PriorityCode | null,
    reason: row.reason,
    outcome: row.outcome as PrioritisationEntry['outcome'],
    contact: row.contact as PrioritisationEntry['contact'],
    level: row.level as PrioritisationEntry['level'],
    actions: (row.actions ?? []) as PrioritisationEntry['actions'],
    note: row.note,
    prediction: row.prediction as Prediction | null,
    modelPrediction: row.model_prediction as Prediction | null,
  };
}

export async function statusOf(db: Db, row: PathwayRow, today: string): Promise<PathwayPrioritisation> {
  const thresholds = await harmThresholdsOf(db, row.trust_code);
  const entries = await queryRows<EntryRow>(
    db,
    sql`select e.* from prioritisation_entries e where e.pathway_id = ${row.id}
      order by e.recorded_at desc, e.id desc`,
  );
  const history = entries.map(toEntry);
  const latestAdjustment = history.find((entry) => entry.kind === 'risk_adjustment');
  const priority = row.priority as PriorityCode | null;
  const limit = priority ? priorityLimitDays[priority] : null;
  const daysWaited = row.clock_start ? daysBetween(row.clock_start, today) : null;
  const postponedFrom = postponedFromOf(row);
  const lastHarmReview =
    row.last_harm_review_on && row.last_harm_review_level
      ? { level: row.last_harm_review_level as HarmLevel, reviewedOn: row.last_harm_review_on }
      : null;
  return {
    id: row.id,
    nhsNumber: row.nhs_number,
    firstName: row.first_name,
    lastName: row.last_name,
    isActive: row.is_active,
    priority,
    priorityDate: row.priority_date,
    prioritySetBy: row.priority_set_by,
    priorityDueBy: limit !== null && row.priority_date ? addDays(row.priority_date, limit) : null,
    clockStart: row.clock_start,
    daysWaited,
    waitBand: daysWaited === null ? null : waitBandOf(daysWaited),
    lastValidatedOn: row.last_validated_on,
    nextValidationDue: nextValidationDueOn(row.clock_start, row.last_validated_on),
    lastHarmReview,
    harmReviewThresholdWeeks: thresholds,
    prediction: modelBandOf(row),
    probability: modelBandOf(row) && row.probability !== null ? Number(row.probability) : null,
    riskStatus:
      row.status === 'suspended'
        ? recordStatusText({ status: 'suspended', statusDetail: row.suspended_on })
        : row.status === 'incomplete' || row.status === 'excluded'
          ? recordStatusText({
              status: row.status,
              statusDetail:
                row.status === 'excluded'
                  ? (row.exclusion ?? null)
                  : incompleteText((row.failed_fields ?? []).map(modelInputOf)).slice('Incomplete: '.length),
            })
          : null,
    adjustment:
      row.adjusted_prediction && latestAdjustment?.prediction
        ? {
            prediction: latestAdjustment.prediction,
            reason: latestAdjustment.reason ?? '',
            by: latestAdjustment.recordedBy,
            on: latestAdjustment.recordedAt,
          }
        : null,
    flags: row.is_active
      ? flagsOf(
          {
            priority,
            priorityDate: row.priority_date,
            clockStart: row.clock_start,
            lastValidatedOn: row.last_validated_on,
            lastHarmReviewOn: row.last_harm_review_on,
            postponedFrom,
            clericalChangeUnreviewed: row.clerical_change_unreviewed,
            missingInputs: row.missing_inputs,
            tciDate: row.tci_date,
            optimisationOpen: row.optimisation_open,
          },
          today,
          thresholds,
        )
      : [],
    postponedFrom,
    today,
    history,
  };
}

/** The pathway a call reads or changes, and who calls: the arguments every call on one pathway starts with. */
export type PathwayTarget = [
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
];
