/**
 * `risk-engine`: lets a Technical Admin check a model before uploading it, with the same code the
 * server runs.
 *
 *   risk-engine inspect --model model.pkl [--wrapper wrapper.pkl] [--recalibration map.json] [--json]
 *   risk-engine predict --model model.pkl [--wrapper wrapper.pkl] --input rows.csv [--date YYYY-MM-DD]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseCsv } from './csv.js';
import { RiskEngineError } from './errors.js';
import { evaluateMany } from './evaluate.js';
import type { PatientRecord } from './features.js';
import { loadModel } from './model.js';
import type { RiskModel } from './model.js';
import { recalibrationMapSchema, type RecalibrationMap } from './recalibration.js';

export interface Output {
  write(chunk: string): unknown;
}

const USAGE = `Usage:
  risk-engine inspect --model model.pkl [--wrapper wrapper.pkl] [--recalibration map.json] [--json]
      Decode the model (never running pickled code) and print its type, library version and
      feature count. Exits non-zero with the reason when the model is refused. With a
      recalibration map (JSON), also its method, a, b, base version and what it was fitted on.
  risk-engine predict --model model.pkl [--wrapper wrapper.pkl] --input rows.csv [--date YYYY-MM-DD]
      One JSON object per CSV row. With a wrapper the CSV columns are record fields and each line
      is the evaluate() result; without, the columns are the model's features in training order
      (header row required, empty cell = missing) and each line is
      {"probability","rawOutput","expectedValue","contributions"}.
`;

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): { command: string; opts: Map<string, string | true> } {
  const [command = '', ...rest] = argv;
  const opts = new Map<string, string | true>();
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (!a.startsWith('--')) throw new UsageError(`Unexpected argument ${a}`);
    const eq = a.indexOf('=');
    if (eq > 0) opts.set(a.slice(2, eq), a.slice(eq + 1));
    else if (a === '--json' || a === '--help') opts.set(a.slice(2), true);
    else {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      opts.set(a.slice(2), v);
    }
  }
  return { command, opts };
}

function required(opts: Map<string, string | true>, name: string): string {
  const v = opts.get(name);
  if (typeof v !== 'string') throw new UsageError(`--${name} is required`);
  return v;
}

function readFile(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(
      `Cannot read ${what} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

function load(opts: Map<string, string | true>): RiskModel {
  const model = readFile(required(opts, 'model'), 'model');
  const wrapperPath = opts.get('wrapper');
  const wrapper = typeof wrapperPath === 'string' ? readFile(wrapperPath, 'wrapper') : undefined;
  return loadModel(model, wrapper);
}

/** What a recalibrated version's predictions are, in one plain line. */
const RECALIBRATION_EXPLAINED =
  "Predictions are the base model's probability passed through logit(p′) = a + b·logit(p); the factors' contributions stay on the base model's log-odds scale.";

/** Reads a recalibration map: refused (exit 1) with each problem as `path: what is wrong`. */
function readRecalibration(path: string): RecalibrationMap {
  const text = readFile(path, 'recalibration map').toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`The recalibration map ${path} is not JSON: ${(e as Error).message}`);
  }
  const parsed = recalibrationMapSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 20)
    .map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `${[...issue.path, ...issue.keys].join('.')}: unknown key`
        : `${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  throw new Error(`The recalibration map ${path} is malformed: ${issues.join('; ')}`);
}

function recalibrationLines(map: RecalibrationMap): string[] {
  const { from, to, n, events } = map.fittedOn;
  const window =
    from !== null && to !== null
      ? `operated ${from} to ${to}`
      : from !== null
        ? `operated from ${from}`
        : to !== null
          ? `operated up to ${to}`
          : 'operated on any date';
  const method = map.method === 'none' ? 'none (no update needed)' : map.method;
  return [
    `recalibration: ${method}, a = ${map.intercept}, b = ${map.slope}`,
    `               base version ${map.baseVersion}, fitted on ${n} outcomes with ${events} complications, ${window}`,
    `               ${RECALIBRATION_EXPLAINED}`,
  ];
}

function inspect(opts: Map<string, string | true>, out: Output): void {
  const mapPath = opts.get('recalibration');
  const map = typeof mapPath === 'string' ? readRecalibration(mapPath) : null;
  const m = load(opts);
  const d = m.describe();
  if (opts.get('json') === true) {
    out.write(
      JSON.stringify({
        ...d,
        wrapper: m.wrapper ? { procedure: m.wrapper.procedure, modelCard: m.wrapper.modelCard } : null,
        recalibration: map ? { ...map, explanation: RECALIBRATION_EXPLAINED } : null,
      }) + '\n',
    );
    return;
  }
  const lines = [
    `model:     ${d.description}`,
    `class:     ${d.className}`,
    `library:   ${d.library} ${d.libraryVersion}`,
    `features:  ${d.nFeatures}`,
    `classes:   ${d.classes.join(', ')} (the second, ${d.classes[1]}, is "complication")`,
    `output:    ${d.rawOutputSpace} (explanations in this space)`,
    `missing:   ${d.acceptsMissing ? 'accepted by the model' : 'not accepted by the model (wrapper defaults apply)'}`,
  ];
  if (d.expectedValue !== null) lines.push(`expected:  ${d.expectedValue}`);
  lines.push(`sha256:    ${d.sha256}`);
  if (m.wrapper) {
    const w = m.wrapper;
    lines.push(
      `wrapper:   ${w.procedure}, "${w.modelCard.name}" ${w.modelCard.version}${w.modelCard.demonstration ? ' (demonstration)' : ''}`,
      `           features: ${w.features.map((f) => f.name).join(', ')}`,
    );
  }
  if (map) lines.push(...recalibrationLines(map));
  out.write(lines.join('\n') + '\n');
}

function predict(opts: Map<string, string | true>, out: Output): void {
  // Scoring through a map belongs to the server; ignoring the option would print base probabilities
  // to someone who asked for recalibrated ones.
  if (opts.has('recalibration')) {
    throw new UsageError(
      "--recalibration is read by inspect only; predict prints the base model's probabilities",
    );
  }
  const m = load(opts);
  const rows = parseCsv(readFile(required(opts, 'input'), 'input').toString('utf8'));
  const header = rows.shift();
  if (!header) throw new UsageError('The input CSV is empty');
  const date = opts.get('date');
  const chunks: string[] = [];
  const flush = (force: boolean): void => {
    if (chunks.length >= 1000 || (force && chunks.length > 0)) {
      out.write(chunks.join(''));
      chunks.length = 0;
    }
  };
  if (m.wrapper) {
    const records = rows.map((r): PatientRecord =>
      Object.fromEntries(header.map((h, j) => [h.trim(), r[j] ?? ''])),
    );
    const results = evaluateMany(m, records, typeof date === 'string' ? { evaluationDate: date } : {});
    for (const r of results) {
      chunks.push(JSON.stringify(r) + '\n');
      flush(false);
    }
    flush(true);
    return;
  }
  const n = m.info.nFeatures;
  if (header.length !== n) {
    throw new UsageError(`The input has ${header.length} columns but the model expects ${n} features`);
  }
  rows.forEach((r, i) => {
    if (r.length !== n) throw new UsageError(`Row ${i + 2} has ${r.length} columns, expected ${n}`);
    const x = r.map((cell, j) => {
      const t = cell.trim();
      if (t === '') return NaN;
      const v = Number(t);
      if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t) || !Number.isFinite(v)) {
        throw new UsageError(
          `Row ${i + 2}, column ${j + 1} (${header[j]}): ${JSON.stringify(t)} is not a number`,
        );
      }
      return v;
    });
    const e = m.explainFeatures(x);
    chunks.push(
      JSON.stringify({
        probability: e.probability,
        rawOutput: e.rawOutput,
        expectedValue: e.expectedValue,
        contributions: Array.from(e.contributions),
      }) + '\n',
    );
    flush(false);
  });
  flush(true);
}

/** Runs the CLI; returns the exit code (0 ok, 1 refused or failed, 2 usage). */
export function run(argv: readonly string[], out: Output, err: Output): number {
  try {
    const { command, opts } = parseArgs(argv);
    if (command === '' || command === '--help' || command === 'help' || opts.get('help') === true) {
      out.write(USAGE);
      return command === '' ? 2 : 0;
    }
    if (command === 'inspect') inspect(opts, out);
    else if (command === 'predict') predict(opts, out);
    else throw new UsageError(`Unknown command ${command}`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err.write(`risk-engine: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof RiskEngineError) {
      err.write(`risk-engine: refused (${e.name}, ${e.code}): ${e.message}\n`);
      return 1;
    }
    err.write(`risk-engine: ${(e as Error).message}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = run(process.argv.slice(2), process.stdout, process.stderr);
}
