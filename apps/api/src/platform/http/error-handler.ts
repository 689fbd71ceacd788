import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.js';

/**
 * One error handler (fastify/demo): `{detail, errors}` for expected failures, and a generic
 * message for 5xx so that no internals or patient data leak (security baseline).
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 403) {
        // Which trust was asked for: a refused look at another trust's data is what an audit wants.
        const { trust } = (request.params ?? {}) as { trust?: unknown };
        request.log.warn(
          {
            url: request.routeOptions.url,
            ...(typeof trust === 'string' ? { trust: trust.slice(0, 20) } : {}),
          },
          'access refused',
        );
      }
      return reply.status(error.statusCode).send({
        detail: error.detail,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.status(400).send({ detail: 'The request is not valid', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error occurred' });
    }
    return reply.status(status).send({ detail: error.message });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
