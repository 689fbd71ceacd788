import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built single-page app: real files as they are, and index.html for every other GET
 * that is not an API or sign-in path, so that deep links work (docs/requirements.md §2: unknown paths show the
 * landing page, which the app decides).
 */
async function webApp(app: FastifyInstance, options: { root: string }) {
  const indexPath = path.join(options.root, 'index.html');
  const available = fs.existsSync(indexPath);
  if (available) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; the HTML shell must always be fresh.
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const indexHtml = available ? fs.readFileSync(indexPath, 'utf8') : '';
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isAppPath =
      request.method === 'GET' && !/^\/(api|fhir|hl7)\//.test(pathname) && !pathname.startsWith('/oidc');
    if (isAppPath && available && !path.extname(pathname)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ detail: `No route ${request.method} ${pathname}` });
  });
}

export default fp(webApp, { name: 'web-app' });
