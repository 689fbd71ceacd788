/**
 * docs/architecture.md is where a newcomer starts, so every file and folder it names must exist:
 * a renamed or split file fails this test until the document follows it. A name is looked for from
 * the repository's root and from the folders the document writes paths from (the API's and the web
 * app's sources, and the import pipeline's folder); a bare file name must be some tracked file's
 * name. Patterns (`*-job.ts`, `<noun>-routes.ts`, `{area}-screens.ts`) and URLs are not paths.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bases = [
  '',
  'apps/api/src/',
  'apps/api/',
  'apps/web/src/',
  'apps/web/',
  'apps/api/src/modules/waiting-list/',
  'packages/import-files/src/',
  'docs/',
];
const pathLike = /\.(?:ts|tsx|js|mjs|md|sql)$/;

/** The backquoted names in a Markdown text that look like a file or folder of the repository. */
export function namedPaths(markdown: string): string[] {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    const parts = line.split('`');
    for (let i = 1; i < parts.length; i += 2) {
      const name = parts[i]!;
      if (!name.includes('/') && !pathLike.test(name)) continue;
      if (/[\s*<>{}:()]/.test(name) || name.startsWith('/') || name.startsWith('.')) continue;
      names.add(name);
    }
  }
  return [...names];
}

function exists(name: string, trackedNames: Set<string>): boolean {
  if (!name.includes('/')) return trackedNames.has(name);
  return bases.some((base) => fs.existsSync(path.join(root, base, name)));
}

describe('docs/architecture.md', () => {
  const markdown = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  }).split('\n');
  const trackedNames = new Set(tracked.map((file) => path.basename(file)));

  it('names only files and folders that exist', () => {
    const names = namedPaths(markdown);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !exists(name, trackedNames))).toEqual([]);
  });

  it('catches a path that does not exist', () => {
    const planted = namedPaths('See `modules/patients/no-such-use-case.ts` and `gone.ts`.');
    expect(planted).toEqual(['modules/patients/no-such-use-case.ts', 'gone.ts']);
    expect(planted.filter((name) => !exists(name, trackedNames))).toEqual(planted);
  });
});
