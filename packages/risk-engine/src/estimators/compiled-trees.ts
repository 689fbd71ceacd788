/**
 * Tree ensembles compiled once at load into specialised JavaScript (`new Function`), so V8 runs each
 * tree as straight-line comparisons against numeric literals instead of walking node arrays.
 *
 * Safety: the generated source is built only from numbers the ensemble already validated and holds
 * in typed arrays (thresholds, leaf values, feature indices, table offsets). Every number goes
 * through `numLit`/`intLit`, which accept only finite numbers (integers within a given range for
 * indices) whose text is made of digits, `.`, `e`, `+` and `-` and parses back to exactly the same
 * number. No string from the pickle (class names, attribute names, any text) is ever part of the
 * source; anything unexpected throws `CompileRefused` and the model keeps the interpreter.
 *
 * Exactness: the compiled code makes the same comparisons as `TreeEnsemble.leaf` / `hotChild` on
 * the same prepared rows (float32-rounded for `le32`/`lt32`, float64 for `le64`, NaN following each
 * node's default direction) and adds leaf values in the same order, tree by tree, with the same
 * float32 rounding for XGBoost; so it returns bit-for-bit what the interpreter returns.
 *
 * Size: V8 only optimises functions up to about 60 kB of bytecode, so trees are grouped into chunks
 * of at most CHUNK_CHARS of source, each its own function, called in tree order. A tree larger than
 * MAX_TREE_CHARS, a tree deeper than MAX_DEPTH, or more than MAX_SOURCE_CHARS of source in all, keeps
 * the interpreter. Categorical splits (HistGradientBoosting) are never compiled.
 */
import type { DecisionTables } from './decision-tables.js';
import type { TreeEnsemble } from './tree-ensemble.js';

export const MAX_SOURCE_CHARS = 2_000_000;
/** Source per chunk function: well under V8's optimisation limit on bytecode size. */
const CHUNK_CHARS = 16_000;
const EXPLAIN_CHUNK_CHARS = 24_000;
const MAX_TREE_CHARS = 48_000;
const MAX_DEPTH = 64;

/** Adds each tree's leaf value to `acc[r]` for the `m` prepared rows in `xr` (m x nFeatures). */
export type CompiledPredictChunk = (xr: Float64Array, m: number, acc: Float64Array) => void;
/**
 * Adds the chunk's trees to the running raw output `s` (returned) and their tabulated SHAP values to
 * `phi`, for one prepared row `xr`.
 */
export type CompiledExplainChunk = (
  xr: Float64Array,
  phi: Float64Array,
  s: number,
  leafValue: Float64Array,
  shapValue: Float64Array,
) => number;

export class CompileRefused extends Error {}

function refuse(what: string): never {
  throw new CompileRefused(`refused to compile: ${what}`);
}

const NUMBER_TEXT = /^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?$/;

/** A finite number as source text that parses back to exactly it (-0 included), parenthesised if negative. */
export function numLit(v: number): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`non-finite number ${String(v)}`);
  if (Object.is(v, -0)) return '(-0)';
  const s = String(v);
  if (!NUMBER_TEXT.test(s) || !Object.is(Number(s), v)) refuse(`number ${s} does not round-trip`);
  return v < 0 ? `(${s})` : s;
}

/** An integer in [lo, hi) as source text. */
export function intLit(v: number, lo: number, hi: number): string {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v >= hi) {
    refuse(`index ${String(v)} outside [${lo}, ${hi})`);
  }
  const s = String(v);
  if (!/^-?[0-9]+$/.test(s)) refuse(`index ${s}`);
  return s;
}

/** Source of the test "prepared value of feature f goes left at node n". */
function condition(e: TreeEnsemble, n: number, used: Set<number>): string {
  const f = intLit(e.feature[n] as number, 0, e.nFeatures);
  used.add(Number(f));
  const op = e.rule === 'lt32' ? '<' : '<=';
  const test = `x${f} ${op} ${numLit(e.threshold[n] as number)}`;
  return e.defaultLeft[n] === 1 ? `(${test} || x${f} !== x${f})` : `(${test})`;
}

/** Nested conditional expression giving the leaf value of the subtree at `n`. */
function treeExpr(
  e: TreeEnsemble,
  n: number,
  lo: number,
  hi: number,
  depth: number,
  used: Set<number>,
): string {
  intLit(n, lo, hi);
  if (depth > MAX_DEPTH) refuse(`tree deeper than ${MAX_DEPTH}`);
  const l = e.left[n] as number;
  if (l === -1) return numLit(e.value[n] as number);
  const r = e.right[n] as number;
  intLit(l, lo, hi);
  intLit(r, lo, hi);
  if (e.catRow && (e.catRow[n] as number) >= 0) refuse('categorical split');
  const c = condition(e, n, used);
  return `(${c} ? ${treeExpr(e, l, lo, hi, depth + 1, used)} : ${treeExpr(e, r, lo, hi, depth + 1, used)})`;
}

interface Piece {
  source: string;
  used: Set<number>;
}

/** Groups per-tree statements into chunks, each under CHUNK_CHARS (a single tree may be larger). */
function chunks(pieces: Piece[], limit = CHUNK_CHARS): Piece[] {
  const out: Piece[] = [];
  let cur: Piece = { source: '', used: new Set() };
  let total = 0;
  for (const p of pieces) {
    if (p.source.length > MAX_TREE_CHARS) refuse('a tree is too large');
    total += p.source.length;
    if (total > MAX_SOURCE_CHARS) refuse(`more than ${MAX_SOURCE_CHARS} characters of source`);
    if (cur.source.length > 0 && cur.source.length + p.source.length > limit) {
      out.push(cur);
      cur = { source: '', used: new Set() };
    }
    cur.source += p.source;
    for (const f of p.used) cur.used.add(f);
  }
  if (cur.source.length > 0) out.push(cur);
  return out;
}

function sorted(s: Set<number>): number[] {
  return [...s].sort((a, b) => a - b);
}

/** Tree bounds: [roots[t], next root or node count). */
function treeRange(e: TreeEnsemble, t: number): [number, number] {
  const lo = e.roots[t] as number;
  const hi = t + 1 < e.treeCount ? (e.roots[t + 1] as number) : e.nodeCount;
  return [lo, hi];
}

/**
 * Prediction chunks for the whole ensemble, or null (with the reason) when it keeps the interpreter.
 * `f32`: XGBoost's float32 running sum.
 */
export function compilePredictor(
  e: TreeEnsemble,
  f32: boolean,
): { chunks: CompiledPredictChunk[] } | { refused: string } {
  try {
    if (e.catRow) refuse('categorical splits');
    const nf = e.nFeatures;
    intLit(nf, 1, 1_000_000);
    const pieces: Piece[] = [];
    for (let t = 0; t < e.treeCount; t++) {
      const [lo, hi] = treeRange(e, t);
      const used = new Set<number>();
      const expr = treeExpr(e, lo, lo, hi, 0, used);
      pieces.push({ source: f32 ? `s = Math.fround(s + ${expr});\n` : `s += ${expr};\n`, used });
    }
    return {
      chunks: chunks(pieces).map((c) => {
        const loads = sorted(c.used)
          .map((f) => `const x${intLit(f, 0, nf)} = xr[o + ${intLit(f, 0, nf)}];`)
          .join('\n');
        const body =
          `"use strict";\nfor (let r = 0; r < m; r++) {\nconst o = r * ${intLit(nf, 1, 1_000_000)};\n` +
          `${loads}\nlet s = acc[r];\n${c.source}acc[r] = s;\n}\n`;
        // Built from validated numbers only (see the module comment).
        return new Function('xr', 'm', 'acc', body) as CompiledPredictChunk;
      }),
    };
  } catch (err) {
    if (err instanceof CompileRefused) return { refused: err.message };
    throw err;
  }
}

/**
 * Explanation chunks when every tree is tabulated (decision-tables.ts): per tree the decision bits
 * index the leaf value and the SHAP values, added in tree order exactly as `explainTabulated` and
 * the per-tree lookup add them. Null (with the reason) otherwise.
 */
export function compileExplainer(
  e: TreeEnsemble,
  tb: DecisionTables,
  f32: boolean,
): { chunks: CompiledExplainChunk[] } | { refused: string } {
  try {
    if (e.catRow) refuse('categorical splits');
    if (!tb.allTabulated) refuse('not every tree is tabulated');
    const nf = e.nFeatures;
    const nodes = tb.node.length;
    const leaves = tb.leafValue.length;
    const shaps = tb.shapValue.length;
    const pieces: Piece[] = [];
    for (let t = 0; t < e.treeCount; t++) {
      const start = tb.start[t] as number;
      const count = tb.count[t] as number;
      intLit(count, 0, 31);
      intLit(start, 0, nodes + 1);
      intLit(start + count, 0, nodes + 1);
      const used = new Set<number>();
      const bits: string[] = [];
      for (let k = 0; k < count; k++) {
        const n = intLit(tb.node[start + k] as number, 0, e.nodeCount);
        if ((e.left[Number(n)] as number) < 0) refuse('a tabulated node is a leaf');
        if (e.feature[Number(n)] !== tb.feature[start + k]) refuse('table out of step with the tree');
        if (!Object.is(e.threshold[Number(n)], tb.threshold[start + k])) refuse('table out of step');
        bits.push(`(${condition(e, Number(n), used)} << ${intLit(k, 0, 31)})`);
      }
      const size = 2 ** count;
      const lo = tb.leafOffset[t] as number;
      intLit(lo, 0, leaves);
      intLit(lo + size, 1, leaves + 1);
      const u = tb.shapFeatureCount[t] as number;
      const fs = tb.shapFeatureStart[t] as number;
      intLit(u, 0, nf + 1);
      intLit(fs, 0, tb.shapFeatures.length + 1);
      intLit(fs + u, 0, tb.shapFeatures.length + 1);
      const so = tb.shapOffset[t] as number;
      let src = `b = ${bits.length > 0 ? bits.join(' | ') : '0'};\n`;
      src += f32
        ? `s = Math.fround(s + lv[${intLit(lo, 0, leaves)} + b]);\n`
        : `s += lv[${intLit(lo, 0, leaves)} + b];\n`;
      if (u > 0) {
        intLit(so, 0, shaps);
        intLit(so + size * u, 1, shaps + 1);
        src += `i = ${intLit(so, 0, shaps)} + ${intLit(u, 1, nf + 1)} * b;\n`;
        for (let k = 0; k < u; k++) {
          const f = intLit(tb.shapFeatures[fs + k] as number, 0, nf);
          used.add(Number(f));
          src += `p${f} += sv[i${k > 0 ? ` + ${intLit(k, 1, nf)}` : ''}];\n`;
        }
      }
      pieces.push({ source: src, used });
    }
    return {
      chunks: chunks(pieces, EXPLAIN_CHUNK_CHARS).map((c) => {
        const fs = sorted(c.used).map((f) => intLit(f, 0, nf));
        const body =
          `"use strict";\nlet b = 0;\nlet i = 0;\n` +
          fs.map((f) => `const x${f} = xr[${f}];\nlet p${f} = phi[${f}];\n`).join('') +
          c.source +
          fs.map((f) => `phi[${f}] = p${f};\n`).join('') +
          'return s;\n';
        // Built from validated numbers only (see the module comment).
        return new Function('xr', 'phi', 's', 'lv', 'sv', body) as CompiledExplainChunk;
      }),
    };
  } catch (err) {
    if (err instanceof CompileRefused) return { refused: err.message };
    throw err;
  }
}
