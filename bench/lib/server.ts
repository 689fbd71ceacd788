import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function memoryMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** Starts the built product (`npm run build` first) on 127.0.0.1 with its own data folder. */
export async function startBuiltServer(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esr-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS passes flags to the server's Node, such as --cpu-prof to see where its time goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  if (process.env.BENCH_SERVER_LOG)
    child.on('exit', (code, signal) => console.error(`server exited: code ${code}, signal ${signal}`));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited while starting');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('The server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    /** The server process's resident memory now (Linux), in MB. */
    rssMb: () => memoryMb(child.pid, 'VmRSS'),
    /** The server process's peak resident memory so far (Linux), in MB. */
    peakRssMb: () => memoryMb(child.pid, 'VmHWM'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built API alone, as beside a separate worker process: nothing is scored in the background. */
export const startApiAlone = (port: number, env: Record<string, string> = {}) =>
  startBuiltServer(port, { NODE_ENV: 'test', RUN_WORKER: 'false', ...env });

/**
 * Starts the built worker (`npm run worker`, PostgreSQL only) beside a server started with
 * `RUN_WORKER=false`, as production runs them; resolved once it has started.
 */
export async function startBuiltWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/api/dist/worker.js'], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('worker started')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The worker exited while starting (code ${code})`)));
  });
  return {
    rssMb: () => memoryMb(child.pid, 'VmRSS'),
    peakRssMb: () => memoryMb(child.pid, 'VmHWM'),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
