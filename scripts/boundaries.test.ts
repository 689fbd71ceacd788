/**
 * The import direction and the one writer of each table's rows are checked by `npm run check`
 * (eslint.boundaries.js; docs/architecture.md, "Import direction"). Each test plants one kind of
 * violation in a temporary file, lints it with the project's own configuration, and expects the
 * check to fail; a check that let it through would be a check in name only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { expectLinearText } from '../packages/import-files/test/helpers/linear-time.js';
import { writesTo } from '../eslint.boundaries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const planted: string[] = [];
const eslint = new ESLint({ cwd: root });

function plant(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.writeFileSync(file, text);
  planted.push(file);
  return file;
}

async function problemsOf(...files: string[]): Promise<{ rule: string | null; message: string }[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) =>
    result.messages.map(({ ruleId, message }) => ({ rule: ruleId, message })),
  );
}

afterEach(() => {
  for (const file of planted.splice(0)) fs.rmSync(file, { force: true });
});

const tag = `planted-${process.pid}`;

describe('the import direction', () => {
  it('fails on an import cycle', async () => {
    const a = plant(
      `apps/api/src/modules/patients/${tag}-a.ts`,
      `import { b } from './${tag}-b.js';\nexport const a = () => b;\n`,
    );
    plant(
      `apps/api/src/modules/patients/${tag}-b.ts`,
      `import { a } from './${tag}-a.js';\nexport const b = () => a;\n`,
    );
    expect(await problemsOf(a)).toContainEqual(expect.objectContaining({ rule: 'import-x/no-cycle' }));
  });

  it('fails on a web feature importing another feature', async () => {
    const file = plant(
      `apps/web/src/features/admin/${tag}.ts`,
      `import { paths } from '../patients/api/query-keys';\nexport const p = paths;\n`,
    );
    expect(fs.existsSync(path.join(root, 'apps/web/src/features/patients/api/query-keys.ts'))).toBe(true);
    expect(await problemsOf(file)).toContainEqual(
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('never import each other'),
      }),
    );
  });

  it('fails on platform/ importing a module', async () => {
    const file = plant(
      `apps/api/src/platform/${tag}.ts`,
      `import { isBusy } from '../modules/waiting-list/index.js';\nexport const f = isBusy;\n`,
    );
    expect(await problemsOf(file)).toContainEqual(
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('knows no module'),
      }),
    );
  });

  it("fails on a module reaching into another module's internals, and passes through its index", async () => {
    const inside = plant(
      `apps/api/src/modules/patients/${tag}-inside.ts`,
      `import { batchLifetimeMs } from '../waiting-list/waiting-list-imports.js';\nexport const l = batchLifetimeMs;\n`,
    );
    const throughIndex = plant(
      `apps/api/src/modules/patients/${tag}-index.ts`,
      `import { isBusy } from '../waiting-list/index.js';\nexport const i = isBusy;\n`,
    );
    expect(await problemsOf(inside)).toContainEqual(
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('public index'),
      }),
    );
    expect(await problemsOf(throughIndex)).toEqual([]);
  });

  it('fails on a package importing an app', async () => {
    const file = plant(
      `packages/contracts/src/${tag}.ts`,
      `import { badRequest } from '../../../apps/api/src/platform/errors.js';\nexport const e = badRequest;\n`,
    );
    expect(await problemsOf(file)).toContainEqual(
      expect.objectContaining({
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('never uses one'),
      }),
    );
  });

  it('fails on a route importing a job', async () => {
    const file = plant(
      `apps/api/src/modules/waiting-list/${tag}-routes.ts`,
      `import { validateBatchJob } from './stage/validate-batch-job.js';\nexport const j = validateBatchJob;\n`,
    );
    const throughIndex = plant(
      `apps/api/src/modules/patients/${tag}-routes.ts`,
      `import { inferBatchJob } from '../evaluations/index.js';\nexport const j = inferBatchJob;\n`,
    );
    for (const route of [file, throughIndex])
      expect(await problemsOf(route)).toContainEqual(
        expect.objectContaining({
          rule: 'no-restricted-imports',
          message: expect.stringContaining('Routes never import jobs'),
        }),
      );
  });

  it("fails on a route calling another module's use case, and passes on its own module's and the principal", async () => {
    const other = plant(
      `apps/api/src/modules/models/${tag}-routes.ts`,
      `import { requestScoringWherePending } from '../evaluations/index.js';\nexport const r = requestScoringWherePending;\n`,
    );
    const own = plant(
      `apps/api/src/modules/models/${tag}-own-routes.ts`,
      `import { principalOf } from '../identity/index.js';\nimport { uploadModel } from './models.js';\nexport const r = [principalOf, uploadModel];\n`,
    );
    expect(await problemsOf(other)).toContainEqual(
      expect.objectContaining({
        rule: 'routes/own-module',
        message: expect.stringContaining("its own module's use cases"),
      }),
    );
    expect(await problemsOf(own)).toEqual([]);
  });
});

describe('the one writer of each table', () => {
  const writes = [
    ['pathways', 'update pathways set status = $1 where id = $2'],
    ['evaluations', 'update evaluations set is_anomaly = true where id = $1'],
    ['pathway_outcomes', 'insert into pathway_outcomes (id) values ($1)'],
    ['prioritisation_entries', 'insert into prioritisation_entries (id) values ($1)'],
  ] as const;

  for (const [table, statement] of writes)
    it(`fails on a file outside its owner writing ${table}, in a string or a template`, async () => {
      const inString = plant(
        `apps/api/src/modules/reports/${tag}-string.ts`,
        `export const statement = '${statement}';\n`,
      );
      const inTemplate = plant(
        `apps/api/src/modules/reports/${tag}-template.ts`,
        `const id = 'x';\nexport const statement = \`${statement.replace('$1', '${id}')}\`;\n`,
      );
      for (const file of [inString, inTemplate])
        expect(await problemsOf(file)).toContainEqual(
          expect.objectContaining({
            rule: 'tables/one-writer',
            message: expect.stringContaining(`writes ${table}`),
          }),
        );
    });

  it("passes a table's own writer, and a file that only reads the table", async () => {
    const owner = plant(
      `apps/api/src/modules/pathways/${tag}-owner.ts`,
      `export const statement = 'update pathways set status = $1 where id = $2';\n`,
    );
    const reader = plant(
      `apps/api/src/modules/reports/${tag}-reader.ts`,
      `export const statement = 'select id from pathways p join evaluations e on e.pathway_id = p.id';\n`,
    );
    expect(await problemsOf(owner, reader)).toEqual([]);
  });
});

describe('the source as it stands', () => {
  const sources = () =>
    execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$|\/test\/|\.spec\.ts$/.test(file))
      // A file deleted in the working tree is still listed until the deletion is staged.
      .filter((file) => fs.existsSync(path.join(root, file)));

  it('writes evaluations in one file only', () => {
    const writers = sources().filter((file) =>
      /insert\s+into\s+evaluations\b/i.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(writers).toEqual(['apps/api/src/modules/evaluations/evaluation-writer.ts']);
  });

  it('writes outcomes in one file only (decision 0045)', () => {
    const writers = sources().filter((file) =>
      /(insert\s+into|update)\s+pathway_outcomes\b/i.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(writers).toEqual(['apps/api/src/modules/outcomes/outcome-writer.ts']);
  });

  it('cites only documents a person who clones the repository can open', () => {
    // Code, tests, benchmarks, scripts, the ML scripts and the docs: none may cite a document or an
    // issue that lives outside the repository.
    const cited = execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'bench', 'scripts', 'ml', 'e2e', 'docs'],
      { cwd: root, encoding: 'utf8' },
    )
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs|py|md)$/.test(file) && file !== 'scripts/boundaries.test.ts')
      .filter((file) => fs.existsSync(path.join(root, file)));
    const outside = cited.filter((file) =>
      /DESIGN §|CONVENTIONS|spec §|\(issue: |risk-evidence/.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(outside).toEqual([]);
  });
});

describe('the one-writer check reads source text in linear time', () => {
  // It runs over every string and template of the code: a long one must not hold `npm run check`.
  const pattern = writesTo('pathways');
  it('finds a write, and nothing in a read', () => {
    expect(pattern.test('update   pathways set status = $1')).toBe(true);
    expect(pattern.test('TRUNCATE TABLE\n pathways')).toBe(true);
    expect(pattern.test('select * from pathways where id = $1')).toBe(false);
  });
  it('on 100,000 characters of whitespace after each keyword, and of keywords without a table', () => {
    for (const make of [
      (size: number) => `update${' '.repeat(size)}pathway`,
      (size: number) => `truncate${' table'.repeat(Math.ceil(size / 6))}`,
      (size: number) => 'insert into '.repeat(Math.ceil(size / 12)),
      (size: number) => 'update \t'.repeat(Math.ceil(size / 8)),
    ])
      expectLinearText(make, (text) => pattern.test(text));
  });
});
