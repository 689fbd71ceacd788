/**
 * The allow-list. A global is admitted only when it is named here; the decoder never resolves or
 * calls anything, it only recognises these names. Data constructors are re-implemented in
 * TypeScript; classes only produce `PyInstance` records that the estimator layer reads.
 */

/** Globals whose call the decoder re-implements (their behaviour lives in decode.ts). */
export const DATA_CONSTRUCTORS: ReadonlySet<string> = new Set([
  'numpy.core.multiarray._reconstruct',
  'numpy._core.multiarray._reconstruct',
  'numpy.core.multiarray.scalar',
  'numpy._core.multiarray.scalar',
  'numpy.core.numeric._frombuffer',
  'numpy._core.numeric._frombuffer',
  'numpy.dtype',
  'builtins.bytearray',
  'builtins.bytes',
  'builtins.set',
  'builtins.frozenset',
  '_codecs.encode',
  'copyreg._reconstructor',
  'numpy.random._pickle.__randomstate_ctor',
  'numpy.random._pickle.__bit_generator_ctor',
  'numpy.random._pickle.__generator_ctor',
  'sklearn._loss._loss.__pyx_unpickle_CyHalfBinomialLoss',
]);

/**
 * Globals that may be referenced but never called: `numpy.ndarray` (the subtype argument of
 * `_reconstruct`, a joblib wrapper's `subclass`), `builtins.object` (base of `copyreg._reconstructor`),
 * numpy's bit generator classes (arguments of the random-state constructors).
 */
export const MARKERS: ReadonlySet<string> = new Set([
  'numpy.ndarray',
  'builtins.object',
  'numpy.random._mt19937.MT19937',
  'numpy.random._pcg64.PCG64',
  'numpy.random.mtrand.RandomState',
]);

/** Classes whose instances are kept as `{__class__, args, state}` records. */
export const CLASSES: ReadonlySet<string> = new Set([
  'joblib.numpy_pickle.NumpyArrayWrapper',
  // scikit-learn 1.2 - 1.5
  'sklearn.linear_model._logistic.LogisticRegression',
  'sklearn.pipeline.Pipeline',
  'sklearn.preprocessing._data.StandardScaler',
  'sklearn.impute._base.SimpleImputer',
  'sklearn.tree._classes.DecisionTreeClassifier',
  'sklearn.tree._classes.DecisionTreeRegressor',
  'sklearn.tree._tree.Tree',
  'sklearn.ensemble._forest.RandomForestClassifier',
  'sklearn.ensemble._gb.GradientBoostingClassifier',
  'sklearn.ensemble._gb_losses.BinomialDeviance',
  'sklearn.dummy.DummyClassifier',
  'sklearn.ensemble._hist_gradient_boosting.gradient_boosting.HistGradientBoostingClassifier',
  'sklearn.ensemble._hist_gradient_boosting.predictor.TreePredictor',
  'sklearn.ensemble._hist_gradient_boosting.binning._BinMapper',
  'sklearn._loss.loss.HalfBinomialLoss',
  'sklearn._loss.link.LogitLink',
  'sklearn._loss.link.Interval',
  'sklearn._loss._loss.CyHalfBinomialLoss',
  // xgboost 1.6 - 2.x
  'xgboost.sklearn.XGBClassifier',
  'xgboost.core.Booster',
]);

/** Python 2 module names that protocol 0-2 pickles carry (Python's own _compat_pickle mapping). */
const MODULE_RENAMES: ReadonlyMap<string, string> = new Map([
  ['__builtin__', 'builtins'],
  ['copy_reg', 'copyreg'],
]);

export type GlobalKind = 'constructor' | 'marker' | 'class';

export function classifyGlobal(module: string, name: string): { qualified: string; kind: GlobalKind } | null {
  const mod = MODULE_RENAMES.get(module) ?? module;
  const qualified = `${mod}.${name}`;
  if (DATA_CONSTRUCTORS.has(qualified)) return { qualified, kind: 'constructor' };
  if (MARKERS.has(qualified)) return { qualified, kind: 'marker' };
  if (CLASSES.has(qualified)) return { qualified, kind: 'class' };
  return null;
}

/** Every admitted name, for documentation and `risk-engine inspect`. */
export function allowedGlobals(): string[] {
  return [...DATA_CONSTRUCTORS, ...MARKERS, ...CLASSES].sort();
}
