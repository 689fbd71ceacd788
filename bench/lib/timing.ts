/** The middle value (the mean of the two middle ones of an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One request alone, to its last byte; throws unless it answers `status`. */
export async function timed(url: string, init: RequestInit = {}, status = 200) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== status) throw new Error(`${url}: HTTP ${response.status} ${body}`);
  return { ms, body };
}
