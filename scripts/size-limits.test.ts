/**
 * The size limits of eslint.sizes.js (docs/architecture.md, "Sizes"), checked by `npm run check`:
 * each test plants a violation in a temporary file, lints it with the project's own configuration
 * and expects the check to fail. The lists of files not yet split must only name files that still
 * break a limit, so that a split file leaves the list and cannot grow back unseen.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { filesStillTooLong, filesWithFunctionsStillTooLong } from '../eslint.sizes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const planted: string[] = [];
const eslint = new ESLint({ cwd: root });

function plant(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.writeFileSync(file, text);
  planted.push(file);
  return file;
}

afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

async function rulesBroken(file: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((message) => message.ruleId);
}

const tag = `planted-${process.pid}`;
const lines = (count: number) => Array.from({ length: count }, (_, i) => `  total += ${i};`).join('\n');
const longFunction = (body: number) =>
  `export function tooLong(): number {\n  let total = 0;\n${lines(body)}\n  return total;\n}\n`;

describe('the size limits', () => {
  it('fail on a source file over 500 lines', async () => {
    const constants = Array.from({ length: 501 }, (_, i) => `export const value${i} = ${i};`).join('\n');
    const file = plant(`apps/api/src/platform/${tag}.ts`, `${constants}\n`);
    expect(await rulesBroken(file)).toContain('max-lines');
  });

  it('fail on a function over 100 lines, in the API and in a package', async () => {
    const api = plant(`apps/api/src/platform/${tag}.ts`, longFunction(100));
    const pkg = plant(`packages/contracts/src/${tag}.ts`, longFunction(100));
    expect(await rulesBroken(api)).toContain('max-lines-per-function');
    expect(await rulesBroken(pkg)).toContain('max-lines-per-function');
  });

  it('let a function of 100 lines and a long test through', async () => {
    const short = plant(`apps/api/src/platform/${tag}.ts`, longFunction(96));
    const test = plant(`apps/api/src/platform/${tag}.test.ts`, longFunction(200));
    expect(await rulesBroken(short)).not.toContain('max-lines-per-function');
    expect(await rulesBroken(test)).not.toContain('max-lines-per-function');
  });

  it('list as not yet split only files still over a limit', async () => {
    const checker = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { parser: (await import('typescript-eslint')).parser },
        },
        {
          files: ['**/*.ts', '**/*.tsx'],
          rules: {
            'max-lines': ['error', { max: 500 }],
            'max-lines-per-function': ['error', { max: 100 }],
          },
        },
      ],
    });
    const broken = async (file: string) =>
      (await checker.lintFiles([path.join(root, file)]))[0]!.messages.map((message) => message.ruleId);
    for (const file of filesStillTooLong) expect(await broken(file), file).toContain('max-lines');
    for (const file of filesWithFunctionsStillTooLong)
      expect(await broken(file), file).toContain('max-lines-per-function');
  });
});
