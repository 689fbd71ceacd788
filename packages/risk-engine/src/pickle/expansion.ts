/**
 * What a decoded pickle expands to. The pickle memo lets a few bytes name the same container again
 * and again (a list of 50 references to a list of 50 references …), so a small file can decode to a
 * graph that any walk over it (JSON conversion, validation, serialisation) sees as 10^13 values.
 * The decoder counts as it builds (decode.ts `nest`). A memoised container can still grow after it
 * was embedded elsewhere, leaving the count taken there short; the decoder notes when that happens,
 * and then `checkExpansion` makes one exact pass over the result.
 */
import { PickleError } from '../errors.js';
import { formatBytes } from './limits.js';
import type { DecodeLimits } from './limits.js';
import { NdArray, PyDict, PyInstance } from './values.js';
import type { PyValue } from './values.js';

function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}

export function tooManyElements(limits: DecodeLimits, offset?: number): PickleError {
  return new PickleError(
    'too-large',
    `The pickle expands past ${formatCount(limits.maxExpandedElements)} elements (values reused through the pickle memo count each time they are used)`,
    offset,
  );
}

export function tooMuchText(limits: DecodeLimits, offset?: number): PickleError {
  return new PickleError(
    'too-large',
    `The pickle expands past ${formatBytes(limits.maxExpandedTextBytes)} of strings and bytes (values reused through the pickle memo count each time they are used)`,
    offset,
  );
}

export function nestsTooDeep(limits: DecodeLimits, offset?: number): PickleError {
  return new PickleError(
    'too-deep',
    `Objects in the pickle nest more than ${limits.maxNesting} levels deep`,
    offset,
  );
}

export function containsItself(limits: DecodeLimits, offset?: number): PickleError {
  return new PickleError(
    'too-deep',
    `Objects in the pickle nest more than ${limits.maxNesting} levels deep (a value contains itself)`,
    offset,
  );
}

export interface Measure {
  /** Values, each use of a memoised one counted again. */
  elements: number;
  /** Characters of strings plus bytes of bytes objects, counted the same way. */
  text: number;
  /** Containers inside containers, the outermost included. */
  depth: number;
}

const NO_ITEMS: readonly PyValue[] = [];

/** Values held by a container, in the order a walk visits them; null for anything else. */
function itemsOf(v: object): readonly PyValue[] | null {
  if (Array.isArray(v)) return v as PyValue[];
  if (v instanceof PyDict) {
    const flat: PyValue[] = [];
    for (const [k, x] of v) flat.push(k, x);
    return flat;
  }
  // A state of None is what an instance without BUILD has: nothing was pickled for it.
  if (v instanceof PyInstance) return v.state === null ? v.args : [...v.args, v.state];
  if (v instanceof NdArray) return Array.isArray(v.data) ? (v.data as PyValue[]) : NO_ITEMS;
  return null;
}

/**
 * The exact expanded measure of `root`, each distinct object measured once (so the pass costs what
 * the decoded graph holds, not what it expands to) and abandoned as soon as any total passes its
 * limit. Refuses a value that contains itself, which no walk could finish. Iterative (the depth is
 * the file's to choose), with the open containers in parallel arrays rather than an object each.
 */
export function checkExpansion(root: PyValue, limits: DecodeLimits): Measure {
  const { maxExpandedElements, maxExpandedTextBytes, maxNesting } = limits;
  // null while the container is open (on the path being walked): meeting it again is a cycle.
  const done = new Map<object, Measure | null>();
  // Frame 0 stands above the root, so the root is added to a parent like any other value.
  const containers: object[] = [NO_ITEMS];
  const items: (readonly PyValue[])[] = [[root]];
  const next: number[] = [0];
  const elements: number[] = [0];
  const text: number[] = [0];
  const depth: number[] = [0];
  let top = 0;

  for (;;) {
    const list = items[top] as readonly PyValue[];
    const i = next[top] as number;
    let e = 1;
    let t = 0;
    let d = 0;
    if (i < list.length) {
      next[top] = i + 1;
      const v = list[i] as PyValue;
      if (typeof v === 'string') t = v.length;
      else if (typeof v === 'object' && v !== null) {
        if (v instanceof Uint8Array) t = v.byteLength;
        else {
          const seen = done.get(v);
          if (seen === null) throw containsItself(limits);
          if (seen !== undefined) {
            e = seen.elements;
            t = seen.text;
            d = seen.depth;
          } else {
            const children = itemsOf(v);
            if (children === NO_ITEMS) d = 1;
            else if (children !== null) {
              if (top >= maxNesting) throw nestsTooDeep(limits);
              done.set(v, null);
              top++;
              containers[top] = v;
              items[top] = children;
              next[top] = 0;
              elements[top] = 1;
              text[top] = 0;
              depth[top] = 1;
              continue;
            }
          }
        }
      }
    } else {
      // The container at `top` is complete: it becomes one value of the frame below.
      e = elements[top] as number;
      t = text[top] as number;
      d = depth[top] as number;
      if (top === 0) return { elements: e, text: t, depth: d - 1 };
      if (d > maxNesting) throw nestsTooDeep(limits);
      done.set(containers[top] as object, { elements: e, text: t, depth: d });
      top--;
    }
    const total = (elements[top] as number) + e;
    const chars = (text[top] as number) + t;
    if (total > maxExpandedElements) throw tooManyElements(limits);
    if (chars > maxExpandedTextBytes) throw tooMuchText(limits);
    elements[top] = total;
    text[top] = chars;
    if (d >= (depth[top] as number)) depth[top] = d + 1;
  }
}
