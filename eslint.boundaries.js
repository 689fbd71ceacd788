// The import direction, enforced (docs/architecture.md, "Import direction"). Each rule names the
// arrow it forbids; scripts/boundaries.test.ts plants each kind of violation and shows that it fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (relative) =>
  fs
    .readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const apiModules = foldersIn('apps/api/src/modules');
const webFeatures = foldersIn('apps/web/src/features');
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.api.test.ts', 'apps/api/src/test/**'];

const zones = [
  {
    target: 'packages',
    from: 'apps',
    message: 'A package is used by the apps and never uses one.',
  },
  {
    target: 'apps/api/src/platform',
    from: [
      'apps/api/src/modules',
      'apps/api/src/app.ts',
      'apps/api/src/worker.ts',
      'apps/api/src/all-jobs.ts',
    ],
    message: 'platform/ knows no module: pass what it needs in, or move the code into the module.',
  },
  ...apiModules.flatMap((module) =>
    apiModules
      .filter((other) => other !== module)
      .map((other) => ({
        target: `apps/api/src/modules/${module}`,
        from: `apps/api/src/modules/${other}`,
        except: ['./index.ts'],
        message: `A module uses another only through its public index: import from modules/${other}/index.js.`,
      })),
  ),
  ...webFeatures.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`],
    message: 'Web features never import each other: move what they share to components/ or lib/.',
  })),
  {
    target: ['apps/web/src/components', 'apps/web/src/lib'],
    from: ['apps/web/src/features', 'apps/web/src/app'],
    message: 'Shared code flows components/lib → features → app, never back.',
  },
];

// A module's routes call that module's own use cases (docs/architecture.md, "Import direction"):
// from another module a route takes only the signed-in principal (identity) and reference names
// (library), never a use case, so each URL is served by the module that owns what it answers.
const routeFiles = ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'];
const routeSharedModules = new Set(['identity', 'library']);
const routesOwnModule = {
  meta: {
    type: 'problem',
    messages: {
      otherModule:
        "A route calls its own module's use cases only: move the route to modules/{{module}}, or give this module a use case of its own.",
    },
    schema: [],
  },
  create(context) {
    const modulesDir = path.join(root, 'apps/api/src/modules');
    const moduleOf = (file) => path.relative(modulesDir, file).split(path.sep)[0];
    const own = moduleOf(context.filename);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(context.filename), source);
        if (!target.startsWith(modulesDir + path.sep)) return;
        const module = moduleOf(target);
        if (module !== own && !routeSharedModules.has(module))
          context.report({ node: node.source, messageId: 'otherModule', data: { module } });
      },
    };
  },
};

/**
 * The one owner of each table's rows (docs/architecture.md, "Evaluations" and "Modules"): only these
 * files write the table; every other module calls them. A path ending in `/` names a module folder.
 */
const tableWriters = {
  pathways: ['apps/api/src/modules/pathways/'],
  evaluations: ['apps/api/src/modules/evaluations/evaluation-writer.ts'],
  pathway_outcomes: ['apps/api/src/modules/outcomes/outcome-writer.ts'],
  prioritisation_entries: ['apps/api/src/modules/prioritisation/prioritisation-entries.ts'],
};

export const writesTo = (table) =>
  new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+${table}\\b`, 'i');

/** Fails on SQL text (a string or a template, placeholders read as blanks) that writes a table outside its owner. */
const tableWriterRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const guarded = Object.entries(tableWriters).filter(
      ([, owners]) =>
        !owners.some((owner) => (owner.endsWith('/') ? file.startsWith(owner) : file === owner)),
    );
    if (guarded.length === 0) return {};
    const check = (node, text) => {
      for (const [table, owners] of guarded)
        if (writesTo(table).test(text))
          context.report({
            node,
            message: `Only ${owners.join(', ')} writes ${table}: call it from here.`,
          });
    };
    return {
      Literal: (node) => typeof node.value === 'string' && check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ')),
    };
  },
};

const routeBoundaries = {
  files: routeFiles,
  plugins: { routes: { rules: { 'own-module': routesOwnModule } } },
  rules: { 'routes/own-module': 'error' },
};

export default [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: tests,
    plugins: { tables: { rules: { 'one-writer': tableWriterRule } } },
    rules: { 'tables/one-writer': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: tests,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: ['tsconfig.tests.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
    },
  },
  {
    // A route validates, calls its use case and maps the answer: the use case queues any job.
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '-job(\\.js)?$', message: 'Routes never import jobs: the use case queues them.' },
            {
              regex: '.',
              importNamePattern: 'Job$',
              message: 'Routes never import jobs: the use case queues them.',
            },
          ],
        },
      ],
    },
  },
  routeBoundaries,
];
