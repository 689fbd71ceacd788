/**
 * Loading model.pkl (+ wrapper.pkl) into something that predicts and explains. This is the entry
 * point the server uses; `evaluate.ts` builds the risk summary on top of it.
 */
import { createHash } from 'node:crypto';
import { InputError, PickleError, WrapperError } from './errors.js';
import { buildEstimator } from './estimators/build.js';
import type { Estimator, ModelInfo } from './estimators/estimator.js';
import { ForestModel } from './estimators/forest.js';
import { decodePickle } from './pickle/decode.js';
import type { DecodeLimits } from './pickle/limits.js';
import type { PyValue } from './pickle/values.js';
import { loadWrapper } from './wrapper.js';
import type { Wrapper } from './wrapper.js';

export type { ModelInfo, ModelKind } from './estimators/estimator.js';

export interface LoadOptions {
  /** Bounds on decoding (input size, arrays, memo, depth, time); see README "Bounds". */
  limits?: Partial<DecodeLimits>;
}

export interface FeatureExplanation {
  probability: number;
  rawOutput: number;
  expectedValue: number;
  /** One per feature, in the model's raw output space; they sum to rawOutput - expectedValue. */
  contributions: Float64Array;
}

export interface ModelDescription extends ModelInfo {
  /** Hex SHA-256 of model.pkl as uploaded. */
  sha256: string;
  /** Expected raw output of tree models (constant); linear models' depends on the row (see README). */
  expectedValue: number | null;
}

function sha256(b: Uint8Array): string {
  return createHash('sha256').update(b).digest('hex');
}

export class RiskModel {
  readonly estimator: Estimator;
  readonly info: ModelInfo;
  readonly wrapper: Wrapper | null;
  readonly modelSha256: string;
  readonly wrapperSha256: string | null;
  private readonly phi: Float64Array;

  constructor(
    estimator: Estimator,
    wrapper: Wrapper | null,
    modelSha256: string,
    wrapperSha256: string | null,
  ) {
    this.estimator = estimator;
    this.info = estimator.info;
    this.wrapper = wrapper;
    this.modelSha256 = modelSha256;
    this.wrapperSha256 = wrapperSha256;
    this.phi = new Float64Array(estimator.info.nFeatures);
  }

  describe(): ModelDescription {
    return {
      ...this.info,
      sha256: this.modelSha256,
      expectedValue: this.estimator instanceof ForestModel ? this.estimator.expectedValue : null,
    };
  }

  /**
   * Refuses rows the library itself would refuse: wrong length, infinities, and missing values (NaN)
   * for estimators that do not take them.
   */
  checkRows(x: Float64Array, nRows: number): void {
    const n = this.info.nFeatures;
    if (x.length < nRows * n) {
      throw new InputError(
        'invalid-input',
        `Expected ${nRows} rows of ${n} features (${nRows * n} values), got ${x.length}`,
      );
    }
    const allowNaN = this.info.acceptsMissing;
    for (let i = 0; i < nRows * n; i++) {
      const v = x[i] as number;
      if (v - v !== 0) {
        if (v !== v && allowNaN) continue;
        const row = Math.floor(i / n);
        const j = i % n;
        const name = this.wrapper?.features[j]?.name;
        const label = `feature ${j}${name ? ` (${name})` : ''} of row ${row}`;
        if (v !== v) {
          throw new InputError(
            'missing-value',
            `${label} is missing, and ${this.info.description.split(' ')[0]} (${this.info.library} ${this.info.libraryVersion}) does not accept missing values`,
          );
        }
        throw new InputError('invalid-input', `${label} is infinite`);
      }
    }
  }

  /** Probabilities (and raw outputs) for row-major features, nFeatures per row; NaN = missing. */
  predictFeatures(x: Float64Array, nRows: number): { probability: Float64Array; rawOutput: Float64Array } {
    this.checkRows(x, nRows);
    const probability = new Float64Array(nRows);
    const rawOutput = new Float64Array(nRows);
    this.estimator.predict(x, nRows, probability, rawOutput);
    return { probability, rawOutput };
  }

  /** Prediction and contributions for one feature row. */
  explainFeatures(row: ArrayLike<number>): FeatureExplanation {
    const x = Float64Array.from(row);
    if (x.length !== this.info.nFeatures) {
      throw new InputError(
        'invalid-input',
        `Model expects ${this.info.nFeatures} features but the row has ${x.length}`,
      );
    }
    this.checkRows(x, 1);
    const contributions = new Float64Array(this.info.nFeatures);
    const e = this.estimator.explain(x, 0, contributions);
    return {
      probability: this.estimator.probabilityFromRaw(e.rawOutput),
      rawOutput: e.rawOutput,
      expectedValue: e.expectedValue,
      contributions,
    };
  }

  /** Explains the row at `x[offset...]` into `phi` without validation or allocation (hot path). */
  explainInto(
    x: Float64Array,
    offset: number,
    phi: Float64Array = this.phi,
  ): { rawOutput: number; expectedValue: number } {
    return this.estimator.explain(x, offset, phi);
  }
}

/** Decodes model.pkl into an estimator, without a wrapper. */
export function loadEstimator(
  modelBytes: Uint8Array,
  options?: LoadOptions & { linearReferenceMeans?: readonly number[] },
): Estimator {
  let root: PyValue;
  try {
    root = decodePickle(modelBytes, options?.limits ? { limits: options.limits } : undefined);
  } catch (e) {
    // As loadWrapper does: an upload has two files, and the message must say which was refused.
    if (e instanceof PickleError) throw new PickleError(e.code, `model.pkl: ${e.message}`, e.offset);
    throw e;
  }
  return buildEstimator(root, { linearReferenceMeans: options?.linearReferenceMeans });
}

/**
 * Loads model.pkl and, when given, wrapper.pkl, checking that they fit together.
 * Throws PickleError, UnsupportedModelError or WrapperError (all RiskEngineError) with a message for people.
 */
export function loadModel(
  modelBytes: Uint8Array,
  wrapperBytes?: Uint8Array,
  options?: LoadOptions,
): RiskModel {
  const wrapper = wrapperBytes
    ? loadWrapper(wrapperBytes, options?.limits ? { limits: options.limits } : undefined)
    : null;
  const estimator = loadEstimator(modelBytes, {
    ...options,
    linearReferenceMeans: wrapper?.linearReferenceMeans,
  });
  if (wrapper) {
    const n = estimator.info.nFeatures;
    const m = wrapper.features.length;
    if (n !== m) {
      throw new WrapperError(
        'feature-count-mismatch',
        `Model expects ${n} features but the wrapper lists ${m}`,
      );
    }
    if (!estimator.info.acceptsMissing) {
      const i = wrapper.features.findIndex((f) => f.default === null);
      if (i >= 0) {
        const issue = `features[${i}].default: is null (pass missing values through), but ${estimator.info.description.split(' ')[0]} does not accept missing values`;
        throw new WrapperError('malformed-wrapper', `wrapper.pkl is malformed: ${issue}`, [issue]);
      }
    }
  }
  return new RiskModel(estimator, wrapper, sha256(modelBytes), wrapperBytes ? sha256(wrapperBytes) : null);
}

/** What `risk-engine inspect` prints: model type, library and version, feature count. */
export function inspectModel(modelBytes: Uint8Array, options?: LoadOptions): ModelDescription {
  return loadModel(modelBytes, undefined, options).describe();
}
