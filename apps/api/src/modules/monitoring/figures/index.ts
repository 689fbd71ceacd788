/**
 * The statistics of model monitoring (docs/model-monitoring.md): pure functions of judged outcomes,
 * checked against an independent Python computation (ml/monitoring_golden.py → golden-figures.json).
 */
export { bandFigures, groupFlags, performanceFigures } from './performance.js';
export { decileFigures } from './deciles.js';
export { cusumChart, vladPoints } from './sequential.js';
export {
  calibrationFits,
  calibrationLogLikelihood,
  clampedLogit,
  fitCalibrationLine,
} from './calibration.js';
export { funnelCurve, funnelLimits } from './funnel.js';
export { byarLowerCount, byarUpperCount, wilsonInterval, zFor95, zFor998 } from './intervals.js';
export type {
  Band,
  BandFigures,
  CusumChart,
  DecileFigures,
  FunnelLimits,
  FunnelPoint,
  GroupFlag,
  JudgedOutcome,
  VladPoint,
} from './types.js';
