/**
 * Small trees (at most MAX_BITS internal nodes, e.g. depth-3 boosting trees) are tabulated once: a
 * row's decisions at every internal node form an index, and tables give the leaf value and the
 * tree's SHAP values for that index. Prediction then costs one comparison per internal node and no
 * branching walk; explanation costs the same plus one addition per feature the tree uses, instead of
 * a TreeSHAP recursion. The tables hold exactly what walking and TreeSHAP give for those decisions.
 */
import { TreeShap } from '../explain/tree-shap.js';
import type { Quantizer } from './complete-trees.js';
import type { TreeEnsemble } from './tree-ensemble.js';

const MAX_BITS = 10;
/** Total table entries (float64) across trees; trees beyond it are walked. */
const MAX_TABLE_ENTRIES = 4_000_000;

export class DecisionTables {
  /** Per tree: first position in the node arrays below, and number of internal nodes; -1 when not tabulated. */
  readonly start: Int32Array;
  readonly count: Int32Array;
  readonly node: Int32Array;
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  readonly defaultLeft: Uint8Array;
  readonly categorical: Uint8Array;
  /** Rank of each node's threshold (complete-trees.ts), when a quantizer is given. */
  readonly rank: Int32Array;
  readonly leafOffset: Int32Array;
  readonly leafValue: Float64Array;
  readonly shapOffset: Int32Array;
  readonly shapFeatureStart: Int32Array;
  readonly shapFeatureCount: Int32Array;
  readonly shapFeatures: Int32Array;
  readonly shapValue: Float64Array;
  readonly allTabulated: boolean;

  constructor(
    private readonly e: TreeEnsemble,
    shapScale: number,
    quantizer: Quantizer | null,
  ) {
    const T = e.treeCount;
    this.start = new Int32Array(T).fill(-1);
    this.count = new Int32Array(T);
    this.leafOffset = new Int32Array(T);
    this.shapOffset = new Int32Array(T);
    this.shapFeatureStart = new Int32Array(T);
    this.shapFeatureCount = new Int32Array(T);
    const nodes: number[] = [];
    const feats: number[] = [];
    let leafEntries = 0;
    let shapEntries = 0;
    const plan: { t: number; internal: number[]; features: number[] }[] = [];
    for (let t = 0; t < T; t++) {
      const internal: number[] = [];
      const stack = [e.roots[t] as number];
      while (stack.length > 0 && internal.length <= MAX_BITS) {
        const n = stack.pop() as number;
        const l = e.left[n] as number;
        if (l < 0) continue;
        internal.push(n);
        stack.push(e.right[n] as number, l);
      }
      if (internal.length > MAX_BITS) continue;
      const features = [...new Set(internal.map((n) => e.feature[n] as number))].sort((a, b) => a - b);
      const size = 1 << internal.length;
      if (leafEntries + shapEntries + size * (1 + features.length) > MAX_TABLE_ENTRIES) continue;
      this.start[t] = nodes.length;
      this.count[t] = internal.length;
      this.leafOffset[t] = leafEntries;
      this.shapOffset[t] = shapEntries;
      this.shapFeatureStart[t] = feats.length;
      this.shapFeatureCount[t] = features.length;
      nodes.push(...internal);
      feats.push(...features);
      leafEntries += size;
      shapEntries += size * features.length;
      plan.push({ t, internal, features });
    }
    this.allTabulated = plan.length === T;
    this.node = Int32Array.from(nodes);
    this.feature = Int32Array.from(nodes, (n) => e.feature[n] as number);
    this.threshold = Float64Array.from(nodes, (n) => e.threshold[n] as number);
    this.defaultLeft = Uint8Array.from(nodes, (n) => e.defaultLeft[n] as number);
    this.categorical = Uint8Array.from(nodes, (n) => (e.catRow && (e.catRow[n] as number) >= 0 ? 1 : 0));
    this.shapFeatures = Int32Array.from(feats);
    this.rank = quantizer
      ? Int32Array.from(nodes, (n) => quantizer.rankOf(e, n))
      : new Int32Array(nodes.length);
    this.leafValue = new Float64Array(leafEntries);
    this.shapValue = new Float64Array(shapEntries);

    const position = new Int32Array(e.nodeCount);
    const shap = new TreeShap(e);
    const phi = new Float64Array(e.nFeatures);
    for (const { t, internal, features } of plan) {
      internal.forEach((n, k) => (position[n] = k));
      const size = 1 << internal.length;
      for (let bits = 0; bits < size; bits++) {
        let n = e.roots[t] as number;
        while ((e.left[n] as number) >= 0)
          n = (bits >> (position[n] as number)) & 1 ? (e.left[n] as number) : (e.right[n] as number);
        this.leafValue[(this.leafOffset[t] as number) + bits] = e.value[n] as number;
        phi.fill(0);
        shap.addTreeForDecisions(t, bits, position, phi, shapScale);
        const base = (this.shapOffset[t] as number) + bits * features.length;
        features.forEach((f, k) => (this.shapValue[base + k] = phi[f] as number));
      }
    }
  }

  /** Decision index of tabulated tree `t` for a prepared row: bit k set when internal node k goes left. */
  index(t: number, xr: Float64Array): number {
    const s = this.start[t] as number;
    const c = this.count[t] as number;
    const f = this.feature;
    const th = this.threshold;
    const d = this.defaultLeft;
    let idx = 0;
    if (this.e.rule === 'lt32') {
      for (let k = 0; k < c; k++) {
        const v = xr[f[s + k] as number] as number;
        if (v < (th[s + k] as number) || (v !== v && d[s + k] === 1)) idx |= 1 << k;
      }
    } else {
      for (let k = 0; k < c; k++) {
        const j = s + k;
        if (this.categorical[j] === 1) {
          const n = this.node[j] as number;
          if (this.e.hotChild(n, xr) === (this.e.left[n] as number)) idx |= 1 << k;
          continue;
        }
        const v = xr[f[j] as number] as number;
        if (v <= (th[j] as number) || (v !== v && d[j] === 1)) idx |= 1 << k;
      }
    }
    return idx;
  }
}
