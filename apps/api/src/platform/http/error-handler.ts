import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, ReadOnlyRefusal } from '../errors.js';

/** An error as the API answers it: its status, its detail, and the fields at fault. */
export interface Problem {
  status: number;
  detail: string;
  errors?: Record<string, string[]>;
}

/**
 * What an error answers, whichever shape a caller reads it in (`{detail, errors}` here; an
 * OperationOutcome or an HL7 ACK on the integration endpoints): a generic message for 5xx, so
 * that no internals or patient data leak (security baseline).
 */
export function problemOf(error: FastifyError | HttpError): Problem {
  if (error instanceof HttpError)
    return {
      status: error.statusCode,
      detail: error.detail,
      ...(error.errors ? { errors: error.errors } : {}),
    };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    return { status: 400, detail: 'The request is not valid', errors };
  }
  const status = error.statusCode ?? 500;
  return status >= 500
    ? { status: 500, detail: 'Internal server error occurred' }
    : { status, detail: error.message };
}

/** Logs what an audit or an operator needs of an error, without patient data. */
export function logProblem(error: FastifyError | HttpError, problem: Problem, request: FastifyRequest): void {
  if (error instanceof ReadOnlyRefusal)
    request.log.warn({ method: request.method, url: request.url.split('?')[0] }, 'write refused: read-only');
  else if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  else if (problem.status === 403) {
    // Which trust was asked for: a refused look at another trust's data is what an audit wants.
    const { trust } = (request.params ?? {}) as { trust?: unknown };
    request.log.warn(
      { url: request.routeOptions.url, ...(typeof trust === 'string' ? { trust: trust.slice(0, 20) } : {}) },
      'access refused',
    );
  }
}

/** One error handler (fastify/demo): `{detail, errors}` for expected failures. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const problem = problemOf(error);
    logProblem(error, problem, request);
    return reply.status(problem.status).send({
      detail: problem.detail,
      ...(problem.errors ? { errors: problem.errors } : {}),
    });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
