/**
 * A model version's card to the TRIPOD+AI items a deploying trust needs (decision 0046): what the
 * developer wrote in the wrapper's card (intended use, development data, its figures), the
 * predictors with their units and the values used when missing, the version's performance on the
 * trust's own outcomes (model monitoring) overall and by group, known limitations, and how the
 * version was made.
 */
import { showCalendarDate, showLondonDate } from '@esr/contracts/london-dates';
import { demonstrationModelLabel } from '@esr/contracts/messages';
import { groupFlagReasons, groupingLabels } from '@esr/contracts/model-performance';
import { modelMessages, type Recalibration, type TripodCard } from '@esr/contracts/models';
import { hiddenFigure } from '@esr/contracts/small-groups';
import { sql } from 'drizzle-orm';
import { populationOf, type Population } from '@esr/risk-engine/population';
import type { Wrapper } from '@esr/risk-engine/wrapper';
import { queryRows, type Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { requireAccess, type Principal } from '../identity/index.js';
import { procedureName } from '../library/index.js';
import { openCusumSignals, versionOutcomes } from '../model-performance/index.js';
import type { StoredCard } from './model-files.js';
import { riskModelById } from './models.js';

interface CardRow extends Record<string, unknown> {
  id: string;
  version: number;
  is_active: boolean;
  model_type: string;
  model_sha256: string;
  wrapper_sha256: string;
  uploaded_by: string;
  uploaded_at: string | Date;
  card: StoredCard;
  base_model_id: string | null;
  base_version: number | null;
  recalibration: Recalibration | null;
  outcome_horizon_days: number;
}

const two = (value: number | null) => (value === null ? 'not calculated' : value.toFixed(2));

/** ' (95% interval 0.5812 to 0.8176)', or nothing for a version made before intervals were kept. */
const intervalText = (interval: { lower: number; upper: number } | null | undefined) =>
  interval ? ` (95% interval ${interval.lower.toFixed(4)} to ${interval.upper.toFixed(4)})` : '';

/** The map and what it did, in words. */
export function recalibrationText(map: Recalibration): string[] {
  const window =
    map.from || map.to ? ` operated ${map.from ? `from ${map.from}` : ''}${map.from && map.to ? ' ' : ''}${map.to ? `to ${map.to}` : ''}` : '';
  const what =
    map.method === 'intercept'
      ? 'the overall level (intercept) was adjusted'
      : 'the level and spread (intercept and slope) were adjusted';
  return [
    `Recalibrated from version ${map.baseVersion}: ${what}${map.requested === 'auto' ? ', as a closed test at 5% chose' : ''}. Predictions are the base model’s probability p passed through logit(p′) = a + b·logit(p), with a = ${map.intercept.toFixed(4)}${intervalText(map.intervals?.intercept)} and b = ${map.slope.toFixed(4)}${intervalText(map.intervals?.slope)}.`,
    `Fitted on ${map.n.toLocaleString('en-GB')} patients and ${map.events.toLocaleString('en-GB')} complications${window}. Out of sample (10-fold cross-validation): calibration intercept ${two(map.before.intercept)} before and ${two(map.after.intercept)} after, slope ${two(map.before.slope)} before and ${two(map.after.slope)} after, observed ÷ expected ${two(map.before.oe)} before and ${two(map.after.oe)} after.`,
    'The band thresholds stay as configured, and the factors’ contributions shown on each risk summary stay on the base model’s log-odds scale.',
  ];
}

const notReported = 'Not reported by the developer';

/** Who a model was made for, in words: its operations by OPCS-4 code and its ages. */
function populationText(population: Population | null): string {
  if (!population) return notReported;
  const { min, max } = population.ageYears;
  const ages = max === null ? `aged ${min} and over` : `aged ${min} to ${max}`;
  return `${population.description}: OPCS-4 ${population.opcs4.join(', ')}; ${ages}.`;
}

/**
 * The TRIPOD+AI items (Collins et al., BMJ 2024) a deploying trust needs to judge a model, each with
 * where this card gives it or that its developer did not report it: the card states what it can
 * and says plainly what it cannot.
 */
function tripodItemsOf({
  wrapper,
  written,
  localOutcomes,
  recalibrated,
}: {
  wrapper: Wrapper | null | undefined;
  written: Wrapper['modelCard'] | undefined;
  localOutcomes: number;
  recalibrated: boolean;
}): TripodCard['tripodItems'] {
  const item = (name: string, reported: boolean, detail: string) => ({
    item: name,
    reported,
    detail: reported ? detail : notReported,
  });
  return [
    item('Intended use and users', Boolean(written?.intendedUse), 'Intended use and users'),
    item('Source of the development data', Boolean(written?.trainingData), 'Development data'),
    item('Dates and setting of the development data', false, ''),
    item('Eligibility: who the model is for', Boolean(wrapper?.population), 'Who it was made for'),
    item('Outcome and its time frame', Boolean(wrapper?.outcome), 'Outcome and time frame'),
    item('Predictors, their units and missing values', Boolean(wrapper), 'Predictors'),
    item('Sample size', written?.trainingSize !== undefined, 'Development data'),
    item('Number of outcome events in development', false, ''),
    item('Model type and how it was built', true, 'Model type'),
    item('Performance where it was developed', Boolean(written?.metrics), 'Development data and performance'),
    item('Performance on this trust’s patients', localOutcomes > 0, 'Performance on this trust’s outcomes'),
    item('Performance by patient group (fairness)', localOutcomes > 0, 'Performance on this trust’s outcomes'),
    item('Model updating', recalibrated, 'How it was made and updated'),
    item('Limitations', true, 'Known limitations'),
  ];
}

/** The version's row, with its base version's number; 404 when the trust's procedure has no such version. */
async function cardRow(db: Db, trustCode: string, procedureCode: string, id: string): Promise<CardRow> {
  const [row] = await queryRows<CardRow>(
    db,
    sql`select m.id, m.version, m.is_active, m.model_type, m.model_sha256, m.wrapper_sha256, m.uploaded_by,
        m.uploaded_at, m.card, m.base_model_id, b.version as base_version, m.recalibration,
        m.outcome_horizon_days
      from ml_models m left join ml_models b on b.id = m.base_model_id
      where m.id = ${id} and m.trust_code = ${trustCode} and m.procedure_code = ${procedureCode}`,
  );
  if (!row) throw notFound(modelMessages.notFound);
  return row;
}

type Judged = Awaited<ReturnType<typeof versionOutcomes>>;

/** What the card says the model cannot do, led by a CUSUM signal not yet acknowledged. */
async function limitationsOf(
  db: Db,
  row: CardRow,
  facts: {
    trustCode: string;
    procedureCode: string;
    written: Wrapper['modelCard'] | undefined;
    figures: ReturnType<Judged['figures']>;
    groups: ReturnType<Judged['groups']>;
  },
): Promise<string[]> {
  const { trustCode, procedureCode, written, figures, groups } = facts;
  // Each flagged group with what flagged it and its interval (decision 0062).
  const flagged = groups.flatMap(({ by, groups: inGroup }) =>
    inGroup.flatMap((group) =>
      group.suppressed || !group.flagged ? [] : [`${group.group} (${groupingLabels[by].toLowerCase()}): ${groupFlagReasons(group).join('; ')}`],
    ),
  );
  // A signal no clinical safety officer has acknowledged leads the active version's card (decision 0061).
  const signals = row.is_active ? await openCusumSignals(db, trustCode, procedureCode) : [];
  return [
    ...signals.map(
      (signal) =>
        `The CUSUM signalled on ${showCalendarDate(signal.date)}: ${signal.direction === 'worse' ? 'more' : 'fewer'} complications than the model predicts on this trust’s outcomes; the clinical safety officer has not yet reviewed and acknowledged it.`,
    ),
    ...(row.card.demonstration ? ['Trained on synthetic data: a demonstration, not for clinical use.'] : []),
    'It supports clinical judgement and does not replace it: a patient’s priority is a clinician’s decision.',
    'Each factor’s contribution shows how the model weighs it for this patient; it is not a cause, and changing it may not change the risk.',
    'When a value is missing the model uses the default listed with its predictor; the risk summary says which were used.',
    figures.n === 0
      ? 'Not yet checked against this trust’s own outcomes.'
      : figures.enoughEvents
        ? 'Checked against this trust’s outcomes: see the local performance.'
        : 'Fewer than 100 complications recorded here: the local figures are uncertain (a CUSUM signal is still to be reviewed whatever their number).',
    ...(flagged.length > 0
      ? [`On this trust’s outcomes it performs differently for: ${flagged.join('; ')}.`]
      : []),
    ...(written?.notes ? [written.notes] : []),
  ];
}

/** The version's figures on this trust's outcomes, each group's hidden when too small; null without any. */
function localPerformanceOf(
  figures: ReturnType<Judged['figures']>,
  groups: ReturnType<Judged['groups']>,
): TripodCard['localPerformance'] {
  return (
figures.n === 0
        ? null
        : {
            n: figures.n,
            events: figures.events,
            oe: figures.oe,
            auroc: figures.auroc,
            calibrationIntercept: figures.calibrationIntercept,
            calibrationSlope: figures.calibrationSlope,
            brier: figures.brier,
            enoughEvents: figures.enoughEvents,
            groups: groups.flatMap(({ by, groups: inGroup }) =>
              inGroup.map((group) =>
                group.suppressed
                  ? { by, group: group.group, n: hiddenFigure, oe: null, auroc: null, flagged: false }
                  : {
                      by,
                      group: group.group,
                      n: group.n,
                      oe: group.oe?.ratio ?? null,
                      auroc: group.auroc?.value ?? null,
                      flagged: group.flagged,
                    },
              ),
            ),
          }
  );
}

/** GET …/models/{id}/card */
export async function modelCard(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: string,
  id: string,
): Promise<TripodCard> {
  requireAccess(principal, 'models:read', trustCode);
  const procedure = await procedureName(db, procedureCode);
  const row = await cardRow(db, trustCode, procedureCode, id);
  const model = await riskModelById(db, id);
  const wrapper = model?.wrapper;
  const written = wrapper?.modelCard;
  const judged = await versionOutcomes(db, trustCode, procedureCode, { modelVersion: row.version });
  const horizonDays = Number(row.outcome_horizon_days);
  const population = wrapper ? populationOf(wrapper) : null;
  const figures = judged.figures();
  const groups = judged.groups();
  const limitations = await limitationsOf(db, row, { trustCode, procedureCode, written, figures, groups });
  const uploadedAt = new Date(row.uploaded_at);
  const updates = row.recalibration
    ? [`Made on ${showLondonDate(uploadedAt)} by ${row.uploaded_by}.`, ...recalibrationText(row.recalibration)]
    : [`Uploaded on ${showLondonDate(uploadedAt)} by ${row.uploaded_by}; not updated since.`];
  return {
    id: row.id,
    procedureCode,
    procedureName: procedure,
    version: row.version,
    name: row.card.name,
    modelVersion: row.card.modelVersion,
    demonstration: row.card.demonstration,
    label: row.card.demonstration ? demonstrationModelLabel : null,
    isActive: row.is_active,
    source: row.base_model_id ? 'recalibrated' : 'uploaded',
    baseVersion: row.base_version === null ? null : Number(row.base_version),
    uploadedBy: row.uploaded_by,
    uploadedAt: uploadedAt.toISOString(),
    modelSha256: row.model_sha256,
    wrapperSha256: row.wrapper_sha256,
    modelType: row.model_type,
    library: `${row.card.library} ${row.card.libraryVersion}`,
    // The developer's words, then how this service uses it, as the clinical safety case says.
    intendedUse: `${
      written?.intendedUse ??
      `To estimate the risk of a complication after elective ${procedure.toLowerCase()}, for patients on the trust’s waiting list, so that the team can prepare them before surgery.`
    } In this service the risk informs the clinicians who prioritise the list; it does not set anyone’s priority.`,
    intendedUsers:
      'Clinicians and waiting list staff of the NHS trust, who read the risk beside the patient’s record and their own judgement.',
    outcome: wrapper?.outcome?.definition ?? notReported,
    timeFrame: `Within ${horizonDays} days of the operation.`,
    population: populationText(population),
    tripodItems: tripodItemsOf({
      wrapper,
      written,
      localOutcomes: figures.n,
      recalibrated: row.recalibration !== null,
    }),
    predictors: (wrapper?.features ?? []).map((feature) => ({
      name: feature.name,
      displayName: feature.displayName,
      unit: feature.unit,
      defaultWhenMissing: feature.default,
      modifiable: feature.modifiable,
    })),
    thresholds: row.card.thresholds,
    developmentData: {
      description: written?.trainingData ?? null,
      size: written?.trainingSize ?? null,
      notes: null,
    },
    developmentPerformance: row.card.metrics,
    localPerformance: localPerformanceOf(figures, groups),
    limitations,
    updates,
    recalibration: row.recalibration,
  };
}
