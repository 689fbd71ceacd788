#!/usr/bin/env node
/**
 * The clinical safety case's hazard log (DCB0129; docs/clinical-safety/). `hazard-log.yaml` is the
 * source; `node scripts/hazard-log.mjs` writes `hazard-log.md` from it, and the generated sections of
 * the risk management plan (the risk matrix) and of the safety case report (the hazards by residual
 * rating, the open hazards). `scripts/clinical-safety.test.ts` (part of `npm test`) runs every check
 * below and fails when the committed documents are not what this script writes.
 *
 * The risk matrix is written here once: the checks, the plan's table and the log all read it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import * as prettier from 'prettier';
import { parseDocument } from 'yaml';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const folder = 'docs/clinical-safety';
export const logPath = `${folder}/hazard-log.yaml`;
export const markdownPath = `${folder}/hazard-log.md`;
export const planPath = `${folder}/clinical-risk-management-plan.md`;
export const reportPath = `${folder}/clinical-safety-case-report.md`;

// ---------------------------------------------------------------------------------------------
// The DCB0129 risk matrix
// ---------------------------------------------------------------------------------------------

/** Likelihoods, least likely first. */
export const likelihoods = ['very low', 'low', 'medium', 'high', 'very high'];
/** Consequences, least severe first. */
export const consequences = ['minor', 'significant', 'considerable', 'major', 'catastrophic'];

/**
 * The DCB0129 lookup: for each likelihood, the risk rating of each consequence (minor …
 * catastrophic). A lookup, not a product of the two.
 */
export const riskMatrix = {
  'very high': [3, 4, 4, 5, 5],
  high: [2, 3, 3, 4, 5],
  medium: [2, 2, 3, 3, 4],
  low: [1, 2, 2, 3, 4],
  'very low': [1, 1, 2, 2, 3],
};

/** The rating the matrix gives a likelihood and a consequence, or undefined for other words. */
export function ratingOf(likelihood, consequence) {
  const row = Object.hasOwn(riskMatrix, likelihood) ? riskMatrix[likelihood] : undefined;
  const column = consequences.indexOf(consequence);
  return row && column >= 0 ? row[column] : undefined;
}

/** What each rating means for acceptance (clinical-risk-management-plan.md, "Acceptance"). */
export const ratingMeanings = {
  1: 'Very low: acceptable',
  2: 'Low: acceptable',
  3: 'Medium: acceptable only with a justification that it is as low as reasonably practicable, agreed by the clinical safety officer',
  4: 'High: unacceptable, never accepted',
  5: 'Very high: unacceptable, never accepted',
};

/** The highest residual rating a hazard may be accepted, mitigated or closed at. */
export const highestAcceptableRating = 3;

export const statuses = ['open', 'mitigated', 'accepted', 'closed'];

// ---------------------------------------------------------------------------------------------
// Reading the log
// ---------------------------------------------------------------------------------------------

/** The YAML's data, and a problem for each error the parser found (the data is then null). */
export function parseHazardLog(text) {
  const document = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0)
    return {
      log: null,
      problems: document.errors.map((error) => `${logPath} does not parse: ${error.message}`),
    };
  return { log: document.toJS(), problems: [] };
}

export function readHazardLog(root = repositoryRoot) {
  return parseHazardLog(fs.readFileSync(path.join(root, logPath), 'utf8'));
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value) => typeof value === 'string' && value.trim() !== '';
const hazardsOf = (log) => (isObject(log) && Array.isArray(log.hazards) ? log.hazards : []);
/** How a problem names its hazard: its id, or its place in the list when it has none. */
const nameOf = (hazard, index) =>
  isObject(hazard) && isText(hazard.id) ? hazard.id : `hazard ${index + 1} (no id)`;

const hazardFields = {
  id: 'text',
  title: 'text',
  description: 'text',
  causes: 'texts',
  effect: 'text',
  potentialHarm: 'text',
  initial: 'risk',
  controls: 'controls',
  residual: 'risk',
  status: 'text',
  owner: 'text',
};
/**
 * Optional: why a residual rating of 3 is as low as reasonably practicable (needed unless the
 * hazard is open), and what further controls would close an open hazard (needed when it is open).
 */
const optionalHazardFields = { justification: 'text', furtherControls: 'texts' };
const riskFields = ['likelihood', 'consequence', 'rating'];
/** Design and test controls name the tests that verify them; training and business process do not. */
export const verifiedControlKinds = ['design', 'test'];
export const controlKinds = [...verifiedControlKinds, 'training', 'businessProcess'];
const controlFields = ['description', 'verifiedBy'];
const verificationFields = ['path', 'test'];
const optionalVerificationFields = ['describe'];

function unknownKeys(object, known) {
  return Object.keys(object).filter((key) => !known.includes(key));
}

/**
 * Every hazard has every field, of its type, and nothing else (a misspelt field is a problem, not
 * a field quietly left out); ids are H001, H002 … and unique.
 */
export function fieldProblems(log) {
  if (!isObject(log)) return [`${logPath} must be a mapping with a list of hazards under "hazards"`];
  const problems = [];
  const extra = unknownKeys(log, ['hazards']);
  if (extra.length > 0) problems.push(`${logPath} has unknown top-level keys: ${extra.join(', ')}`);
  if (!Array.isArray(log.hazards) || log.hazards.length === 0)
    return [...problems, `${logPath} must list its hazards under "hazards"`];
  const seen = new Map();
  log.hazards.forEach((hazard, index) => {
    const name = nameOf(hazard, index);
    if (!isObject(hazard)) {
      problems.push(`${name}: is not a mapping of fields`);
      return;
    }
    for (const [field, type] of Object.entries(hazardFields)) {
      const value = hazard[field];
      if (value === undefined || value === null) {
        problems.push(`${name}: misses the field "${field}"`);
        continue;
      }
      if (type === 'text' && !isText(value)) problems.push(`${name}: "${field}" must be non-empty text`);
      if (type === 'texts' && (!Array.isArray(value) || value.length === 0 || !value.every(isText)))
        problems.push(`${name}: "${field}" must be a non-empty list of text`);
      if (type === 'risk') problems.push(...riskFieldProblems(name, field, value));
      if (type === 'controls') problems.push(...controlFieldProblems(name, value));
    }
    for (const [field, type] of Object.entries(optionalHazardFields)) {
      const value = hazard[field];
      if (value === undefined) continue;
      if (type === 'text' && !isText(value))
        problems.push(`${name}: "${field}" must be non-empty text when given`);
      if (type === 'texts' && (!Array.isArray(value) || value.length === 0 || !value.every(isText)))
        problems.push(`${name}: "${field}" must be a non-empty list of text when given`);
    }
    const unknown = unknownKeys(hazard, [...Object.keys(hazardFields), ...Object.keys(optionalHazardFields)]);
    if (unknown.length > 0) problems.push(`${name}: has unknown fields: ${unknown.join(', ')}`);
    if (isText(hazard.id)) {
      if (!/^H\d{3}$/.test(hazard.id)) problems.push(`${name}: the id must be H followed by three digits`);
      if (seen.has(hazard.id))
        problems.push(`${name}: the id is used by hazard ${seen.get(hazard.id) + 1} too`);
      else seen.set(hazard.id, index);
    }
  });
  return problems;
}

function riskFieldProblems(name, field, value) {
  if (!isObject(value)) return [`${name}: "${field}" must be a mapping of ${riskFields.join(', ')}`];
  const problems = riskFields
    .filter((key) => value[key] === undefined || value[key] === null)
    .map((key) => `${name}: misses the field "${field}.${key}"`);
  const unknown = unknownKeys(value, riskFields);
  if (unknown.length > 0) problems.push(`${name}: "${field}" has unknown fields: ${unknown.join(', ')}`);
  return problems;
}

function controlFieldProblems(name, controls) {
  if (!isObject(controls)) return [`${name}: "controls" must be a mapping of ${controlKinds.join(', ')}`];
  const problems = [];
  for (const kind of controlKinds) {
    const list = controls[kind];
    if (!Array.isArray(list)) {
      problems.push(`${name}: "controls.${kind}" must be a list (empty when there are none)`);
      continue;
    }
    list.forEach((control, index) => {
      const where = `controls.${kind}[${index + 1}]`;
      if (!verifiedControlKinds.includes(kind)) {
        if (!isText(control)) problems.push(`${name}: "${where}" must be non-empty text`);
        return;
      }
      if (!isObject(control)) {
        problems.push(`${name}: "${where}" must be a mapping of ${controlFields.join(', ')}`);
        return;
      }
      if (!isText(control.description)) problems.push(`${name}: "${where}" misses its description`);
      const unknown = unknownKeys(control, controlFields);
      if (unknown.length > 0) problems.push(`${name}: "${where}" has unknown fields: ${unknown.join(', ')}`);
    });
  }
  const unknown = unknownKeys(controls, controlKinds);
  if (unknown.length > 0) problems.push(`${name}: "controls" has unknown kinds: ${unknown.join(', ')}`);
  return problems;
}

const quoted = (words) => words.map((word) => `"${word}"`).join(', ');

/**
 * Each likelihood and consequence is one of the five words, each rating is the matrix's (initial
 * and residual), and the residual rating is no higher than the initial one.
 */
export function ratingProblems(log) {
  const problems = [];
  hazardsOf(log).forEach((hazard, index) => {
    if (!isObject(hazard)) return;
    const name = nameOf(hazard, index);
    for (const field of ['initial', 'residual']) {
      const risk = hazard[field];
      if (!isObject(risk)) continue;
      const { likelihood, consequence, rating } = risk;
      const knownLikelihood = likelihoods.includes(likelihood);
      const knownConsequence = consequences.includes(consequence);
      if (likelihood !== undefined && !knownLikelihood)
        problems.push(`${name}: ${field} likelihood "${likelihood}" is not one of ${quoted(likelihoods)}`);
      if (consequence !== undefined && !knownConsequence)
        problems.push(`${name}: ${field} consequence "${consequence}" is not one of ${quoted(consequences)}`);
      if (knownLikelihood && knownConsequence && rating !== undefined) {
        const expected = ratingOf(likelihood, consequence);
        if (rating !== expected)
          problems.push(
            `${name}: ${field} rating ${JSON.stringify(rating)} is not the matrix's: ${likelihood} likelihood and ${consequence} consequence rate ${expected}`,
          );
      }
    }
    const initial = isObject(hazard.initial) ? hazard.initial.rating : undefined;
    const residual = isObject(hazard.residual) ? hazard.residual.rating : undefined;
    if (Number.isInteger(initial) && Number.isInteger(residual) && residual > initial)
      problems.push(`${name}: the residual rating ${residual} is higher than the initial rating ${initial}`);
  });
  return problems;
}

/**
 * The status is one of the four words; a residual rating of 4 or 5 is never accepted, mitigated or
 * closed: such a hazard stays open until its controls bring it to 3 or below; a hazard accepted,
 * mitigated or closed at 3 says why that is as low as reasonably practicable (`justification`); an
 * open hazard says what would close it (`furtherControls`); and a residual rating below the initial
 * one needs a design or test control that brought it down.
 */
export function statusProblems(log) {
  const problems = [];
  hazardsOf(log).forEach((hazard, index) => {
    if (!isObject(hazard)) return;
    const name = nameOf(hazard, index);
    const { status } = hazard;
    if (status !== undefined && !statuses.includes(status)) {
      problems.push(`${name}: status "${status}" is not one of ${quoted(statuses)}`);
      return;
    }
    if (status === 'open' && hazard.furtherControls === undefined)
      problems.push(`${name}: is open without furtherControls: say what would close it`);
    const residual = isObject(hazard.residual) ? hazard.residual.rating : undefined;
    const initial = isObject(hazard.initial) ? hazard.initial.rating : undefined;
    if (!Number.isInteger(residual)) return;
    if (residual > highestAcceptableRating && status !== 'open')
      problems.push(
        `${name}: status "${status}" with residual rating ${residual}: a residual rating of 4 or 5 is unacceptable and never accepted, mitigated or closed; the hazard stays open until its controls bring it to 3 or below`,
      );
    if (residual === highestAcceptableRating && status !== 'open' && !isText(hazard.justification))
      problems.push(
        `${name}: status "${status}" with residual rating 3 needs a justification that the risk is as low as reasonably practicable`,
      );
    const controls = isObject(hazard.controls) ? hazard.controls : {};
    const verified = verifiedControlKinds.flatMap((kind) =>
      Array.isArray(controls[kind]) ? controls[kind] : [],
    );
    if (Number.isInteger(initial) && residual < initial && verified.length === 0)
      problems.push(
        `${name}: the residual rating ${residual} is below the initial ${initial} without a design or test control`,
      );
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The tests that verify the controls
// ---------------------------------------------------------------------------------------------

const testFile = /\.(test|spec)\.tsx?$/;
const testFunctions = new Set(['it', 'test']);
/** Modifiers under which a test does not run, or does not run every time `npm test` runs. */
const notRun = {
  skip: 'is skipped (.skip)',
  todo: 'is a todo (.todo)',
  fails: 'is expected to fail (.fails)',
  skipIf: 'runs only under a condition (.skipIf), so `npm test` may not run it',
  runIf: 'runs only under a condition (.runIf), so `npm test` may not run it',
};

/** The root function of a call (`it`, `describe` …) and the modifiers between (`each`, `skip` …). */
function calleeOf(expression) {
  const modifiers = [];
  let node = expression;
  for (;;) {
    if (ts.isPropertyAccessExpression(node)) {
      modifiers.unshift(node.name.text);
      node = node.expression;
    } else if (ts.isCallExpression(node)) node = node.expression;
    else break;
  }
  return ts.isIdentifier(node) ? { base: node.text, modifiers } : null;
}

/**
 * A test's name as it is written: a string's value (escapes read, however Prettier broke the line
 * before it), or a template's text between its backticks, `${…}` and all (a template's tests are
 * named by that text, as `it.each`'s are by their format string).
 */
function testNameOf(argument, source) {
  if (!argument) return null;
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return argument.text;
  if (ts.isTemplateExpression(argument)) return argument.getText(source).slice(1, -1);
  return null;
}

/**
 * Every test of a file's source, with the names of the describe blocks around it and why it would
 * not run (null when it runs whenever its file does).
 */
export function testNamesIn(text, fileName) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const tests = [];
  const visit = (node, describes, skipped) => {
    if (ts.isCallExpression(node)) {
      const callee = calleeOf(node.expression);
      const name = testNameOf(node.arguments[0], source);
      if (callee && name !== null && (testFunctions.has(callee.base) || callee.base === 'describe')) {
        const reason = callee.modifiers.map((modifier) => notRun[modifier]).find(Boolean);
        const why =
          skipped ?? (reason ? `${callee.base === 'describe' ? 'its describe block ' : ''}${reason}` : null);
        if (callee.base === 'describe') {
          for (const argument of node.arguments.slice(1)) visit(argument, [...describes, name], why);
          return;
        }
        tests.push({ name, describes, skipped: why });
        return;
      }
    }
    ts.forEachChild(node, (child) => visit(child, describes, skipped));
  };
  visit(source, [], null);
  return tests;
}

/**
 * Every design and test control names at least one test, each in a test file of the repository
 * that holds a test of exactly that name (inside the describe block named, when one is), and that
 * test runs whenever its file does.
 */
export function verificationProblems(log, root = repositoryRoot) {
  const problems = [];
  const cache = new Map();
  const testsOf = (file) => {
    if (!cache.has(file)) cache.set(file, testNamesIn(fs.readFileSync(path.join(root, file), 'utf8'), file));
    return cache.get(file);
  };
  hazardsOf(log).forEach((hazard, index) => {
    if (!isObject(hazard) || !isObject(hazard.controls)) return;
    const name = nameOf(hazard, index);
    for (const kind of verifiedControlKinds) {
      const list = hazard.controls[kind];
      if (!Array.isArray(list)) continue;
      list.forEach((control, position) => {
        if (!isObject(control)) return;
        const where = `controls.${kind}[${position + 1}]`;
        const { verifiedBy } = control;
        if (!Array.isArray(verifiedBy) || verifiedBy.length === 0) {
          problems.push(`${name}: "${where}" has no verifiedBy: name the test that verifies it`);
          return;
        }
        for (const verification of verifiedBy) {
          if (!isObject(verification) || !isText(verification.path) || !isText(verification.test)) {
            problems.push(`${name}: "${where}.verifiedBy" needs a path and a test for each entry`);
            continue;
          }
          const unknown = unknownKeys(verification, [...verificationFields, ...optionalVerificationFields]);
          if (unknown.length > 0)
            problems.push(`${name}: "${where}.verifiedBy" has unknown fields: ${unknown.join(', ')}`);
          const file = verification.path;
          const test = verification.test;
          const within = isText(verification.describe) ? verification.describe : null;
          const resolved = path.resolve(root, file);
          if (path.isAbsolute(file) || !resolved.startsWith(root + path.sep)) {
            problems.push(`${name}: ${file} is not a path inside the repository`);
            continue;
          }
          if (!fs.existsSync(resolved) || !fs.statSync(resolved).isFile()) {
            problems.push(`${name}: the test file ${file} does not exist`);
            continue;
          }
          if (!testFile.test(file)) {
            problems.push(`${name}: ${file} is not a test file (*.test.ts, *.test.tsx or *.spec.ts)`);
            continue;
          }
          const found = testsOf(file).filter(
            (entry) => entry.name === test && (within === null || entry.describes.includes(within)),
          );
          if (found.length === 0) {
            const inside = within === null ? '' : ` inside describe "${within}"`;
            problems.push(`${name}: ${file} has no test named "${test}"${inside}`);
            continue;
          }
          if (found.every((entry) => entry.skipped))
            problems.push(`${name}: the test "${test}" of ${file} ${found[0].skipped}`);
        }
      });
    }
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The generated documents
// ---------------------------------------------------------------------------------------------

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    // White space with a line break in it becomes one space; each run is matched once, from its start.
    .replace(/\s+/g, (space) => (space.includes('\n') ? ' ' : space));
/** Inline code that may itself hold backticks. */
const code = (text) => {
  const longest = Math.max(0, ...(String(text).match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
};
const paragraph = (text) => String(text).trim();
/** GitHub's anchor for a heading. */
const anchor = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
const headingOf = (hazard) => `${hazard.id}: ${hazard.title}`;
const riskText = (risk) => `${risk.rating} (${risk.likelihood} likelihood, ${risk.consequence} consequence)`;
const controlKindLabels = {
  design: 'Design',
  test: 'Test',
  training: 'Training',
  businessProcess: 'Business process',
};
const statusOrder = (status) => (status === 'open' ? 0 : 1);
const byResidualRating = (hazards) =>
  [...hazards].sort(
    (a, b) =>
      b.residual.rating - a.residual.rating ||
      statusOrder(a.status) - statusOrder(b.status) ||
      a.id.localeCompare(b.id),
  );

function table(head, rows) {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

/** The risk matrix as the plan shows it: likelihoods down, most likely first, consequences across. */
export function riskMatrixTable() {
  return table(
    ['Likelihood \\ consequence', ...consequences.map(capitalised)],
    [...likelihoods].reverse().map((likelihood) => [capitalised(likelihood), ...riskMatrix[likelihood]]),
  );
}

function hazardLink(hazard, file = '') {
  return `[${hazard.id}](${file}#${anchor(headingOf(hazard))})`;
}

/** The hazards by residual rating, highest first, open before the others, as the report lists them. */
export function hazardsByResidualRatingTable(log, file = 'hazard-log.md') {
  return table(
    ['Hazard', 'Title', 'Residual', 'Initial', 'Status', 'Owner'],
    byResidualRating(log.hazards).map((hazard) => [
      hazardLink(hazard, file),
      hazard.title,
      riskText(hazard.residual),
      riskText(hazard.initial),
      hazard.status,
      hazard.owner,
    ]),
  );
}

/** The open hazards, each with its residual rating and the further controls that would close it. */
export function openHazardsList(log, file = 'hazard-log.md') {
  const open = byResidualRating(log.hazards).filter((hazard) => hazard.status === 'open');
  if (open.length === 0) return 'No hazard is open.';
  return open
    .map((hazard) =>
      [
        `- ${hazardLink(hazard, file)} ${hazard.title}: residual rating ${riskText(hazard.residual)}. Further controls:`,
        ...(hazard.furtherControls ?? []).map((control) => `  - ${paragraph(control)}`),
      ].join('\n'),
    )
    .join('\n');
}

/** The log in numbers: how many hazards of each status, the highest residual rating, those rated 4 or 5 before their controls. */
export function residualSummary(log) {
  const hazards = log.hazards;
  const counts = statuses
    .map((status) => [status, hazards.filter((hazard) => hazard.status === status).length])
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const highest = Math.max(...hazards.map((hazard) => hazard.residual.rating));
  const unacceptable = hazards.filter((hazard) => hazard.initial.rating > highestAcceptableRating);
  const before =
    unacceptable.length === 0
      ? 'No hazard was rated 4 or 5 before its controls.'
      : `Rated 4 or 5 before their controls: ${unacceptable
          .map((hazard) => `${hazard.id} (now ${hazard.residual.rating}, ${hazard.status})`)
          .join(', ')}.`;
  return `${hazards.length} hazards: ${counts}. The highest residual rating is ${highest}. ${before}`;
}

function verifiedControlText(control) {
  const tests = control.verifiedBy.map(
    (entry) =>
      `   - ${code(entry.path)}: ${entry.describe ? `${code(entry.describe)} › ` : ''}${code(entry.test)}`,
  );
  return [
    `1. ${paragraph(control.description).replace(/\n/g, '\n   ')}`,
    '',
    '   Verified by:',
    '',
    ...tests,
  ].join('\n');
}

function hazardSection(hazard) {
  const lines = [
    `## ${headingOf(hazard)}`,
    '',
    table(
      ['Status', 'Owner', 'Initial risk', 'Residual risk'],
      [[hazard.status, hazard.owner, riskText(hazard.initial), riskText(hazard.residual)]],
    ),
    '',
    paragraph(hazard.description),
    '',
    '**Causes**',
    '',
    ...hazard.causes.map((cause) => `- ${paragraph(cause)}`),
    '',
    `**Effect**: ${paragraph(hazard.effect)}`,
    '',
    `**Potential harm**: ${paragraph(hazard.potentialHarm)}`,
    '',
    '### Controls',
  ];
  for (const kind of controlKinds) {
    const list = hazard.controls[kind];
    lines.push('', `**${controlKindLabels[kind]}**`, '');
    if (list.length === 0) lines.push('None.');
    else if (verifiedControlKinds.includes(kind)) lines.push(list.map(verifiedControlText).join('\n\n'));
    else lines.push(...list.map((control) => `- ${paragraph(control)}`));
  }
  if (hazard.justification)
    lines.push('', `**As low as reasonably practicable**: ${paragraph(hazard.justification)}`);
  if (hazard.furtherControls)
    lines.push(
      '',
      '### Further controls proposed',
      '',
      ...hazard.furtherControls.map((control) => `- ${paragraph(control)}`),
    );
  return lines.join('\n');
}

/** hazard-log.md, before Prettier. */
export function hazardLogMarkdown(log) {
  const hazards = log.hazards;
  const summary = table(
    ['Hazard', 'Title', 'Initial', 'Residual', 'Status', 'Owner'],
    hazards.map((hazard) => [
      hazardLink(hazard),
      hazard.title,
      riskText(hazard.initial),
      riskText(hazard.residual),
      hazard.status,
      hazard.owner,
    ]),
  );
  return [
    '# Hazard log',
    '',
    '<!-- Generated by scripts/hazard-log.mjs from hazard-log.yaml: edit the YAML, then run `node scripts/hazard-log.mjs`. `npm test` fails while this file differs from what the script writes. -->',
    '',
    `The hazards of the product, rated with the DCB0129 risk matrix of the [clinical risk management plan](clinical-risk-management-plan.md#risk-matrix) and controlled as it says. Generated from [hazard-log.yaml](hazard-log.yaml); each design and test control names the tests in this repository that verify it, and \`npm test\` fails when one of them no longer exists (\`scripts/clinical-safety.test.ts\`).`,
    '',
    residualSummary(log),
    '',
    '## Summary',
    '',
    summary,
    '',
    ...hazards.map((hazard) => `${hazardSection(hazard)}\n`),
  ].join('\n');
}

const sectionStart = (name) => `<!-- generated by scripts/hazard-log.mjs: ${name} -->`;
const sectionEnd = (name) => `<!-- end of generated ${name} -->`;

/** A document's generated sections, each between its two markers. */
function sectionsOf(file, log) {
  if (file === planPath) return { 'risk matrix': riskMatrixTable() };
  if (file === reportPath)
    return {
      'hazards by residual rating': `${residualSummary(log)}\n\n${hazardsByResidualRatingTable(log)}`,
      'open hazards': openHazardsList(log),
    };
  return {};
}

/** The text with each generated section replaced, or the names of the sections whose markers are missing. */
function withSections(text, sections) {
  let result = text;
  const missing = [];
  for (const [name, content] of Object.entries(sections)) {
    const start = result.indexOf(sectionStart(name));
    const end = result.indexOf(sectionEnd(name));
    if (start < 0 || end < start) {
      missing.push(name);
      continue;
    }
    result = `${result.slice(0, start)}${sectionStart(name)}\n\n${content}\n\n${result.slice(end)}`;
  }
  return { text: result, missing };
}

async function formatted(file, text, root) {
  const options = (await prettier.resolveConfig(path.join(root, file))) ?? {};
  return prettier.format(text, { ...options, filepath: path.join(root, file) });
}

/**
 * What the script writes: hazard-log.md, and the plan and the report with their generated sections,
 * each as Prettier writes it; `missing` names the markers a document lacks.
 */
export async function generatedDocuments(log, root = repositoryRoot) {
  const documents = [
    { path: markdownPath, text: await formatted(markdownPath, hazardLogMarkdown(log), root), missing: [] },
  ];
  for (const file of [planPath, reportPath]) {
    const current = fs.existsSync(path.join(root, file))
      ? fs.readFileSync(path.join(root, file), 'utf8')
      : '';
    const { text, missing } = withSections(current, sectionsOf(file, log));
    documents.push({ path: file, text: await formatted(file, text, root), missing });
  }
  return documents;
}

/** The committed documents that are not what the script writes from the log. */
export async function documentProblems(log, root = repositoryRoot) {
  if (fieldProblems(log).length > 0)
    return [`${markdownPath} cannot be generated while ${logPath} has field problems`];
  const problems = [];
  for (const document of await generatedDocuments(log, root)) {
    for (const name of document.missing)
      problems.push(`${document.path} misses the markers of its generated section "${name}"`);
    const file = path.join(root, document.path);
    const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (committed === null) problems.push(`${document.path} does not exist: run node scripts/hazard-log.mjs`);
    else if (committed !== document.text)
      problems.push(
        `${document.path} is not what scripts/hazard-log.mjs generates from ${logPath}: run node scripts/hazard-log.mjs`,
      );
  }
  return problems;
}

/** Every check but the documents': fields, ratings, statuses and the tests named. */
export function checkHazardLog(log, root = repositoryRoot) {
  const fields = fieldProblems(log);
  return [...fields, ...ratingProblems(log), ...statusProblems(log), ...verificationProblems(log, root)];
}

// ---------------------------------------------------------------------------------------------
// node scripts/hazard-log.mjs
// ---------------------------------------------------------------------------------------------

async function main() {
  const { log, problems: parsing } = readHazardLog();
  if (parsing.length > 0 || fieldProblems(log).length > 0) {
    for (const problem of [...parsing, ...fieldProblems(log)]) console.error(problem);
    console.error(`Nothing written: fix ${logPath} first.`);
    process.exit(1);
  }
  for (const document of await generatedDocuments(log)) {
    const file = path.join(repositoryRoot, document.path);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    for (const name of document.missing)
      console.error(`${document.path} misses the markers of its generated section "${name}"`);
    if (before !== document.text) {
      fs.writeFileSync(file, document.text);
      console.log(`wrote ${document.path}`);
    }
  }
  const problems = checkHazardLog(log);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`${log.hazards.length} hazards, no problems`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
