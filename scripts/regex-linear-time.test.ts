import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression literal of the repository's TypeScript (the product in apps and
 * packages, and the tests, browser tests, benchmarks and scripts beside it, whose expressions read
 * files, PDFs and pages the product wrote) runs in linear time on hostile text: the linter's
 * super-linear rules judge each statically
 * (docs/architecture.md, "Reading untrusted text"); this runs each on 100,000-character inputs made
 * to make a backtracking expression work hardest — long runs of one character of each class, and
 * alternations of them — each ending in a character that makes the match fail late.
 */
const root = path.resolve(import.meta.dirname, '..');
const codeFiles = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'e2e', 'bench', 'scripts'],
  { cwd: root, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !/\.d\.ts$|\/dist\//.test(file))
  .filter((file) => fs.existsSync(path.join(root, file)));

interface Literal {
  file: string;
  line: number;
  regex: RegExp;
  /** Inside an eslint-disable of the super-linear rules: a test's reference to a former expression. */
  reference: boolean;
}

/** Where a file turns the linter's super-linear rules off, as [start, end) offsets. */
function referenceRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let at = text.indexOf('eslint-disable regexp/no-super-linear'); at >= 0;) {
    const end = text.indexOf('eslint-enable', at);
    ranges.push([at, end < 0 ? text.length : end]);
    at = end < 0 ? -1 : text.indexOf('eslint-disable regexp/no-super-linear', end);
  }
  return ranges;
}

function regexLiterals(file: string): Literal[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const ranges = referenceRanges(text);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf('/');
      // The sticky and global flags keep state between calls; each run here starts afresh.
      const flags = literal.slice(end + 1).replace(/[gy]/g, '');
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        regex: new RegExp(literal.slice(1, end), flags),
        reference: ranges.some(([from, to]) => node.getStart() >= from && node.getStart() < to),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const length = 100_000;
const runs = ['a', 'A', '0', ' ', '\t', '-', '.', ',', ':', '/', '"', "'", '*', '|', '^', '\\', '\r\n', 'é'];
const hostile: string[] = [
  ...runs.flatMap((c) => [c.repeat(length / c.length), `${c.repeat(length / c.length - 1)}\u0000`]),
  'a0'.repeat(length / 2),
  'a '.repeat(length / 2) + '!',
  '0.'.repeat(length / 2) + 'x',
  '0 '.repeat(length / 2) + 'x',
  '1,'.repeat(length / 2) + '"',
  'A-'.repeat(length / 2) + '\u0000',
];

describe('every regular expression of the repository', () => {
  const literals = codeFiles.flatMap(regexLiterals);

  it('is found (the scan reads the code)', () => {
    expect(literals.length).toBeGreaterThan(100);
  });

  it('turns the super-linear rules off only for tests’ references to former expressions', () => {
    // Those references backtrack on purpose (they are what the scanners replaced) and see only the
    // short text their tests generate; they are never in the product.
    const references = literals.filter((literal) => literal.reference);
    expect(references.length).toBeGreaterThan(0);
    for (const { file, line } of references) expect(`${file}:${line}`).toMatch(/\.test\.ts:\d+$/);
  });

  it('matches, replaces and splits 100,000 hostile characters in linear time', () => {
    const slow: string[] = [];
    for (const { file, line, regex } of literals.filter((literal) => !literal.reference)) {
      const global = new RegExp(regex.source, `${regex.flags}g`);
      let worst = 0;
      for (const input of hostile) {
        const started = performance.now();
        regex.test(input);
        input.replace(global, '');
        worst = Math.max(worst, performance.now() - started);
      }
      // A linear expression takes a few milliseconds here; a quadratic one, seconds.
      if (worst > 250) slow.push(`${file}:${line} ${regex} ${worst.toFixed(0)} ms`);
    }
    expect(slow).toEqual([]);
  }, 600_000);
});
