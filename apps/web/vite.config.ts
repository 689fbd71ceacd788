import { resolve } from 'node:path';
import MagicString from 'magic-string';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The contracts' schemas carry the OpenAPI document's words (`.describe(…)`, `.meta({…})`): the API
 * publishes them, the browser never reads them. Left in, they were a tenth of the first page load,
 * so the web build drops those calls from the contracts' sources (each returns a copy of its schema
 * that differs only in them).
 */
function withoutSchemaDocumentation(): Plugin {
  const contractsSource = /[\\/]packages[\\/]contracts[\\/]src[\\/].*\.ts$/;
  return {
    name: 'without-schema-documentation',
    enforce: 'pre',
    transform(code, id) {
      if (!contractsSource.test(id) || !/\.(?:describe|meta)\(/.test(code)) return null;
      const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const text = new MagicString(code);
      const removed: [number, number][] = [];
      const visit = (node: ts.Node): void => {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          (node.expression.name.text === 'describe' || node.expression.name.text === 'meta') &&
          node.arguments.length === 1
        ) {
          const start = node.expression.expression.getEnd();
          const end = node.getEnd();
          if (!removed.some(([from, to]) => start >= from && end <= to)) {
            text.remove(start, end);
            removed.push([start, end]);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return { code: text.toString(), map: text.generateMap({ hires: true, source: id }) };
    },
  };
}

export default defineConfig({
  plugins: [withoutSchemaDocumentation(), react()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        silentCallback: resolve(import.meta.dirname, 'auth/silent-callback.html'),
      },
    },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import'] } } },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/dev-sign-in': 'http://localhost:3000',
    },
  },
});
