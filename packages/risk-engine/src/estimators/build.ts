import { RiskEngineError, UnsupportedModelError } from '../errors.js';
import { PyDict, PyInstance } from '../pickle/values.js';
import type { PyValue } from '../pickle/values.js';
import { buildXGBClassifier } from '../xgboost/xgb-classifier.js';
import type { Estimator } from './estimator.js';
import { LinearModel } from './linear.js';
import {
  buildDecisionTree,
  buildGradientBoosting,
  buildHistGradientBoosting,
  buildRandomForest,
} from './sklearn-trees.js';
import { shortName } from './state.js';

export const SUPPORTED_ESTIMATORS =
  'LogisticRegression, Pipeline(SimpleImputer/StandardScaler → LogisticRegression), DecisionTreeClassifier, ' +
  'RandomForestClassifier, GradientBoostingClassifier, HistGradientBoostingClassifier (scikit-learn 1.2 – 1.5), ' +
  'XGBClassifier (xgboost 1.6 – 2.x)';

const BUILDERS: Record<string, (root: PyInstance, opts: BuildOptions) => Estimator> = {
  'sklearn.linear_model._logistic.LogisticRegression': (r, o) => new LinearModel(r, o.linearReferenceMeans),
  'sklearn.pipeline.Pipeline': (r, o) => new LinearModel(r, o.linearReferenceMeans),
  'sklearn.tree._classes.DecisionTreeClassifier': buildDecisionTree,
  'sklearn.ensemble._forest.RandomForestClassifier': buildRandomForest,
  'sklearn.ensemble._gb.GradientBoostingClassifier': buildGradientBoosting,
  'sklearn.ensemble._hist_gradient_boosting.gradient_boosting.HistGradientBoostingClassifier':
    buildHistGradientBoosting,
  'xgboost.sklearn.XGBClassifier': buildXGBClassifier,
};

export interface BuildOptions {
  /** Reference point of linear explanations when the model has no StandardScaler (wrapper option). */
  linearReferenceMeans?: readonly number[] | undefined;
}

function describe(v: PyValue): string {
  if (v instanceof PyInstance) return shortName(v.__class__);
  if (v instanceof PyDict) return 'a dict';
  if (Array.isArray(v)) return 'a list';
  return v === null ? 'None' : typeof v;
}

/** Turns a decoded pickle into an estimator, or says why it cannot. */
export function buildEstimator(root: PyValue, opts: BuildOptions = {}): Estimator {
  const builder = root instanceof PyInstance ? BUILDERS[root.__class__] : undefined;
  if (!builder || !(root instanceof PyInstance)) {
    throw new UnsupportedModelError(
      'unsupported-model',
      `model.pkl holds ${describe(root)}, which is not a supported estimator; supported: ${SUPPORTED_ESTIMATORS}`,
    );
  }
  try {
    return builder(root, opts);
  } catch (e) {
    if (e instanceof RiskEngineError) throw e;
    throw new UnsupportedModelError(
      'invalid-model',
      `${shortName(root.__class__)} could not be read: ${(e as Error).message}`,
    );
  }
}
