/**
 * One pathway's prioritisation (decision 0044): its priority, wait, validation and harm-review
 * status and the clinician's view of the risk, and the entries that change them. Each change is a
 * new dated entry in prioritisation_entries (never updated or removed); the pathway keeps the
 * latest of each kind beside its list fields for the worklist. Every change writes a change-log
 * entry in the form's words and an access-log entry, in the change's transaction.
 */
import { recordStatusText } from '@esr/contracts/open-pathways';
import { shownScoringColumns } from '../prediction-suspension/index.js';
import { incompleteText, modelInputOf } from '@esr/contracts/patient-wording';
import { bandOfStored } from '@esr/contracts/risk-band';
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  addDays,
  flagsOf,
  harmActionLabels,
  harmLevelLabels,
  maxPrioritisationTextLength,
  nextValidationDueOn,
  priorityLimitDays,
  priorityMovedUp,
  priorityReviewedAfterPostponing,
  prioritisationMessages,
  validationContactLabels,
  validationOutcomeLabels,
  waitBandOf,
  daysBetween,
  type HarmLevel,
  type HarmReviewRequest,
  type PathwayPrioritisation,
  type PrioritisationEntry,
  type PriorityChangeRequest,
  type PostponedFrom,
  type PriorityCode,
  type RiskAdjustmentRequest,
  type ValidationRequest,
} from '@esr/contracts/prioritisation';
import { riskLabels, type Prediction } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { hasAccess, principalName, requireAccess, type Principal } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import {
  archivePathway,
  findPathway,
  missingInputsSql,
  recordHarmReview as recordHarmReviewDay,
  recordValidationDay,
  setAdjustedPrediction,
  setPostponedFrom,
  setPriority as setPathwayPriority,
} from '../pathways/index.js';
import { addEntry } from './prioritisation-entries.js';
import { harmThresholdsOf } from './worklist.js';

interface PathwayRow extends Record<string, unknown> {
  id: string;
  trust_code: string;
  procedure_code: string;
  nhs_number: string | null;
  local_patient_identifier: string | null;
  first_name: string | null;
  last_name: string | null;
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
  tci_date: string | null;
}

const pathwayColumns = sql`p.id, p.trust_code, p.procedure_code, p.nhs_number, p.local_patient_identifier,
  p.first_name, p.last_name,
  p.is_active, ${shownScoringColumns}, p.prediction, p.probability, p.failed_fields, p.exclusion, p.priority,
  p.priority_date::text as priority_date,
  p.priority_set_by, p.clock_start::text as clock_start, p.last_validated_on::text as last_validated_on,
  p.last_harm_review_on::text as last_harm_review_on, p.last_harm_review_level, p.adjusted_prediction,
  p.postponed_from_priority, p.postponed_from_priority_date::text as postponed_from_priority_date,
  p.clerical_change_unreviewed_at is not null as clerical_change_unreviewed,
  ${missingInputsSql} as missing_inputs, p.tci_date::text as tci_date`;

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
const prioritisedPathway = (
  db: Db,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  lock = false,
) => findPathway<PathwayRow>(db, { trustCode, procedureCode, id }, pathwayColumns, lock);

/** The model's band of a processed pathway. */
const modelBandOf = (row: Pick<PathwayRow, 'status' | 'prediction'>): Prediction | null =>
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

async function statusOf(db: Db, row: PathwayRow, today: string): Promise<PathwayPrioritisation> {
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

/** GET …/patients/{id}/prioritisation: the pathway's status and history (an access-log read). */
export async function pathwayPrioritisation(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  today = todayInLondon(),
): Promise<PathwayPrioritisation> {
  requireAccess(principal, 'prioritisation:read', trustCode);
  const row = await prioritisedPathway(db, trustCode, procedureCode, id);
  await recordPatientAccess(db, principal, {
    trustCode,
    route: routeOf(endpoints.prioritisation.pathway),
    action: 'prioritisation',
    pathwayIds: [id],
  });
  return statusOf(db, row, today);
}

/** A reason or note as typed, trimmed; `required` refuses a blank one. */
function textOf(
  value: string | undefined,
  field: string,
  messages: { required?: string; tooLong: string },
  errors: Record<string, string[]>,
): string | null {
  const text = (value ?? '').replace(/\r\n/g, '\n').trim();
  if (text === '') {
    if (messages.required) errors[field] = [messages.required];
    return null;
  }
  if (text.length > maxPrioritisationTextLength) errors[field] = [messages.tooLong];
  return text;
}

function refuseIfAny(errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  if (messages.length > 0) throw badRequest(messages[0]!, errors);
}

/** A new priority, dated today and set by the caller, with its entry. */
async function setPriority(
  db: Db,
  principal: Principal,
  pathway: PathwayRow,
  today: string,
  code: PriorityCode,
  reason: string,
) {
  await addEntry(db, principal, pathway, today, {
    kind: 'priority',
    priorityCode: code,
    previousPriorityCode: pathway.priority,
    reason,
  });
  await setPathwayPriority(db, pathway.id, { code, today, setBy: principalName(principal) });
}

/** What a change writes to the change log: its action in the form's words, and the values before and after. */
interface ChangeRecord {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * A change to one pathway: the pathway locked and active, the change, its change-log entry (which
 * names the patient by initials and the end of the NHS number, decision 0051) and its access-log
 * entry, all in one transaction; answered with the pathway's status. The caller has checked the
 * access and the request.
 */
async function changePathway(
  [db, principal, trustCode, procedureCode, id]: PathwayTarget,
  endpoint: { method: string; path: string },
  change: (tx: Db, pathway: PathwayRow, today: string) => Promise<ChangeRecord>,
): Promise<PathwayPrioritisation> {
  const today = todayInLondon();
  return db.transaction(async (tx) => {
    const pathway = await prioritisedPathway(tx, trustCode, procedureCode, id, true);
    if (!pathway.is_active) throw conflict(prioritisationMessages.notOnList);
    const { action, before, after } = await change(tx, pathway, today);
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action,
      entityType: 'patient',
      pathway,
      before,
      after,
    });
    await recordPatientAccess(tx, principal, {
      trustCode,
      route: routeOf(endpoint),
      action: 'prioritisation-change',
      pathwayIds: [id],
    });
    return statusOf(tx, await prioritisedPathway(tx, trustCode, procedureCode, id), today);
  });
}

/** The reason a priority change or a risk adjustment must give: 1 to 500 characters. */
const requiredReason = (value: string | undefined, errors: Record<string, string[]>) =>
  textOf(
    value,
    'reason',
    { required: prioritisationMessages.reasonRequired, tooLong: prioritisationMessages.reasonTooLong },
    errors,
  );

/** POST …/priority: a clinician changes the priority, with the reason. */
export async function changePriority(target: PathwayTarget, body: PriorityChangeRequest) {
  const [, principal, trustCode] = target;
  requireAccess(principal, 'prioritisation:clinical', trustCode);
  const errors: Record<string, string[]> = {};
  if (!body.priorityCode) errors.priorityCode = [prioritisationMessages.priorityRequired];
  const reason = requiredReason(body.reason, errors);
  refuseIfAny(errors);
  const code = body.priorityCode!;
  return changePathway(target, endpoints.prioritisation.changePriority, async (tx, pathway, today) => {
    // While a postponement waits for a clinician, keeping the priority is a decision too (decision 0056).
    const reviewDue = pathway.postponed_from_priority !== null;
    if (pathway.priority === code && !reviewDue)
      throw badRequest(prioritisationMessages.priorityUnchanged, {
        priorityCode: [prioritisationMessages.priorityUnchanged],
      });
    await setPriority(tx, principal, pathway, today, code, reason!);
    if (reviewDue) await setPostponedFrom(tx, pathway.id, null);
    const postponed = reviewDue
      ? {
          before: { postponedFrom: pathway.postponed_from_priority },
          after: { postponedFrom: null },
        }
      : { before: {}, after: {} };
    return {
      action:
        pathway.priority === code
          ? `Kept the priority ${code} after the patient’s postponement from ${pathway.postponed_from_priority}`
          : `Changed the priority from ${pathway.priority ?? 'none'} to ${code}`,
      before: { priority: pathway.priority, priorityDate: pathway.priority_date, ...postponed.before },
      after: { priority: code, priorityDate: today, reason, ...postponed.after },
    };
  });
}

/** POST …/validations: an administrative validation, with its outcome and how the patient was contacted. */
export async function recordValidation(target: PathwayTarget, body: ValidationRequest) {
  const [, principal, trustCode] = target;
  requireAccess(principal, 'prioritisation:validate', trustCode);
  const errors: Record<string, string[]> = {};
  if (!body.outcome) errors.outcome = [prioritisationMessages.outcomeRequired];
  if (!body.contact) errors.contact = [prioritisationMessages.contactRequired];
  if (body.outcome === 'postpone' && !body.postponeTo)
    errors.postponeTo = [prioritisationMessages.postponeToRequired];
  const note = textOf(
    body.note,
    'note',
    {
      ...(body.outcome === 'remove' ? { required: prioritisationMessages.removeNoteRequired } : {}),
      tooLong: prioritisationMessages.noteTooLong,
    },
    errors,
  );
  refuseIfAny(errors);
  const outcome = body.outcome!;
  const contact = body.contact!;
  const postponeTo = outcome === 'postpone' ? body.postponeTo! : null;
  return changePathway(target, endpoints.prioritisation.recordValidation, async (tx, pathway, today) => {
    await addEntry(tx, principal, pathway, today, {
      kind: 'validation',
      outcome,
      contact,
      note,
      ...(postponeTo ? { priorityCode: postponeTo, previousPriorityCode: pathway.priority } : {}),
    });
    await recordValidationDay(tx, pathway.id, today);
    // Postponing an urgent priority at the patient's request waits for a clinician's decision, and
    // its breach still counts meanwhile (decision 0056); a later postponement keeps the first.
    const postponesUrgent =
      postponeTo !== null &&
      pathway.postponed_from_priority === null &&
      priorityReviewedAfterPostponing.includes(pathway.priority as PriorityCode);
    if (postponesUrgent)
      await setPostponedFrom(tx, pathway.id, {
        priority: pathway.priority,
        priorityDate: pathway.priority_date,
      });
    if (postponeTo && pathway.priority !== postponeTo)
      await setPriority(
        tx,
        principal,
        pathway,
        today,
        postponeTo,
        'Postponed at the patient’s choice (validation)',
      );
    if (outcome === 'remove') await archivePathway(tx, pathway.id);
    return {
      action: `Recorded a validation by ${validationContactLabels[contact].toLowerCase()}: ${validationOutcomeLabels[outcome].toLowerCase()}`,
      before: { lastValidatedOn: pathway.last_validated_on, priority: pathway.priority, isActive: true },
      after: {
        lastValidatedOn: today,
        priority: postponeTo ?? pathway.priority,
        isActive: outcome !== 'remove',
        note,
        ...(postponesUrgent ? { clinicianReviewDue: `Postponed from ${pathway.priority}` } : {}),
      },
    };
  });
}

/**
 * POST …/harm-reviews: a clinician's harm review. Moderate or severe harm with "moved up a
 * category" moves the priority up one (P4 → P3 → P2 → P1b, never past P1b) in the same transaction.
 */
export async function recordHarmReview(target: PathwayTarget, body: HarmReviewRequest) {
  const [, principal, trustCode] = target;
  requireAccess(principal, 'prioritisation:clinical', trustCode);
  const errors: Record<string, string[]> = {};
  if (!body.level) errors.level = [prioritisationMessages.levelRequired];
  const actions = [...new Set(body.actions ?? [])];
  const movesUp = actions.includes('moved_up_category');
  if (movesUp && body.level && body.level !== 'moderate' && body.level !== 'severe')
    errors.actions = [prioritisationMessages.moveUpNeedsHarm];
  const note = textOf(body.note, 'note', { tooLong: prioritisationMessages.noteTooLong }, errors);
  refuseIfAny(errors);
  const level = body.level!;
  return changePathway(target, endpoints.prioritisation.recordHarmReview, async (tx, pathway, today) => {
    const current = pathway.priority as PriorityCode | null;
    const movedTo = movesUp && current ? priorityMovedUp(current) : null;
    if (movesUp && movedTo === null)
      throw badRequest(prioritisationMessages.moveUpPatientChoice, {
        actions: [prioritisationMessages.moveUpPatientChoice],
      });
    const moves = movedTo !== null && movedTo !== current;
    await addEntry(tx, principal, pathway, today, {
      kind: 'harm_review',
      level,
      actions,
      note,
      ...(moves ? { priorityCode: movedTo, previousPriorityCode: current } : {}),
    });
    await recordHarmReviewDay(tx, pathway.id, today, level);
    if (moves)
      await setPriority(
        tx,
        principal,
        pathway,
        today,
        movedTo,
        `Moved up after a harm review: ${harmLevelLabels[level].toLowerCase()}`,
      );
    const actionWords = actions.map((action) => harmActionLabels[action].toLowerCase());
    return {
      action: `Recorded a harm review: ${harmLevelLabels[level].toLowerCase()}${actionWords.length > 0 ? `; ${actionWords.join(', ')}` : ''}`,
      before: { lastHarmReviewLevel: pathway.last_harm_review_level, priority: current },
      after: { lastHarmReviewLevel: level, priority: movedTo ?? current, actions, note },
    };
  });
}

/** POST …/risk-adjustment: the clinician's view of the risk, beside the model's. */
export async function adjustRisk(target: PathwayTarget, body: RiskAdjustmentRequest) {
  const [, principal, trustCode] = target;
  requireAccess(principal, 'prioritisation:clinical', trustCode);
  const errors: Record<string, string[]> = {};
  if (!body.prediction) errors.prediction = [prioritisationMessages.adjustmentRequired];
  const reason = requiredReason(body.reason, errors);
  refuseIfAny(errors);
  const prediction = body.prediction!;
  return changePathway(target, endpoints.prioritisation.adjustRisk, async (tx, pathway, today) => {
    const model = modelBandOf(pathway);
    if (model === null) throw conflict(prioritisationMessages.notScored);
    await addEntry(tx, principal, pathway, today, {
      kind: 'risk_adjustment',
      prediction,
      reason,
      modelPrediction: model,
    });
    await setAdjustedPrediction(tx, pathway.id, prediction);
    return {
      action: `Adjusted the risk to ${riskLabels[prediction].toLowerCase()} (model: ${riskLabels[model].toLowerCase()})`,
      before: { adjustedPrediction: pathway.adjusted_prediction },
      after: { adjustedPrediction: prediction, reason },
    };
  });
}

/** DELETE …/risk-adjustment: the clinician's view is withdrawn (the history keeps it). */
export async function removeRiskAdjustment(target: PathwayTarget) {
  const [, principal, trustCode] = target;
  requireAccess(principal, 'prioritisation:clinical', trustCode);
  return changePathway(target, endpoints.prioritisation.removeRiskAdjustment, async (tx, pathway, today) => {
    if (!pathway.adjusted_prediction) throw conflict(prioritisationMessages.noAdjustment);
    await addEntry(tx, principal, pathway, today, {
      kind: 'risk_adjustment',
      prediction: null,
      modelPrediction: modelBandOf(pathway),
    });
    await setAdjustedPrediction(tx, pathway.id, null);
    return {
      action: 'Removed the risk adjustment',
      before: { adjustedPrediction: pathway.adjusted_prediction },
      after: { adjustedPrediction: null },
    };
  });
}

/** When the thresholds are acceptable: 1 to 5 whole weeks from 1 to 260, each once. */
export function validThresholds(weeks: readonly number[] | undefined): number[] | null {
  if (!weeks || weeks.length < 1 || weeks.length > 5) return null;
  if (!weeks.every((w) => Number.isInteger(w) && w >= 1 && w <= 260)) return null;
  if (new Set(weeks).size !== weeks.length) return null;
  return [...weeks].sort((a, b) => a - b);
}

/** GET …/prioritisation/settings */
export async function prioritisationSettings(db: Db, principal: Principal, trustCode: string) {
  if (
    !hasAccess(principal, 'prioritisation:read', trustCode) &&
    !hasAccess(principal, 'prioritisation:settings', trustCode)
  )
    throw forbidden();
  return { harmReviewThresholdWeeks: await harmThresholdsOf(db, trustCode) };
}

/** PUT …/prioritisation/settings: a trust admin sets the harm-review thresholds. */
export async function updatePrioritisationSettings(
  db: Db,
  principal: Principal,
  trustCode: string,
  body: { harmReviewThresholdWeeks?: number[] },
) {
  requireAccess(principal, 'prioritisation:settings', trustCode);
  const weeks = validThresholds(body.harmReviewThresholdWeeks);
  if (!weeks)
    throw badRequest(prioritisationMessages.thresholdsInvalid, {
      harmReviewThresholdWeeks: [prioritisationMessages.thresholdsInvalid],
    });
  await db.transaction(async (tx) => {
    const before = await harmThresholdsOf(tx, trustCode);
    await tx.execute(sql`update trusts set harm_review_threshold_weeks = ${`{${weeks.join(',')}}`}::integer[],
        updated_at = now() where trust_code = ${trustCode}`);
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: `Set the harm-review thresholds to ${weeks.join(', ')} weeks`,
      entityType: 'trust',
      entityId: trustCode,
      before: { harmReviewThresholdWeeks: before.join(', ') },
      after: { harmReviewThresholdWeeks: weeks.join(', ') },
    });
  });
  return { harmReviewThresholdWeeks: weeks };
}
