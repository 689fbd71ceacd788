import { expect } from 'vitest';

/**
 * How a figure of the TypeScript is compared with the Python golden files' (ml/README.md): the
 * largest difference allowed at a path, as an absolute or a relative error, and the fields that are
 * counts (compared exactly, as text and null always are).
 */
export interface GoldenTolerance {
  at: (path: string) => number;
  relative?: boolean;
  counts?: ReadonlySet<string>;
}

/** Same shape and values as Python's: the same keys, counts, text and null exactly, numbers within tolerance. */
export function expectMatchesGolden(
  actual: unknown,
  expected: unknown,
  path: string,
  tolerance: GoldenTolerance,
): void {
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    const items = actual as unknown[];
    expect(items.length, `${path}.length`).toBe(expected.length);
    expected.forEach((item, i) => expectMatchesGolden(items[i], item, `${path}[${i}]`, tolerance));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    expect(actual, path).toBeTypeOf('object');
    expect(actual, path).not.toBeNull();
    const fields = actual as Record<string, unknown>;
    expect(Object.keys(fields).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected))
      expectMatchesGolden(fields[key], value, `${path}.${key}`, tolerance);
    return;
  }
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (typeof expected === 'number' && !tolerance.counts?.has(key)) {
    expect(actual, path).toBeTypeOf('number');
    const error = Math.abs((actual as number) - expected);
    const scale = tolerance.relative ? Math.max(Math.abs(expected), Number.MIN_VALUE) : 1;
    expect(error, path).toBeLessThanOrEqual(tolerance.at(path) * scale);
    return;
  }
  expect(actual, path).toStrictEqual(expected);
}
