/**
 * XGBClassifier (binary:logistic, gbtree). Its Booster is pickled as a bytearray of UBJSON
 * `{Config, Model}` (XGBoost >= 1.6). Prediction reproduces XGBoost's float32 arithmetic: the input is
 * cast to float32, a split sends `x < split_condition` left and a missing value along `default_left`,
 * leaf values (held in `split_conditions`) are summed onto the base margin in float32, and the
 * sigmoid is taken in float32.
 */
import { UnsupportedModelError } from '../errors.js';
import type { ModelInfo } from '../estimators/estimator.js';
import { ForestModel } from '../estimators/forest.js';
import {
  attr,
  checkFeatureCount,
  checkTreeCounts,
  instance,
  invalid,
  optAttr,
  stateOf,
} from '../estimators/state.js';
import { TreeEnsemble } from '../estimators/tree-ensemble.js';
import { NdArray, PyDict, isStructured } from '../pickle/values.js';
import type { PyInstance } from '../pickle/values.js';
import { parseUbjson } from './ubjson.js';
import type { UbjValue } from './ubjson.js';

type Obj = { [key: string]: UbjValue };

function obj(v: UbjValue | undefined, what: string): Obj {
  if (v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || ArrayBuffer.isView(v)) {
    invalid(`XGBoost model has no ${what}`);
  }
  return v as Obj;
}

function numbers(v: UbjValue | undefined, what: string): ArrayLike<number> {
  if (v instanceof BigInt64Array) return Array.from(v, (x) => Number(x));
  if (ArrayBuffer.isView(v)) return v as unknown as ArrayLike<number>;
  if (Array.isArray(v)) {
    return v.map((x) => {
      if (typeof x === 'number') return x;
      if (typeof x === 'boolean') return x ? 1 : 0;
      return invalid(`XGBoost tree field ${what} holds a non-number`);
    });
  }
  return invalid(`XGBoost tree has no ${what}`);
}

/** XGBoost writes most parameters as strings; `base_score` may be "5E-1" or, in newer versions, "[5E-1]". */
function paramNumber(v: UbjValue | undefined, what: string): number {
  const s = typeof v === 'string' ? v.replace(/^\[|\]$/g, '') : v;
  const n = typeof s === 'string' ? Number(s) : typeof s === 'number' ? s : NaN;
  if (!Number.isFinite(n)) invalid(`XGBoost model has no valid ${what}`);
  return n;
}

/** `-logf(1.0f / base_score - 1.0f)`: the logistic objective's ProbToMargin, in float32. */
function probToMargin(baseScore: number): number {
  const b = Math.fround(baseScore);
  return Math.fround(-Math.log(Math.fround(Math.fround(1 / b) - 1)));
}

/** XGBoost's float32 sigmoid: `1.0f / (expf(-x) + 1.0f)`. */
function sigmoid32(x: number): number {
  return Math.fround(1 / Math.fround(Math.fround(Math.exp(-x)) + 1));
}

/** The Booster's model document, parsed from its UBJSON handle. */
function boosterDocument(s: PyDict): { doc: Obj; bs: PyDict } {
  const booster = instance(attr(s, '_Booster', 'XGBClassifier'), 'XGBClassifier._Booster');
  if (booster.__class__ !== 'xgboost.core.Booster')
    invalid('XGBClassifier._Booster is not an XGBoost Booster');
  const bs = stateOf(booster);
  const handle = attr(bs, 'handle', 'Booster');
  if (!(handle instanceof Uint8Array)) invalid('XGBoost Booster holds no model');
  if (handle[0] !== 0x7b) {
    throw new UnsupportedModelError(
      'unsupported-version',
      'XGBoost model is in the binary format of XGBoost before 1.6; supported: xgboost 1.6 – 2.x',
    );
  }
  return { doc: obj(parseUbjson(handle), 'document'), bs };
}

/** The version of XGBoost that wrote the model, refused outside 1.6 – 2.x. */
function supportedVersion(model: Obj, config: Obj | null): string {
  const versionArr = numbers(model.version ?? config?.version, 'version');
  const [major = 0, minor = 0, patch = 0] = Array.from(versionArr);
  const version = `${major}.${minor}.${patch}`;
  if (!((major === 1 && minor >= 6) || major === 2)) {
    throw new UnsupportedModelError(
      'unsupported-version',
      `XGBoost model was written by xgboost ${version}, which is not supported; supported: xgboost 1.6 – 2.x`,
    );
  }
  return version;
}

/** The learner's settings, refused unless it is a binary:logistic gbtree model. */
function learnerSettings(
  model: Obj,
  config: Obj | null,
): { learner: Obj; gb: Obj; nFeatures: number; baseScore: number } {
  const learner = obj(model.learner, 'learner');
  const cfgLearner = config ? obj(config.learner, 'Config.learner') : null;
  const objective = obj(cfgLearner?.objective ?? learner.objective, 'objective');
  if (objective.name !== 'binary:logistic') {
    throw new UnsupportedModelError(
      'unsupported-model',
      `XGBClassifier with objective ${JSON.stringify(objective.name)} is not supported (supported: binary:logistic)`,
    );
  }
  const gb = obj(learner.gradient_booster, 'gradient_booster');
  if (gb.name !== 'gbtree') {
    throw new UnsupportedModelError(
      'unsupported-model',
      `XGBClassifier with booster ${JSON.stringify(gb.name)} is not supported (supported: gbtree)`,
    );
  }
  const params = obj(cfgLearner?.learner_model_param ?? learner.learner_model_param, 'learner_model_param');
  const modelParams = obj(learner.learner_model_param, 'learner_model_param');
  const nFeatures = checkFeatureCount(
    paramNumber(modelParams.num_feature ?? params.num_feature, 'num_feature'),
    'XGBClassifier',
  );
  const numClass = paramNumber(modelParams.num_class ?? '0', 'num_class');
  if (numClass > 1)
    throw new UnsupportedModelError('unsupported-model', 'Only binary XGBClassifier models are supported');
  const baseScore = paramNumber(params.base_score ?? modelParams.base_score, 'base_score');
  return { learner, gb, nFeatures, baseScore };
}

/** How many of the trees predict_proba uses: those up to best_iteration when the Booster records one. */
function usedTreeCount(treeCount: number, learner: Obj, gbModel: Obj, bs: PyDict): number {
  let nTrees = treeCount;
  const attributes =
    learner.attributes && typeof learner.attributes === 'object' ? (learner.attributes as Obj) : {};
  const bestPickled = optAttr(bs, 'best_iteration');
  const bestIteration =
    typeof bestPickled === 'number'
      ? bestPickled
      : typeof attributes.best_iteration === 'string'
        ? Number(attributes.best_iteration)
        : null;
  if (bestIteration !== null && Number.isSafeInteger(bestIteration) && bestIteration >= 0) {
    const indptr = gbModel.iteration_indptr;
    if (indptr !== undefined) {
      const ip = numbers(indptr, 'iteration_indptr');
      nTrees = Math.min(nTrees, (ip[bestIteration + 1] as number | undefined) ?? nTrees);
    } else {
      const gp = obj(gbModel.gbtree_model_param, 'gbtree_model_param');
      const perIteration = paramNumber(gp.num_parallel_tree ?? '1', 'num_parallel_tree');
      nTrees = Math.min(nTrees, (bestIteration + 1) * perIteration);
    }
  }
  return nTrees;
}

/** The first `nTrees` trees as one ensemble, evaluated in float32 with `x < split` going left. */
function ensembleOf(trees: UbjValue[], nTrees: number, nFeatures: number): TreeEnsemble {
  const arrays = trees.slice(0, nTrees).map((tv, i) => {
    const t = obj(tv, `tree ${i}`);
    const splitType = t.split_type === undefined ? null : numbers(t.split_type, 'split_type');
    if (splitType && Array.from(splitType).some((k) => k !== 0)) {
      throw new UnsupportedModelError(
        'unsupported-model',
        'XGBoost models with categorical splits are not supported',
      );
    }
    const left = numbers(t.left_children, 'left_children');
    const conditions = numbers(t.split_conditions, 'split_conditions');
    return {
      left,
      right: numbers(t.right_children, 'right_children'),
      feature: numbers(t.split_indices, 'split_indices'),
      threshold: conditions,
      defaultLeft: numbers(t.default_left, 'default_left'),
      value: conditions,
      cover: numbers(t.sum_hessian, 'sum_hessian'),
    };
  });
  for (const a of arrays) {
    const n = a.left.length;
    if ([a.right, a.feature, a.threshold, a.defaultLeft, a.cover].some((x) => x.length !== n)) {
      invalid('XGBoost tree arrays have different lengths');
    }
  }
  const total = arrays.reduce((acc, a) => acc + a.left.length, 0);
  checkTreeCounts(arrays.length, total, 'XGBClassifier');
  const ensemble = new TreeEnsemble('lt32', nFeatures, total, arrays.length);
  arrays.forEach((a, i) => {
    try {
      ensemble.addTree(a, `XGBoost tree ${i}`);
    } catch (err) {
      invalid((err as Error).message);
    }
  });
  return ensemble;
}

export function buildXGBClassifier(root: PyInstance): ForestModel {
  const s = stateOf(root);
  const { doc, bs } = boosterDocument(s);
  const model = obj(doc.Model, 'Model');
  const config = doc.Config === undefined ? null : obj(doc.Config, 'Config');
  const version = supportedVersion(model, config);
  const { learner, gb, nFeatures, baseScore } = learnerSettings(model, config);

  const gbModel = obj(gb.model, 'gradient_booster.model');
  const trees = gbModel.trees;
  if (!Array.isArray(trees) || trees.length === 0) invalid('XGBoost model has no trees');
  const treeInfo = gbModel.tree_info === undefined ? null : numbers(gbModel.tree_info, 'tree_info');
  if (treeInfo && Array.from(treeInfo).some((g) => g !== 0))
    invalid('XGBoost binary model has trees for several outputs');
  const ensemble = ensembleOf(trees, usedTreeCount(trees.length, learner, gbModel, bs), nFeatures);
  const treeCount = ensemble.treeCount;

  const missing = optAttr(s, 'missing');
  if (typeof missing === 'number' && !Number.isNaN(missing)) ensemble.missingValue = Math.fround(missing);
  const classesV = optAttr(s, 'classes_');
  let classes: [string, string] = ['0', '1'];
  if (classesV instanceof NdArray && classesV.size === 2) {
    const d = classesV.data;
    if (!isStructured(d)) classes = [String(d[0]), String(d[1])];
  }
  if (!(s instanceof PyDict)) invalid('XGBClassifier has no attributes');

  const info: ModelInfo = {
    kind: 'xgboost',
    className: root.__class__,
    description: `XGBClassifier (${treeCount} trees, binary:logistic)`,
    library: 'xgboost',
    libraryVersion: version,
    nFeatures,
    classes,
    rawOutputSpace: 'log-odds',
    acceptsMissing: true,
    nTrees: treeCount,
    nNodes: ensemble.nodeCount,
  };
  return new ForestModel({
    info,
    ensemble,
    combine: 'sum32',
    base: probToMargin(baseScore),
    probabilityFromRaw: sigmoid32,
  });
}
