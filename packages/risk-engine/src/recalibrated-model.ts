/**
 * A model version recalibrated on a trust's outcomes (docs/model-monitoring.md, decision 0046): the
 * base model's estimator, its probability passed through the fitted map
 * logit(p′) = a + b·logit(p). Everything else is the base model's: the raw output, so the factors'
 * contributions stay on its log-odds scale, and the wrapper, so the band thresholds stay as
 * configured and are applied to the recalibrated probability.
 */
import type { Estimator } from './estimators/estimator.js';
import { RiskModel } from './model.js';

export interface ProbabilityMap {
  intercept: number;
  slope: number;
}

const bound = 1e-12;

/** p passed through logit(p′) = a + b·logit(p), p clamped to [1e-12, 1 − 1e-12] first. */
export function mapProbability(probability: number, map: ProbabilityMap): number {
  const p = Math.min(1 - bound, Math.max(bound, probability));
  const z = map.intercept + map.slope * Math.log(p / (1 - p));
  return 1 / (1 + Math.exp(-z));
}

/** The base model with its probabilities mapped; its explanations unchanged. */
export function withProbabilityMap(model: RiskModel, map: ProbabilityMap): RiskModel {
  const base = model.estimator;
  const estimator: Estimator = {
    info: base.info,
    predict(x, nRows, out, rawOut) {
      base.predict(x, nRows, out, rawOut);
      for (let row = 0; row < nRows; row += 1) out[row] = mapProbability(out[row]!, map);
    },
    explain: (x, offset, phi) => base.explain(x, offset, phi),
    probabilityFromRaw: (raw) => mapProbability(base.probabilityFromRaw(raw), map),
  };
  return new RiskModel(estimator, model.wrapper, model.modelSha256, model.wrapperSha256);
}
