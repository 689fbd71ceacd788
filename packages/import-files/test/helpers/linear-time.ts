import vm from 'node:vm';
import { expect } from 'vitest';

/**
 * Whether a reader of untrusted text takes time in proportion to the text (docs/architecture.md,
 * "Reading untrusted text"). It is timed on adversarial text of 12,500 and of 100,000 characters:
 * eight times the text takes about eight times as long when the reader is linear, 64 times when it
 * is quadratic, and forever when a regular expression backtracks exponentially.
 */
export const smallSize = 12_500;
export const largeSize = 100_000;

/** Linear is 8×; 16× leaves room for a garbage collection or another process on the shared cores. */
const allowedRatio = 16;
/** Timer and scheduling noise on calls that take well under a millisecond. */
const noiseMs = 25;
/** Each call: far above any linear reader's time on 100,000 characters, far below a runaway's. */
const callLimitMs = 1_000;

/**
 * One call under a hard time limit. The call runs in a `vm` script whose timeout stops it even inside
 * a regular expression, so a runaway reader fails the test instead of holding the runner for ever.
 */
export function within<T>(limitMs: number, read: () => T, what = 'the call'): T {
  try {
    return vm.runInNewContext('read()', { read }, { timeout: limitMs }) as T;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new Error(`${what} did not finish within ${limitMs} ms`);
    }
    throw error;
  }
}

/** Processor time, not wall time: other processes on the shared cores slow the clock, not the count. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function timeOnce(read: () => unknown, what: string): number {
  const started = process.cpuUsage();
  within(callLimitMs, read, what);
  return cpuMs(started);
}

function fastest(read: () => unknown, what: string): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) best = Math.min(best, timeOnce(read, what));
  return best;
}

/** A linear reader passes at once; a slow moment can make one measurement fail, never three. */
const attempts = 3;

/**
 * Asserts that `prepare(size)`'s call takes linear time. `prepare` builds the input of about `size`
 * characters (not timed) and returns the call to time.
 */
export function expectLinear(prepare: (size: number) => () => unknown): void {
  const small = prepare(smallSize);
  const large = prepare(largeSize);
  timeOnce(small, `the call on ${smallSize} characters`);
  let smallMs = 0;
  let largeMs = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    smallMs = fastest(small, `the call on ${smallSize} characters`);
    largeMs = fastest(large, `the call on ${largeSize} characters`);
    if (largeMs < allowedRatio * smallMs + noiseMs) return;
  }
  expect(
    largeMs,
    `${largeSize} characters took ${largeMs.toFixed(2)} ms, ${smallSize} took ${smallMs.toFixed(2)} ms`,
  ).toBeLessThan(allowedRatio * smallMs + noiseMs);
}

/** Asserts that `read` takes linear time on the text `make(size)` gives (of at least `size` characters). */
export function expectLinearText(make: (size: number) => string, read: (text: string) => unknown): void {
  expectLinear((size) => {
    const text = make(size);
    expect(text.length).toBeGreaterThanOrEqual(size);
    return () => read(text);
  });
}

/** Asserts linear time for an async reader (a workbook's rows); it has no hard limit per call. */
export async function expectLinearAsync(prepare: (size: number) => () => Promise<unknown>): Promise<void> {
  const fastestAsync = async (read: () => Promise<unknown>) => {
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = process.cpuUsage();
      await read();
      best = Math.min(best, cpuMs(started));
    }
    return best;
  };
  const small = prepare(smallSize);
  const large = prepare(largeSize);
  await small();
  let smallMs = 0;
  let largeMs = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    smallMs = await fastestAsync(small);
    largeMs = await fastestAsync(large);
    if (largeMs < allowedRatio * smallMs + noiseMs && largeMs < callLimitMs) return;
  }
  expect(
    largeMs,
    `${largeSize} characters took ${largeMs.toFixed(2)} ms, ${smallSize} took ${smallMs.toFixed(2)} ms`,
  ).toBeLessThan(Math.min(callLimitMs, allowedRatio * smallMs + noiseMs));
}
