/**
 * Every tree model as one `TreeEnsemble` plus how its trees combine into the raw output:
 * - `mean` (DecisionTree, RandomForest): raw = (0 + p_1 + ... + p_T) / T, a probability;
 * - `sum` (GradientBoosting, HistGradientBoosting): raw = base + v_1 + ... + v_T in float64, log-odds;
 * - `sum32` (XGBoost): the same sum rounded to float32 after every step, as XGBoost accumulates.
 * The order of additions follows each library so the results agree to the last bits.
 */
import { TreeShap } from '../explain/tree-shap.js';
import type { Estimator, Explanation, ModelInfo } from './estimator.js';
import { DecisionTables } from './decision-tables.js';
import { CompleteTrees, Quantizer, rowIsPlain } from './complete-trees.js';
import { compileExplainer, compilePredictor } from './compiled-trees.js';
import type { CompiledExplainChunk, CompiledPredictChunk } from './compiled-trees.js';
import type { TreeEnsemble } from './tree-ensemble.js';

export type Combine = 'mean' | 'sum' | 'sum32';

const BLOCK_ROWS = 64;
/** Rows per block through the compiled prediction chunks (each chunk loops over the block). */
const COMPILED_BLOCK_ROWS = 256;

/**
 * Raw outputs of `m` quantized rows (consecutive in `q`, n features each) through complete trees,
 * four rows at a time so the processor overlaps four independent chains of loads. Same leaves and
 * same order of additions as the walk. A plain function over typed arrays with int hints: V8
 * compiles this shape markedly better than the equivalent method.
 */
function walkComplete(
  q: Int32Array,
  m: number,
  n: number,
  c: CompleteTrees,
  t: number,
  init: number,
  f32: boolean,
  raw: Float64Array,
): void {
  const nodes = c.nodes;
  const leaf = c.leaf;
  const I = c.internalPerTree | 0;
  const L = c.leavesPerTree | 0;
  const D = c.depth | 0;
  for (let a = 0; a < m; a += 4) {
    // A short last group repeats its final row.
    const o0 = (a * n) | 0;
    const o1 = (Math.min(a + 1, m - 1) * n) | 0;
    const o2 = (Math.min(a + 2, m - 1) * n) | 0;
    const o3 = (Math.min(a + 3, m - 1) * n) | 0;
    let s0 = init;
    let s1 = init;
    let s2 = init;
    let s3 = init;
    // Heap step: h -> 2h + 1 + right, right = (rank - q[feature]) >>> 31 (complete-trees.ts).
    for (let i = 0, p = 0, lb = -I; i < t; i++, p = (p + 2 * I) | 0, lb = (lb + L) | 0) {
      let h0 = 0;
      let h1 = 0;
      let h2 = 0;
      let h3 = 0;
      for (let d = 0; d < D; d++) {
        let j = (p + 2 * h0) | 0;
        h0 =
          (2 * h0 +
            1 +
            (((nodes[j + 1] as number) - (q[(o0 + (nodes[j] as number)) | 0] as number)) >>> 31)) |
          0;
        j = (p + 2 * h1) | 0;
        h1 =
          (2 * h1 +
            1 +
            (((nodes[j + 1] as number) - (q[(o1 + (nodes[j] as number)) | 0] as number)) >>> 31)) |
          0;
        j = (p + 2 * h2) | 0;
        h2 =
          (2 * h2 +
            1 +
            (((nodes[j + 1] as number) - (q[(o2 + (nodes[j] as number)) | 0] as number)) >>> 31)) |
          0;
        j = (p + 2 * h3) | 0;
        h3 =
          (2 * h3 +
            1 +
            (((nodes[j + 1] as number) - (q[(o3 + (nodes[j] as number)) | 0] as number)) >>> 31)) |
          0;
      }
      if (f32) {
        s0 = Math.fround(s0 + (leaf[(lb + h0) | 0] as number));
        s1 = Math.fround(s1 + (leaf[(lb + h1) | 0] as number));
        s2 = Math.fround(s2 + (leaf[(lb + h2) | 0] as number));
        s3 = Math.fround(s3 + (leaf[(lb + h3) | 0] as number));
      } else {
        s0 += leaf[(lb + h0) | 0] as number;
        s1 += leaf[(lb + h1) | 0] as number;
        s2 += leaf[(lb + h2) | 0] as number;
        s3 += leaf[(lb + h3) | 0] as number;
      }
    }
    raw[a] = s0;
    if (a + 1 < m) raw[a + 1] = s1;
    if (a + 2 < m) raw[a + 2] = s2;
    if (a + 3 < m) raw[a + 3] = s3;
  }
}

/**
 * SHAP values (into phi) and raw output of one quantized row from the decision tables, for the trees
 * whose `start` is set; the others are left to the caller (their raw output contribution is NaN
 * here and recomputed). Trees in order, as prediction sums them.
 */
function explainTabulated(
  tb: DecisionTables,
  q: Int32Array,
  t: number,
  init: number,
  f32: boolean,
  phi: Float64Array,
): number {
  const start = tb.start;
  const count = tb.count;
  const feature = tb.feature;
  const rank = tb.rank;
  const leafOffset = tb.leafOffset;
  const leafValue = tb.leafValue;
  const shapOffset = tb.shapOffset;
  const shapFeatureCount = tb.shapFeatureCount;
  const shapFeatureStart = tb.shapFeatureStart;
  const shapFeatures = tb.shapFeatures;
  const shapValue = tb.shapValue;
  let raw = init;
  for (let i = 0; i < t; i++) {
    const s = start[i] as number;
    const c = count[i] as number;
    let idx = 0;
    for (let k = 0; k < c; k++) {
      idx |= ((((rank[s + k] as number) - (q[feature[s + k] as number] as number)) >>> 31) ^ 1) << k;
    }
    const v = leafValue[((leafOffset[i] as number) + idx) | 0] as number;
    raw = f32 ? Math.fround(raw + v) : raw + v;
    const u = shapFeatureCount[i] as number;
    const fs = shapFeatureStart[i] as number;
    const base = ((shapOffset[i] as number) + idx * u) | 0;
    for (let k = 0; k < u; k++) {
      const f = shapFeatures[fs + k] as number;
      phi[f] = (phi[f] as number) + (shapValue[base + k] as number);
    }
  }
  return raw;
}

export interface ForestSpec {
  info: ModelInfo;
  ensemble: TreeEnsemble;
  combine: Combine;
  /** Raw output before any tree (log-odds of the prior / baseline / XGBoost base margin). */
  base: number;
  probabilityFromRaw: (raw: number) => number;
  /**
   * Whether to compile the trees into JavaScript at load (compiled-trees.ts); default true. False
   * keeps the interpreter, which gives identical numbers (the tests compare the two).
   */
  compile?: boolean;
}

export class ForestModel implements Estimator {
  readonly info: ModelInfo;
  readonly ensemble: TreeEnsemble;
  private readonly combine: Combine;
  private readonly base: number;
  private readonly toProbability: (raw: number) => number;
  private readonly xr: Float64Array;
  private shap: TreeShap | null = null;
  private readonly tables: DecisionTables;
  private readonly shapScale: number;
  private readonly quantizer: Quantizer | null;
  private readonly complete: CompleteTrees | null;
  private readonly qBlock: Int32Array;
  /** Scratch for `predict`: a block of prepared rows, which of them are plain, a pair of results. */
  private readonly block: Float64Array;
  private readonly plain: Uint8Array;
  private readonly blockRaw = new Float64Array(BLOCK_ROWS);
  /** Expected raw output over the training distribution as the trees' covers describe it. */
  readonly expectedValue: number;
  private readonly spec: ForestSpec;
  private readonly predictChunks: CompiledPredictChunk[] | null;
  private readonly explainChunks: CompiledExplainChunk[] | null;
  /** Why each path kept the interpreter (null when compiled). */
  readonly compileRefusals: { predict: string | null; explain: string | null };
  private compiledBlock: Float64Array | null = null;
  private compiledAcc: Float64Array | null = null;

  constructor(spec: ForestSpec) {
    this.spec = spec;
    this.info = spec.info;
    this.ensemble = spec.ensemble;
    this.combine = spec.combine;
    this.base = spec.base;
    this.toProbability = spec.probabilityFromRaw;
    this.xr = new Float64Array(spec.info.nFeatures);
    this.shapScale = this.combine === 'mean' ? 1 / this.ensemble.treeCount : 1;
    this.quantizer = Quantizer.build(this.ensemble);
    this.complete = this.quantizer ? CompleteTrees.build(this.ensemble, this.quantizer) : null;
    this.tables = new DecisionTables(this.ensemble, this.shapScale, this.quantizer);
    this.qBlock = new Int32Array(BLOCK_ROWS * spec.info.nFeatures);
    this.block = new Float64Array(BLOCK_ROWS * spec.info.nFeatures);
    this.plain = new Uint8Array(BLOCK_ROWS);
    const means = this.ensemble.treeMeans;
    const t = this.ensemble.treeCount;
    let ev = this.combine === 'mean' ? 0 : this.base;
    for (let i = 0; i < t; i++) ev += means[i] as number;
    this.expectedValue = this.combine === 'mean' ? ev / t : ev;
    const f32 = this.combine === 'sum32';
    if (spec.compile === false) {
      this.predictChunks = null;
      this.explainChunks = null;
      this.compileRefusals = { predict: 'compilation off', explain: 'compilation off' };
    } else {
      const p = compilePredictor(this.ensemble, f32);
      const x = compileExplainer(this.ensemble, this.tables, f32);
      this.predictChunks = 'chunks' in p ? p.chunks : null;
      this.explainChunks = 'chunks' in x ? x.chunks : null;
      this.compileRefusals = {
        predict: 'refused' in p ? p.refused : null,
        explain: 'refused' in x ? x.refused : null,
      };
    }
  }

  /** Whether prediction and explanation run compiled code (else the interpreter). */
  get compiled(): { predict: boolean; explain: boolean } {
    return { predict: this.predictChunks !== null, explain: this.explainChunks !== null };
  }

  /** The same model on the interpreter alone (for tests and comparisons). */
  interpreted(): ForestModel {
    return new ForestModel({ ...this.spec, compile: false });
  }

  probabilityFromRaw(raw: number): number {
    return this.toProbability(raw);
  }

  /**
   * Raw output of a prepared row. The walk is written out here (arrays hoisted, NaN tested only
   * when a comparison fails) because this loop is the whole cost of scoring a waiting list.
   */
  private rawOfPrepared(xr: Float64Array): number {
    const e = this.ensemble;
    if (e.catRow) return this.rawGeneric(xr);
    const left = e.left;
    const right = e.right;
    const feature = e.feature;
    const threshold = e.threshold;
    const defaultLeft = e.defaultLeft;
    const value = e.value;
    const roots = e.roots;
    const t = e.treeCount;
    const strict = e.rule === 'lt32';
    const f32 = this.combine === 'sum32';
    let s = this.combine === 'mean' ? 0 : f32 ? Math.fround(this.base) : this.base;
    for (let i = 0; i < t; i++) {
      let n = roots[i] as number;
      let l = left[n] as number;
      if (strict) {
        while (l >= 0) {
          const v = xr[feature[n] as number] as number;
          n = v < (threshold[n] as number) || (v !== v && defaultLeft[n] === 1) ? l : (right[n] as number);
          l = left[n] as number;
        }
      } else {
        while (l >= 0) {
          const v = xr[feature[n] as number] as number;
          n = v <= (threshold[n] as number) || (v !== v && defaultLeft[n] === 1) ? l : (right[n] as number);
          l = left[n] as number;
        }
      }
      s = f32 ? Math.fround(s + (value[n] as number)) : s + (value[n] as number);
    }
    return this.combine === 'mean' ? s / t : s;
  }

  private rawGeneric(xr: Float64Array): number {
    const e = this.ensemble;
    const t = e.treeCount;
    let s = this.combine === 'mean' ? 0 : this.base;
    for (let i = 0; i < t; i++) s += e.value[e.leaf(i, xr)] as number;
    return this.combine === 'mean' ? s / t : s;
  }

  predict(x: Float64Array, nRows: number, out: Float64Array, rawOut?: Float64Array): void {
    if (this.predictChunks !== null) {
      this.predictCompiled(this.predictChunks, x, nRows, out, rawOut);
      return;
    }
    const n = this.info.nFeatures;
    const e = this.ensemble;
    const c = this.complete;
    const qz = this.quantizer;
    const block = this.block;
    const q = this.qBlock;
    const plain = this.plain;
    const raw = this.blockRaw;
    const t = e.treeCount;
    const f32 = this.combine === 'sum32';
    const mean = this.combine === 'mean';
    const init = mean ? 0 : f32 ? Math.fround(this.base) : this.base;
    for (let r0 = 0; r0 < nRows; r0 += BLOCK_ROWS) {
      const m = Math.min(BLOCK_ROWS, nRows - r0);
      e.prepareRows(x, r0 * n, m, block);
      // Plain rows are quantized into consecutive slots of q; the others are walked.
      let k = 0;
      for (let i = 0; i < m; i++) {
        const ok = c !== null && qz !== null && rowIsPlain(block, i * n, n);
        plain[i] = ok ? 1 : 0;
        if (ok) qz.quantize(block, i * n, q, k++ * n);
      }
      if (c !== null && k > 0) walkComplete(q, k, n, c, t, init, f32, raw);
      for (let i = 0, j = 0; i < m; i++) {
        let v: number;
        if (plain[i] === 1) {
          v = raw[j++] as number;
          if (mean) v /= t;
        } else v = this.rawOfPrepared(block.subarray(i * n, (i + 1) * n));
        out[r0 + i] = this.toProbability(v);
        if (rawOut) rawOut[r0 + i] = v;
      }
    }
  }

  private predictCompiled(
    chunks: CompiledPredictChunk[],
    x: Float64Array,
    nRows: number,
    out: Float64Array,
    rawOut?: Float64Array,
  ): void {
    const n = this.info.nFeatures;
    const e = this.ensemble;
    const block = (this.compiledBlock ??= new Float64Array(COMPILED_BLOCK_ROWS * n));
    const acc = (this.compiledAcc ??= new Float64Array(COMPILED_BLOCK_ROWS));
    const t = e.treeCount;
    const mean = this.combine === 'mean';
    const init = mean ? 0 : this.combine === 'sum32' ? Math.fround(this.base) : this.base;
    const toProbability = this.toProbability;
    for (let r0 = 0; r0 < nRows; r0 += COMPILED_BLOCK_ROWS) {
      const m = Math.min(COMPILED_BLOCK_ROWS, nRows - r0);
      e.prepareRows(x, r0 * n, m, block);
      acc.fill(init, 0, m);
      for (let c = 0; c < chunks.length; c++) (chunks[c] as CompiledPredictChunk)(block, m, acc);
      for (let i = 0; i < m; i++) {
        let v = acc[i] as number;
        if (mean) v /= t;
        out[r0 + i] = toProbability(v);
        if (rawOut) rawOut[r0 + i] = v;
      }
    }
  }

  /**
   * TreeSHAP for the row, with the raw output summed in the same pass (tree by tree, in the order
   * prediction uses, so both give identical numbers). Tabulated trees cost a table lookup; others
   * run the recursive algorithm.
   */
  explain(x: Float64Array, offset: number, phi: Float64Array): Explanation {
    const e = this.ensemble;
    const xr = this.xr;
    e.prepareRow(x, offset, xr);
    phi.fill(0, 0, this.info.nFeatures);
    const t = e.treeCount;
    const tb = this.tables;
    const f32 = this.combine === 'sum32';
    const init = this.combine === 'mean' ? 0 : f32 ? Math.fround(this.base) : this.base;
    let raw: number;
    const chunks = this.explainChunks;
    if (chunks !== null) {
      raw = init;
      const lv = tb.leafValue;
      const sv = tb.shapValue;
      for (let c = 0; c < chunks.length; c++) raw = (chunks[c] as CompiledExplainChunk)(xr, phi, raw, lv, sv);
    } else if (tb.allTabulated && this.quantizer !== null && rowIsPlain(xr, 0, xr.length)) {
      this.quantizer.quantize(xr, 0, this.qBlock, 0);
      raw = explainTabulated(tb, this.qBlock, t, init, f32, phi);
    } else {
      raw = init;
      for (let i = 0; i < t; i++) {
        let v: number;
        if ((tb.start[i] as number) < 0) {
          this.shap ??= new TreeShap(e);
          this.shap.addTree(i, xr, phi, this.shapScale);
          v = e.value[e.leaf(i, xr)] as number;
        } else {
          const idx = tb.index(i, xr);
          v = tb.leafValue[(tb.leafOffset[i] as number) + idx] as number;
          const c = tb.shapFeatureCount[i] as number;
          const fs = tb.shapFeatureStart[i] as number;
          const base = (tb.shapOffset[i] as number) + idx * c;
          for (let k = 0; k < c; k++) {
            const f = tb.shapFeatures[fs + k] as number;
            phi[f] = (phi[f] as number) + (tb.shapValue[base + k] as number);
          }
        }
        raw = f32 ? Math.fround(raw + v) : raw + v;
      }
    }
    if (this.combine === 'mean') raw /= t;
    return { rawOutput: raw, expectedValue: this.expectedValue };
  }
}
