/**
 * scikit-learn's tree models, read from their pickled state:
 * - `Tree.nodes` (structured: left_child, right_child, feature, threshold, impurity, n_node_samples,
 *   weighted_n_node_samples, and from 1.3 missing_go_to_left) and `Tree.values`;
 * - HistGradientBoosting's `TreePredictor.nodes` (value, count, feature_idx, num_threshold,
 *   missing_go_to_left, left, right, gain, depth, is_leaf, bin_threshold, is_categorical, bitset_idx).
 */
import { UnsupportedModelError } from '../errors.js';
import { NdArray, PyInstance } from '../pickle/values.js';
import type { PyDict, PyValue } from '../pickle/values.js';
import { expit } from './estimator.js';
import type { ModelInfo } from './estimator.js';
import { ForestModel } from './forest.js';
import {
  attr,
  checkFeatureCount,
  checkTreeCounts,
  classesOf,
  field,
  floats,
  instance,
  invalid,
  list,
  ndarray,
  num,
  optAttr,
  sklearnVersion,
  stateOf,
} from './state.js';
import { TreeEnsemble } from './tree-ensemble.js';
import type { TreeArrays } from './tree-ensemble.js';

const TREE = 'sklearn.tree._tree.Tree';
const DT = 'sklearn.tree._classes.DecisionTreeClassifier';
const DTR = 'sklearn.tree._classes.DecisionTreeRegressor';
const DUMMY = 'sklearn.dummy.DummyClassifier';
const PREDICTOR = 'sklearn.ensemble._hist_gradient_boosting.predictor.TreePredictor';
const FLOAT32_EPS = 2 ** -23;

interface SklearnTree {
  arrays: TreeArrays;
  /** values[node, 0, k] flattened: node_count x n_classes. */
  values: Float64Array;
  nClasses: number;
}

function readTree(estimator: PyInstance, owner: string, nFeatures: number): SklearnTree {
  const tree = instance(attr(stateOf(estimator), 'tree_', owner), `${owner}.tree_`);
  if (tree.__class__ !== TREE) invalid(`${owner}.tree_ is not a scikit-learn Tree`);
  const ts = stateOf(tree);
  const nodes = ndarray(attr(ts, 'nodes', 'Tree'), 'Tree.nodes');
  const count = num(attr(ts, 'node_count', 'Tree'), 'Tree.node_count');
  if (nodes.size !== count) invalid(`${owner} tree has ${nodes.size} nodes but node_count ${count}`);
  const valuesArr = ndarray(attr(ts, 'values', 'Tree'), 'Tree.values');
  const shape = valuesArr.shape;
  if (shape.length !== 3 || shape[0] !== count || shape[1] !== 1) {
    throw new UnsupportedModelError('unsupported-model', `${owner} must have a single output`);
  }
  const nTreeFeatures = num(tree.args[0] ?? null, 'Tree n_features');
  if (nTreeFeatures !== nFeatures)
    invalid(`${owner} tree expects ${nTreeFeatures} features, not ${nFeatures}`);
  const what = `${owner} tree nodes`;
  const left = field(nodes, 'left_child', what) as Float64Array;
  const missing = field(nodes, 'missing_go_to_left', what, false);
  return {
    arrays: {
      left,
      right: field(nodes, 'right_child', what) as Float64Array,
      feature: field(nodes, 'feature', what) as Float64Array,
      threshold: field(nodes, 'threshold', what) as Float64Array,
      cover: field(nodes, 'weighted_n_node_samples', what) as Float64Array,
      defaultLeft: missing ?? new Uint8Array(count),
      value: new Float64Array(count),
    },
    values: floats(valuesArr, 'Tree.values'),
    nClasses: shape[2] as number,
  };
}

/** Leaf value as `predict_proba` computes it: class-1 weight over the total (a total of 0 counts as 1). */
function classOneProbabilities(t: SklearnTree): Float64Array {
  if (t.nClasses !== 2) invalid('tree classifier must have two classes');
  const n = t.arrays.left.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v0 = t.values[2 * i] as number;
    const v1 = t.values[2 * i + 1] as number;
    const norm = v0 + v1;
    out[i] = v1 / (norm === 0 ? 1 : norm);
  }
  return out;
}

/** Whether a fitted DecisionTreeClassifier's `predict` takes NaN (scikit-learn >= 1.3, see `allow_nan`). */
function treeAcceptsNaN(est: PyInstance, minor: number): boolean {
  if (minor < 3) return false;
  const s = stateOf(est);
  const splitter = optAttr(s, 'splitter') ?? 'best';
  const criterion = optAttr(s, 'criterion') ?? 'gini';
  const mono = optAttr(s, 'monotonic_cst');
  if (minor >= 4 && mono !== undefined && mono !== null) return false;
  return splitter === 'best' && (criterion === 'gini' || criterion === 'log_loss' || criterion === 'entropy');
}

function nFeaturesOf(s: PyDict, owner: string): number {
  return checkFeatureCount(num(attr(s, 'n_features_in_', owner), `${owner}.n_features_in_`), owner);
}

function requireSingleOutput(s: PyDict, owner: string): void {
  const outputs = optAttr(s, 'n_outputs_');
  if (outputs !== undefined && outputs !== 1) {
    throw new UnsupportedModelError('unsupported-model', `${owner} must have a single output`);
  }
}

/** Node count of a fitted sklearn tree estimator or HGB predictor (list), without reading its arrays. */
function declaredNodes(v: PyValue): number {
  if (Array.isArray(v)) return v.reduce<number>((a, x) => a + declaredNodes(x), 0);
  if (!(v instanceof PyInstance) || !(v.state instanceof Map)) return 0;
  const nodes = v.state.get('nodes');
  if (nodes instanceof NdArray) return nodes.size;
  const tree = v.state.get('tree_');
  return tree instanceof PyInstance ? declaredNodes(tree) : 0;
}

/**
 * Counts trees and nodes before any tree is read: a hostile pickle can reference one large tree
 * many thousands of times through the memo at a few bytes each.
 */
function precheck(trees: readonly PyValue[], owner: string): void {
  checkTreeCounts(trees.length, 0, owner);
  let nodes = 0;
  for (const t of trees) nodes += declaredNodes(Array.isArray(t) ? t.slice(0, 8) : t);
  checkTreeCounts(trees.length, nodes, owner);
}

function buildEnsemble(
  rule: 'le32' | 'le64',
  nFeatures: number,
  trees: TreeArrays[],
  owner: string,
): TreeEnsemble {
  const total = trees.reduce((a, t) => a + t.left.length, 0);
  checkTreeCounts(trees.length, total, owner);
  const e = new TreeEnsemble(rule, nFeatures, total, trees.length);
  trees.forEach((t, i) => {
    try {
      e.addTree(t, `${owner} tree ${i}`);
    } catch (err) {
      invalid((err as Error).message);
    }
  });
  return e;
}

function baseInfo(
  root: PyInstance,
  s: PyDict,
  version: string,
  owner: string,
): Omit<ModelInfo, 'kind' | 'description' | 'rawOutputSpace' | 'acceptsMissing'> {
  return {
    className: root.__class__,
    library: 'scikit-learn',
    libraryVersion: version,
    nFeatures: nFeaturesOf(s, owner),
    classes: classesOf(s, owner).map((c) => String(c)) as [string, string],
  };
}

export function buildDecisionTree(root: PyInstance): ForestModel {
  const v = sklearnVersion(root);
  const s = stateOf(root);
  requireSingleOutput(s, 'DecisionTreeClassifier');
  const base = baseInfo(root, s, v.text, 'DecisionTreeClassifier');
  const t = readTree(root, 'DecisionTreeClassifier', base.nFeatures);
  t.arrays.value = classOneProbabilities(t);
  const ensemble = buildEnsemble('le32', base.nFeatures, [t.arrays], 'DecisionTreeClassifier');
  return new ForestModel({
    info: {
      ...base,
      kind: 'decision-tree',
      description: `DecisionTreeClassifier (${ensemble.nodeCount} nodes, depth ${ensemble.maxDepth})`,
      rawOutputSpace: 'probability',
      acceptsMissing: treeAcceptsNaN(root, v.minor),
      nTrees: 1,
      nNodes: ensemble.nodeCount,
    },
    ensemble,
    combine: 'mean',
    base: 0,
    probabilityFromRaw: (p) => p,
  });
}

export function buildRandomForest(root: PyInstance): ForestModel {
  const v = sklearnVersion(root);
  const s = stateOf(root);
  requireSingleOutput(s, 'RandomForestClassifier');
  const base = baseInfo(root, s, v.text, 'RandomForestClassifier');
  const estimators = list(
    attr(s, 'estimators_', 'RandomForestClassifier'),
    'RandomForestClassifier.estimators_',
  );
  if (estimators.length === 0) invalid('RandomForestClassifier has no trees');
  precheck(estimators, 'RandomForestClassifier');
  const trees = estimators.map((e, i) => {
    const est = instance(e, `RandomForestClassifier tree ${i}`);
    if (est.__class__ !== DT) invalid(`RandomForestClassifier tree ${i} is not a DecisionTreeClassifier`);
    const t = readTree(est, `RandomForestClassifier tree ${i}`, base.nFeatures);
    t.arrays.value = classOneProbabilities(t);
    return t.arrays;
  });
  const ensemble = buildEnsemble('le32', base.nFeatures, trees, 'RandomForestClassifier');
  const first = estimators[0] as PyInstance;
  return new ForestModel({
    info: {
      ...base,
      kind: 'random-forest',
      description: `RandomForestClassifier (${trees.length} trees, ${ensemble.nodeCount} nodes)`,
      rawOutputSpace: 'probability',
      acceptsMissing: v.minor >= 4 && treeAcceptsNaN(first, v.minor),
      nTrees: trees.length,
      nNodes: ensemble.nodeCount,
    },
    ensemble,
    combine: 'mean',
    base: 0,
    probabilityFromRaw: (p) => p,
  });
}

/** Raw prediction of the `init_` estimator, as `_init_raw_predictions` computes it for binary log-loss. */
function initRaw(init: PyValue | undefined): number {
  if (init === 'zero') return 0;
  const est = instance(init, 'GradientBoostingClassifier.init_');
  if (est.__class__ !== DUMMY) {
    throw new UnsupportedModelError(
      'unsupported-model',
      'GradientBoostingClassifier with a custom init estimator is not supported (use the default or "zero")',
    );
  }
  const ds = stateOf(est);
  const strategy = optAttr(ds, '_strategy') ?? optAttr(ds, 'strategy');
  if (strategy !== 'prior') {
    throw new UnsupportedModelError(
      'unsupported-model',
      'GradientBoostingClassifier init_ must use the "prior" strategy',
    );
  }
  const prior = floats(attr(ds, 'class_prior_', 'DummyClassifier'), 'DummyClassifier.class_prior_');
  if (prior.length !== 2) invalid('DummyClassifier.class_prior_ must have two classes');
  const p = Math.min(Math.max(prior[1] as number, FLOAT32_EPS), 1 - FLOAT32_EPS);
  return Math.log(p / (1 - p));
}

export function buildGradientBoosting(root: PyInstance): ForestModel {
  const v = sklearnVersion(root);
  const s = stateOf(root);
  const base = baseInfo(root, s, v.text, 'GradientBoostingClassifier');
  const loss = optAttr(s, 'loss');
  if (loss !== 'log_loss' && loss !== 'deviance') {
    throw new UnsupportedModelError(
      'unsupported-model',
      `GradientBoostingClassifier with loss=${JSON.stringify(loss)} is not supported (supported: log_loss)`,
    );
  }
  const lr = num(attr(s, 'learning_rate', 'GradientBoostingClassifier'), 'learning_rate');
  const est = ndarray(
    attr(s, 'estimators_', 'GradientBoostingClassifier'),
    'GradientBoostingClassifier.estimators_',
  );
  if (!Array.isArray(est.data) || est.shape.length !== 2 || est.shape[1] !== 1) {
    invalid('GradientBoostingClassifier.estimators_ must be an (n_estimators, 1) array of trees');
  }
  // A fit stopped early keeps n_estimators_ stages; later rows are unused.
  const stages = num(optAttr(s, 'n_estimators_') ?? est.shape[0] ?? 0, 'n_estimators_');
  const cells = est.data.slice(0, stages);
  precheck(cells, 'GradientBoostingClassifier');
  const trees = cells.map((e, i) => {
    const t = instance(e, `GradientBoostingClassifier stage ${i}`);
    if (t.__class__ !== DTR) invalid(`GradientBoostingClassifier stage ${i} is not a DecisionTreeRegressor`);
    const tree = readTree(t, `GradientBoostingClassifier stage ${i}`, base.nFeatures);
    if (tree.nClasses !== 1) invalid(`GradientBoostingClassifier stage ${i} is not a regression tree`);
    // predict_stages adds `scale * value`: the product is rounded before the sum, as here.
    const value = new Float64Array(tree.values.length);
    for (let k = 0; k < value.length; k++) value[k] = lr * (tree.values[k] as number);
    tree.arrays.value = value;
    return tree.arrays;
  });
  if (trees.length === 0) invalid('GradientBoostingClassifier has no trees');
  const ensemble = buildEnsemble('le32', base.nFeatures, trees, 'GradientBoostingClassifier');
  return new ForestModel({
    info: {
      ...base,
      kind: 'gradient-boosting',
      description: `GradientBoostingClassifier (${trees.length} trees, learning rate ${lr})`,
      rawOutputSpace: 'log-odds',
      acceptsMissing: false,
      nTrees: trees.length,
      nNodes: ensemble.nodeCount,
    },
    ensemble,
    combine: 'sum',
    base: initRaw(optAttr(s, 'init_')),
    probabilityFromRaw: expit,
  });
}

function readPredictor(p: PyValue, i: number, nFeatures: number): TreeArrays {
  const pred = instance(p, `HistGradientBoostingClassifier predictor ${i}`);
  if (pred.__class__ !== PREDICTOR)
    invalid(`HistGradientBoostingClassifier predictor ${i} is not a TreePredictor`);
  const nodes = ndarray(attr(stateOf(pred), 'nodes', 'TreePredictor'), 'TreePredictor.nodes');
  const what = `HistGradientBoostingClassifier tree ${i} nodes`;
  const isLeaf = field(nodes, 'is_leaf', what) as Float64Array;
  const isCat = field(nodes, 'is_categorical', what, false);
  const bitsetIdx = field(nodes, 'bitset_idx', what, false);
  let categorical: Float64Array | undefined;
  let leftBitsets: Uint32Array | undefined;
  if (isCat?.some((c, k) => c !== 0 && !isLeaf[k])) {
    if (!bitsetIdx) invalid(`${what} has categorical splits but no bitset_idx`);
    categorical = new Float64Array(isCat.length);
    for (let k = 0; k < isCat.length; k++)
      categorical[k] = isCat[k] && !isLeaf[k] ? (bitsetIdx[k] as number) : -1;
    leftBitsets = Uint32Array.from(
      floats(attr(stateOf(pred), 'raw_left_cat_bitsets', 'TreePredictor'), 'raw_left_cat_bitsets'),
    );
  }
  const n = nodes.size;
  const leftRaw = field(nodes, 'left', what) as Float64Array;
  const rightRaw = field(nodes, 'right', what) as Float64Array;
  const left = new Float64Array(n);
  const right = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    left[k] = isLeaf[k] ? -1 : (leftRaw[k] as number);
    right[k] = isLeaf[k] ? -1 : (rightRaw[k] as number);
  }
  void nFeatures;
  return {
    left,
    right,
    feature: field(nodes, 'feature_idx', what) as Float64Array,
    threshold: field(nodes, 'num_threshold', what) as Float64Array,
    defaultLeft: field(nodes, 'missing_go_to_left', what) as Float64Array,
    value: field(nodes, 'value', what) as Float64Array,
    cover: field(nodes, 'count', what) as Float64Array,
    ...(categorical && leftBitsets ? { categorical, leftBitsets } : {}),
  };
}

/** `_BinMapper.make_known_categories_bitsets`: for categorical features, bin_thresholds_ lists the categories. */
function knownCategories(s: PyDict, nFeatures: number): Uint32Array {
  const mapper = instance(attr(s, '_bin_mapper', 'HistGradientBoostingClassifier'), '_bin_mapper');
  const ms = stateOf(mapper);
  const isCat = floats(attr(ms, 'is_categorical_', '_BinMapper'), '_BinMapper.is_categorical_');
  const thresholds = list(attr(ms, 'bin_thresholds_', '_BinMapper'), '_BinMapper.bin_thresholds_');
  if (isCat.length !== nFeatures || thresholds.length !== nFeatures)
    invalid('_BinMapper does not match the features');
  const bits = new Uint32Array(nFeatures * 8);
  for (let f = 0; f < nFeatures; f++) {
    if (!isCat[f]) continue;
    for (const cat of floats(thresholds[f] ?? null, '_BinMapper.bin_thresholds_')) {
      const c = Math.trunc(cat) & 255;
      bits[f * 8 + (c >>> 5)] = (bits[f * 8 + (c >>> 5)] as number) | (1 << (c & 31));
    }
  }
  return bits;
}

export function buildHistGradientBoosting(root: PyInstance): ForestModel {
  const v = sklearnVersion(root);
  const s = stateOf(root);
  const base = baseInfo(root, s, v.text, 'HistGradientBoostingClassifier');
  const loss = optAttr(s, 'loss');
  if (loss !== 'log_loss' && loss !== 'binary_crossentropy' && loss !== 'auto') {
    throw new UnsupportedModelError(
      'unsupported-model',
      `HistGradientBoostingClassifier with loss=${JSON.stringify(loss)} is not supported (supported: log_loss)`,
    );
  }
  if (optAttr(s, 'n_trees_per_iteration_') !== 1) {
    throw new UnsupportedModelError(
      'unsupported-model',
      'HistGradientBoostingClassifier must be binary (one tree per iteration)',
    );
  }
  const pre = optAttr(s, '_preprocessor');
  if (pre !== undefined && pre !== null) {
    throw new UnsupportedModelError(
      'unsupported-model',
      'HistGradientBoostingClassifier with categorical_features="from_dtype" (a fitted preprocessor) is not supported',
    );
  }
  const baseline = floats(
    attr(s, '_baseline_prediction', 'HistGradientBoostingClassifier'),
    '_baseline_prediction',
  );
  if (baseline.length !== 1)
    invalid('HistGradientBoostingClassifier._baseline_prediction must hold one value');
  const iterations = list(attr(s, '_predictors', 'HistGradientBoostingClassifier'), '_predictors');
  precheck(iterations, 'HistGradientBoostingClassifier');
  const trees = iterations.map((it, i) => {
    const preds = list(it, `HistGradientBoostingClassifier iteration ${i}`);
    if (preds.length !== 1) invalid(`HistGradientBoostingClassifier iteration ${i} must hold one tree`);
    return readPredictor(preds[0] ?? null, i, base.nFeatures);
  });
  if (trees.length === 0) invalid('HistGradientBoostingClassifier has no trees');
  const ensemble = buildEnsemble('le64', base.nFeatures, trees, 'HistGradientBoostingClassifier');
  if (ensemble.catRow) ensemble.knownBits = knownCategories(s, base.nFeatures);
  return new ForestModel({
    info: {
      ...base,
      kind: 'hist-gradient-boosting',
      description: `HistGradientBoostingClassifier (${trees.length} trees${ensemble.catRow ? ', categorical splits' : ''})`,
      rawOutputSpace: 'log-odds',
      acceptsMissing: true,
      nTrees: trees.length,
      nNodes: ensemble.nodeCount,
    },
    ensemble,
    combine: 'sum',
    base: baseline[0] as number,
    probabilityFromRaw: expit,
  });
}
