import autocannon, { type Result } from 'autocannon';

/** `connections` clients asking for `url` for `duration` seconds without pause (autocannon). */
export const measureLoad = (
  url: string,
  options: { connections: number; duration: number; headers?: Record<string, string> },
) =>
  new Promise<Result>((resolve, reject) => {
    autocannon({ url, ...options, headers: options.headers ?? {} }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });

/** Downloads a file to its last byte, sampling the server's resident memory meanwhile. */
export async function downloadWatchingMemory(
  url: string,
  headers: Record<string, string>,
  rssMb: () => number,
) {
  let highest = rssMb();
  const sampler = setInterval(() => (highest = Math.max(highest, rssMb())), 50);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    return { ms: performance.now() - started, bytes, lines, highestMb: Math.max(highest, rssMb()) };
  } finally {
    clearInterval(sampler);
  }
}
