import type { Result } from 'autocannon';

/** One measured scenario beside the bare route measured first in the same run. */
export interface LatencyRow {
  name: string;
  rps: number;
  p99: number;
  ratio: number;
  failures: number;
  ok: boolean;
}

/** A scenario's figures: it meets the target when its p99 is at most `targetP99` ms and nothing failed. */
export function latencyRow(name: string, result: Result, baseline: Result, targetP99: number): LatencyRow {
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    ratio: result.requests.average / baseline.requests.average,
    failures,
    ok: result.latency.p99 <= targetP99 && failures === 0,
  };
}

/** Prints the rows as a table: req/s, p99, ratio to the bare route, and whether each meets the target. */
export function printLatencyTable(rows: LatencyRow[], targetP99: number): void {
  console.log(
    `${'scenario'.padEnd(58)} ${'req/s'.padStart(8)} ${'p99'.padStart(7)}  ratio  p99 ≤ ${targetP99} ms`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(58)} ${r.rps.toFixed(0).padStart(8)} ${`${r.p99} ms`.padStart(7)}  ${r.ratio.toFixed(2).padStart(5)}  ${r.ok ? 'yes' : 'NO'}${r.failures ? ` (${r.failures} failed requests)` : ''}`,
    );
}
