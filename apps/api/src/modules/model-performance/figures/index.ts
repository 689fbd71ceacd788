/**
 * The statistics of model monitoring (docs/model-monitoring.md): pure functions of judged outcomes,
 * checked against an independent Python computation (ml/monitoring_golden.py → golden-figures.json).
 */
export { bandFigures, performanceFigures } from './performance.js';
export { decileFigures } from './deciles.js';
export { vladPoints } from './vlad.js';
export {
  calibrationFits,
  calibrationLogLikelihood,
  clampedLogit,
  fitCalibrationLine,
} from './calibration.js';
export { funnelCurve, funnelLimits, inflatedLimits, overdispersion } from './funnel.js';
export { byarLowerCount, byarUpperCount, wilsonInterval, zFor95, zFor998 } from './intervals.js';
export type {
  Band,
  BandFigures,
  DecileFigures,
  FunnelLimits,
  FunnelPoint,
  JudgedOutcome,
  VladPoint,
} from './types.js';
export {
  compareGroupWithRest,
  defaultMaterialSizes,
  groupComparisonAlpha,
  holmAdjust,
  judgeGroups,
  materialAurocShortfall,
  materialCalibrationInTheLargeDifference,
  materialOeRatio,
  twoSidedNormalPValue,
} from './group-comparison.js';
export type {
  AdjustedPValues,
  AurocComparison,
  CalibrationInTheLargeComparison,
  EstimatedDifference,
  GroupComparison,
  GroupComparisonFlag,
  GroupJudgement,
  MaterialSizes,
  OeRatioComparison,
} from './group-comparison.js';
export {
  betterOddsRatio,
  cusumCharts,
  defaultTargetRunLength,
  inControlAverageRunLength,
  thresholdForAverageRunLength,
  worseOddsRatio,
} from './cusum.js';
export type { RestartingCusum, RestartingCusumPoint, TwoSidedCusum } from './cusum.js';
