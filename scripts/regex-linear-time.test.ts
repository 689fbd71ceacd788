import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression literal in the product's code (apps and packages, tests left out) runs in
 * linear time on hostile text: the linter's super-linear rules judge each statically
 * (docs/architecture.md, "Reading untrusted text"); this runs each on 100,000-character inputs made
 * to make a backtracking expression work hardest — long runs of one character of each class, and
 * alternations of them — each ending in a character that makes the match fail late.
 */
const root = path.resolve(import.meta.dirname, '..');
const productFiles = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|\/test\/|\.d\.ts$|\/dist\//.test(file))
  .filter((file) => fs.existsSync(path.join(root, file)));

function regexLiterals(file: string): { file: string; line: number; regex: RegExp }[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { file: string; line: number; regex: RegExp }[] = [];
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

describe('every regular expression in the product', () => {
  const literals = productFiles.flatMap(regexLiterals);

  it('is found (the scan reads the code)', () => {
    expect(literals.length).toBeGreaterThan(100);
  });

  it('matches, replaces and splits 100,000 hostile characters in linear time', () => {
    const slow: string[] = [];
    for (const { file, line, regex } of literals) {
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
