/**
 * One pathway's prioritisation (decision 0044): its priority, wait, validation and harm-review
 * status and the clinician's view of the risk, and the entries that change them. Each change is a
 * new dated entry in prioritisation_entries (never updated or removed); the pathway keeps the
 * latest of each kind beside its list fields for the worklist. Every change writes a change-log
 * entry in the form's words and an access-log entry, in the change's transaction.
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '@esr/contracts/endpoints';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  harmActionLabels,
  harmLevelLabels,
  maxPrioritisationTextLength,
  priorityMovedUp,
  priorityReviewedAfterPostponing,
  prioritisationMessages,
  validationContactLabels,
  validationOutcomeLabels,
  type HarmReviewRequest,
  type PathwayPrioritisation,
  type PriorityChangeRequest,
  type PriorityCode,
  type RiskAdjustmentRequest,
  type ValidationRequest,
} from '@esr/contracts/prioritisation';
import { riskLabels } from '@esr/contracts/open-pathways';
import { type Db } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { hasAccess, principalName, requireAccess, type Principal } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { recordPatientAccess, routeOf } from '../access-log/index.js';
import {
  archivePathway,
  recordHarmReview as recordHarmReviewDay,
  recordValidationDay,
  setAdjustedPrediction,
  setPostponedFrom,
  setPriority as setPathwayPriority,
} from '../pathways/index.js';
import { addEntry } from './prioritisation-entries.js';
import { harmThresholdsOf } from './worklist-settings.js';
import {
  type PathwayRow,
  type PathwayTarget,
  modelBandOf,
  prioritisedPathway,
  statusOf,
} from './prioritised-pathway.js';
export type { PathwayTarget } from './prioritised-pathway.js';

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
