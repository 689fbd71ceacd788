/**
 * Each group judged against the rest of the list, not against a fixed ideal: a model that is off
 * for the whole list is off for every group alike, and that is the overall figures' finding, not a
 * group's. Three comparisons of the group with everyone else, each with a 95% interval and a
 * two-sided p-value; Holm's adjustment across the groups shown; and a flag only where a difference
 * is both significant after that adjustment and larger than a stated material size. Checked against
 * an independent Python computation (ml/group_tests_golden.py → ml/golden/group-tests.json).
 */
import { groupComparisonAlpha, groupMaterialSizes } from '@esr/contracts/model-performance';
import { delongEstimate } from './auroc.js';
import { clampedLogit } from './calibration.js';
import { regularizedUpperGamma } from './poisson.js';
import { zFor95 } from './intervals.js';
import type { JudgedOutcome } from './types.js';

/** An estimated difference with its standard error, 95% interval and two-sided p-value. */
export interface EstimatedDifference {
  value: number;
  standardError: number;
  lower: number;
  upper: number;
  pValue: number;
}

/**
 * The group's O/E divided by the rest's. `value`, `lower` and `upper` are ratios; `standardError` is
 * that of the log ratio. With 0.5 added to both observed counts when either is 0
 * (`continuityCorrected`), and then every figure is of the corrected counts.
 */
export interface OeRatioComparison extends EstimatedDifference {
  groupObserved: number;
  groupExpected: number;
  restObserved: number;
  restExpected: number;
  continuityCorrected: boolean;
}

/** d of logit P(event) = a + d·[in the group] + logit(p), with a, the rest's own calibration-in-the-large. */
export interface CalibrationInTheLargeComparison extends EstimatedDifference {
  restIntercept: number;
}

/** The group's AUROC minus the rest's, each beside it. */
export interface AurocComparison extends EstimatedDifference {
  groupAuroc: number;
  restAuroc: number;
}

export interface GroupComparison {
  /** Null when the group or the rest is empty, or neither has an event. */
  oeRatio: OeRatioComparison | null;
  /** Null unless the group and the rest each have an event and a non-event, and the fit converges. */
  calibrationInTheLargeDifference: CalibrationInTheLargeComparison | null;
  /** Null unless the group and the rest each have two events and two non-events, and the difference varies. */
  aurocDifference: AurocComparison | null;
}

export type GroupComparisonFlag = 'oe' | 'calibration' | 'auroc';

/** The three families' p-values after Holm's adjustment across the groups shown; null where the test is. */
export interface AdjustedPValues {
  oeRatio: number | null;
  calibrationInTheLargeDifference: number | null;
  aurocDifference: number | null;
}

export interface GroupJudgement {
  key: string;
  comparison: GroupComparison;
  adjustedPValues: AdjustedPValues;
  flags: GroupComparisonFlag[];
}

/** The differences below which a group is not flagged however significant: see `defaultMaterialSizes`. */
export interface MaterialSizes {
  /** Flag O/E when the ratio of the group's to the rest's is above this or below its reciprocal. */
  oeRatio: number;
  /** Flag calibration when the difference in calibration-in-the-large (log-odds) is beyond ± this. */
  calibrationInTheLargeDifference: number;
  /** Flag discrimination when the group's AUROC is below the rest's by more than this. */
  aurocShortfall: number;
}

/** The family-wise error rate of each family of tests, after Holm's adjustment (the contract's). */
export { groupComparisonAlpha };

/**
 * An O/E ratio outside 0.8–1.25 (|log ratio| > log 1.25): the group's O/E a quarter above the
 * rest's or a fifth below it, the same distance on the log scale, so that under- and over-prediction
 * of the same size are judged alike (the conventional 80–125% equivalence range for ratios). At this
 * list's risks (4–8%) it is close to the calibration margin below: odds × e^0.2 is a risk × 1.21 to
 * 1.20.
 */
export const materialOeRatio = groupMaterialSizes.oeRatio;

/**
 * A calibration-in-the-large difference beyond ±0.2 on the log-odds scale (odds × 0.82 or × 1.22):
 * both directions misinform, under-prediction by hiding a group's risk and over-prediction by
 * overstating it, so both are flagged.
 */
export const materialCalibrationInTheLargeDifference = groupMaterialSizes.calibrationDifference;

/**
 * An AUROC more than 0.05 below the rest's, the size of the rule of thumb it replaces (decision
 * 0062) but one-sided: a model that
 * ranks a group's patients better than the rest's does them no harm, so doing better is never a flag.
 */
export const materialAurocShortfall = groupMaterialSizes.aurocShortfall;

export const defaultMaterialSizes: Readonly<MaterialSizes> = {
  oeRatio: materialOeRatio,
  calibrationInTheLargeDifference: materialCalibrationInTheLargeDifference,
  aurocShortfall: materialAurocShortfall,
};

// ---------------------------------------------------------------------------------------------
// The normal distribution's two-sided tail

/**
 * P(|Z| ≥ |z|) for a standard normal Z: the two-sided p-value of a Wald statistic. It is erfc(|z|/√2),
 * the regularised upper incomplete gamma function Q(½, z²/2), which poisson.ts computes for the
 * funnel too. z²/2 is taken from z directly, not by squaring a rounded z/√2, whose error e^(−z²/2)
 * would magnify in the far tail.
 */
export function twoSidedNormalPValue(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const t = (z * z) / 2;
  if (t === 0) return 1;
  return regularizedUpperGamma(0.5, t);
}

function waldDifference(value: number, standardError: number): EstimatedDifference {
  return {
    value,
    standardError,
    lower: value - zFor95 * standardError,
    upper: value + zFor95 * standardError,
    pValue: twoSidedNormalPValue(value / standardError),
  };
}

// ---------------------------------------------------------------------------------------------
// O/E ratio

/**
 * The ratio of the group's O/E to the rest's (a ratio of standardised ratios: Breslow & Day 1987,
 * Statistical Methods in Cancer Research vol. II), with the expected counts taken as
 * known and each observed count as Poisson: the log ratio has the delta-method standard error
 * √(1/O_group + 1/O_rest), and the interval and Wald test are on the log scale. With no events on
 * one side the log ratio is infinite, so 0.5 is added to both observed counts (the usual continuity
 * rule for a log ratio of counts; Haldane 1956) and the comparison says so; with none on either side
 * there is nothing to compare, and it is null.
 */
function oeRatioComparison(
  groupObserved: number,
  groupExpected: number,
  restObserved: number,
  restExpected: number,
): OeRatioComparison | null {
  if (!(groupExpected > 0) || !(restExpected > 0) || groupObserved + restObserved === 0) return null;
  const continuityCorrected = groupObserved === 0 || restObserved === 0;
  const correction = continuityCorrected ? 0.5 : 0;
  const group = groupObserved + correction;
  const rest = restObserved + correction;
  const logRatio = Math.log(group / groupExpected) - Math.log(rest / restExpected);
  const onLogScale = waldDifference(logRatio, Math.sqrt(1 / group + 1 / rest));
  return {
    value: Math.exp(logRatio),
    standardError: onLogScale.standardError,
    lower: Math.exp(onLogScale.lower),
    upper: Math.exp(onLogScale.upper),
    pValue: onLogScale.pValue,
    groupObserved,
    groupExpected,
    restObserved,
    restExpected,
    continuityCorrected,
  };
}

// ---------------------------------------------------------------------------------------------
// Calibration-in-the-large difference

const maxIterations = 100;
const stepTolerance = 1e-12;
/** As in calibration.ts: a fall in the log-likelihood below this share of it is rounding, not a worse fit. */
const logLikelihoodRounding = 1e-9;

/** One side's log-odds offsets logit(p) and outcomes (1 = event). */
interface OffsetSample {
  logits: Float64Array;
  events: Uint8Array;
}

/** The log-likelihood of logit P(event) = shift + logit(p) over one side, its score and information in the shift. */
function sideEvaluation({ logits, events }: OffsetSample, shift: number) {
  let logLikelihood = 0;
  let score = 0;
  let information = 0;
  for (let i = 0; i < logits.length; i++) {
    const eta = shift + logits[i]!;
    const event = events[i]!;
    // One exponential of −|η| gives both the fitted probability and log(1 + e^η) without overflow.
    const e = Math.exp(-Math.abs(eta));
    const fitted = eta >= 0 ? 1 / (1 + e) : e / (1 + e);
    logLikelihood += event * eta - (eta > 0 ? eta : 0) - Math.log1p(e);
    score += event - fitted;
    information += fitted * (1 - fitted);
  }
  return { logLikelihood, score, information };
}

/**
 * The joint log-likelihood of logit P(event) = a + d·[in the group] + logit(p), with its score in
 * (a, d) and its information matrix [[I_g + I_r, I_g], [I_g, I_g]].
 */
function jointEvaluation(group: OffsetSample, rest: OffsetSample, intercept: number, difference: number) {
  const inGroup = sideEvaluation(group, intercept + difference);
  const inRest = sideEvaluation(rest, intercept);
  return {
    logLikelihood: inGroup.logLikelihood + inRest.logLikelihood,
    scoreIntercept: inGroup.score + inRest.score,
    scoreDifference: inGroup.score,
    infoInterceptIntercept: inGroup.information + inRest.information,
    infoInterceptDifference: inGroup.information,
    infoDifferenceDifference: inGroup.information,
  };
}

/**
 * One logistic regression over the whole list with logit(p) as an offset, a common intercept a and an
 * indicator of the group: logit P(event) = a + d·[in the group] + logit(p). d is how much further the
 * group's outcomes sit from its predictions than the rest's do, on the log-odds scale, with its Wald
 * interval and test from the inverse information. Fitted by Newton–Raphson from (0, 0), a perfectly
 * calibrated model, with calibration.ts's step halving and stopping rule.
 */
function calibrationInTheLargeComparison(
  group: OffsetSample,
  rest: OffsetSample,
): CalibrationInTheLargeComparison | null {
  // Without an event and a non-event on each side, a or a + d runs off to ±∞: no finite maximum.
  for (const { events } of [group, rest]) {
    let count = 0;
    for (let i = 0; i < events.length; i++) count += events[i]!;
    if (count === 0 || count === events.length) return null;
  }
  let intercept = 0;
  let difference = 0;
  let current = jointEvaluation(group, rest, intercept, difference);
  let converged = false;
  for (let iteration = 0; iteration < maxIterations && !converged; iteration++) {
    const {
      scoreIntercept,
      scoreDifference,
      infoInterceptIntercept,
      infoInterceptDifference,
      infoDifferenceDifference,
    } = current;
    const determinant =
      infoInterceptIntercept * infoDifferenceDifference - infoInterceptDifference * infoInterceptDifference;
    if (!(determinant > 0)) return null;
    const stepIntercept =
      (infoDifferenceDifference * scoreIntercept - infoInterceptDifference * scoreDifference) / determinant;
    const stepDifference =
      (infoInterceptIntercept * scoreDifference - infoInterceptDifference * scoreIntercept) / determinant;
    const stepSize = Math.max(Math.abs(stepIntercept), Math.abs(stepDifference));
    if (!Number.isFinite(stepSize)) return null;
    if (stepSize < stepTolerance) {
      intercept += stepIntercept;
      difference += stepDifference;
      converged = true;
      break;
    }
    const lowest = current.logLikelihood - logLikelihoodRounding * Math.abs(current.logLikelihood);
    let scale = 1;
    let next = jointEvaluation(group, rest, intercept + stepIntercept, difference + stepDifference);
    while (next.logLikelihood < lowest && scale * stepSize >= stepTolerance) {
      scale /= 2;
      next = jointEvaluation(
        group,
        rest,
        intercept + scale * stepIntercept,
        difference + scale * stepDifference,
      );
    }
    intercept += scale * stepIntercept;
    difference += scale * stepDifference;
    current = next;
    if (scale * stepSize < stepTolerance) converged = true;
  }
  if (!converged) return null;

  // The variance of d from the inverse information at the fit: I_aa / det = 1/I_g + 1/I_r.
  const atFit = jointEvaluation(group, rest, intercept, difference);
  const determinant =
    atFit.infoInterceptIntercept * atFit.infoDifferenceDifference -
    atFit.infoInterceptDifference * atFit.infoInterceptDifference;
  if (!(determinant > 0)) return null;
  return {
    ...waldDifference(difference, Math.sqrt(atFit.infoInterceptIntercept / determinant)),
    restIntercept: intercept,
  };
}

// ---------------------------------------------------------------------------------------------
// AUROC difference

/**
 * One side's AUROC (ties count one half) and DeLong's variance of it, as the overall figures
 * compute it (auroc.ts). Null with fewer than two events or two non-events, where a sample
 * variance does not exist.
 */
function aurocWithVariance(outcomes: readonly JudgedOutcome[]): { auroc: number; variance: number } | null {
  let eventCount = 0;
  for (const outcome of outcomes) if (outcome.event) eventCount++;
  const events = new Float64Array(eventCount);
  const nonEvents = new Float64Array(outcomes.length - eventCount);
  for (let i = 0, e = 0, ne = 0; i < outcomes.length; i++) {
    const { probability, event } = outcomes[i]!;
    if (event) events[e++] = probability;
    else nonEvents[ne++] = probability;
  }
  const estimate = delongEstimate(events, nonEvents);
  return estimate && { auroc: estimate.value, variance: estimate.variance };
}

/**
 * The group's AUROC minus the rest's. The two are of different patients, so independent samples:
 * the variance of the difference is the sum of DeLong's variances, with no covariance term (that term
 * is for two models scored on the same patients). Wald interval and test; null when either AUROC has
 * no variance or the difference's variance is 0 (every ranking perfect on both sides).
 */
function aurocComparison(
  group: readonly JudgedOutcome[],
  rest: readonly JudgedOutcome[],
): AurocComparison | null {
  const inGroup = aurocWithVariance(group);
  const inRest = aurocWithVariance(rest);
  if (!inGroup || !inRest) return null;
  const standardError = Math.sqrt(inGroup.variance + inRest.variance);
  if (!(standardError > 0)) return null;
  return {
    ...waldDifference(inGroup.auroc - inRest.auroc, standardError),
    groupAuroc: inGroup.auroc,
    restAuroc: inRest.auroc,
  };
}

// ---------------------------------------------------------------------------------------------
// The comparison, Holm's adjustment and the flags

function offsetSample(
  outcomes: readonly JudgedOutcome[],
): OffsetSample & { expected: number; observed: number } {
  const logits = new Float64Array(outcomes.length);
  const events = new Uint8Array(outcomes.length);
  let expected = 0;
  let observed = 0;
  for (let i = 0; i < outcomes.length; i++) {
    const { probability, event } = outcomes[i]!;
    logits[i] = clampedLogit(probability);
    events[i] = event ? 1 : 0;
    expected += probability;
    observed += event ? 1 : 0;
  }
  return { logits, events, expected, observed };
}

/**
 * A group against the rest of the list: the ratio of their O/Es, the difference in
 * calibration-in-the-large and the difference in AUROC, each with its 95% interval and unadjusted
 * two-sided p-value. Expected counts and the AUROC use the stored probabilities as they are; the
 * calibration fit clamps them to take their log-odds (clampedLogit), as performanceFigures does.
 */
export function compareGroupWithRest(
  group: readonly JudgedOutcome[],
  rest: readonly JudgedOutcome[],
): GroupComparison {
  const groupSample = offsetSample(group);
  const restSample = offsetSample(rest);
  return {
    oeRatio: oeRatioComparison(
      groupSample.observed,
      groupSample.expected,
      restSample.observed,
      restSample.expected,
    ),
    calibrationInTheLargeDifference: calibrationInTheLargeComparison(groupSample, restSample),
    aurocDifference: aurocComparison(group, rest),
  };
}

/**
 * Holm's (1979) step-down adjustment: the k p-values present, in ascending order, are multiplied by
 * k, k − 1, …, 1, each kept at least the one before it and at most 1. It holds the family-wise error
 * rate under any dependence between the tests, which a group's comparison with the rest of the list
 * has with every other group's (each group is in the others' rest). Nulls, tests that could not be
 * done, are not counted and stay null.
 */
export function holmAdjust(pValues: readonly (number | null)[]): (number | null)[] {
  const present: number[] = [];
  pValues.forEach((p, index) => {
    if (p === null) return;
    if (!(p >= 0 && p <= 1)) throw new RangeError(`A p-value must be between 0 and 1, not ${p}`);
    present.push(index);
  });
  present.sort((a, b) => pValues[a]! - pValues[b]!);
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 0;
  present.forEach((index, rank) => {
    running = Math.max(running, Math.min(1, (present.length - rank) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}

/**
 * Each group shown compared with the rest of the list (all of it less the group, which includes
 * any hidden groups and outcomes in no group), Holm-adjusted within each family of tests across the
 * groups shown, and flagged for a test only when its adjusted p-value is below 0.05 and its
 * difference is beyond the material size: O/E ratio outside [1/oeRatio, oeRatio], |CITL difference|
 * above calibrationInTheLargeDifference, AUROC below the rest's by more than aurocShortfall.
 *
 * Each group's outcomes must be among `all`'s, as the same objects: the rest is found by identity.
 */
export function judgeGroups(
  groups: readonly { key: string; outcomes: readonly JudgedOutcome[] }[],
  all: readonly JudgedOutcome[],
  materialSizes: Readonly<MaterialSizes> = defaultMaterialSizes,
): GroupJudgement[] {
  const comparisons = groups.map(({ outcomes }) => {
    const members = new Set(outcomes);
    const rest = all.filter((outcome) => !members.has(outcome));
    if (members.size !== outcomes.length || all.length - rest.length !== outcomes.length) {
      throw new RangeError("A group's outcomes must be distinct outcomes of the whole list");
    }
    return compareGroupWithRest(outcomes, rest);
  });
  const oeAdjusted = holmAdjust(comparisons.map((c) => c.oeRatio?.pValue ?? null));
  const calibrationAdjusted = holmAdjust(
    comparisons.map((c) => c.calibrationInTheLargeDifference?.pValue ?? null),
  );
  const aurocAdjusted = holmAdjust(comparisons.map((c) => c.aurocDifference?.pValue ?? null));

  const significant = (p: number | null): boolean => p !== null && p < groupComparisonAlpha;
  return groups.map(({ key }, index) => {
    const comparison = comparisons[index]!;
    const adjustedPValues: AdjustedPValues = {
      oeRatio: oeAdjusted[index] ?? null,
      calibrationInTheLargeDifference: calibrationAdjusted[index] ?? null,
      aurocDifference: aurocAdjusted[index] ?? null,
    };
    const { oeRatio, calibrationInTheLargeDifference, aurocDifference } = comparison;
    const flags: GroupComparisonFlag[] = [];
    if (
      oeRatio &&
      significant(adjustedPValues.oeRatio) &&
      Math.abs(Math.log(oeRatio.value)) > Math.log(materialSizes.oeRatio)
    ) {
      flags.push('oe');
    }
    if (
      calibrationInTheLargeDifference &&
      significant(adjustedPValues.calibrationInTheLargeDifference) &&
      Math.abs(calibrationInTheLargeDifference.value) > materialSizes.calibrationInTheLargeDifference
    ) {
      flags.push('calibration');
    }
    if (
      aurocDifference &&
      significant(adjustedPValues.aurocDifference) &&
      aurocDifference.value < -materialSizes.aurocShortfall
    ) {
      flags.push('auroc');
    }
    return { key, comparison, adjustedPValues, flags };
  });
}
