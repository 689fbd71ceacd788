import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readOnlyMessage } from '@esr/contracts/read-only';
import { ReadOnlyRefusal } from '../errors.js';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The paths whose writes are refused: the web app's API, FHIR and HL7 over HTTP. The development
 * identity provider lives under /oidc, outside them, so signing in (its POSTs to the interaction
 * and token endpoints) keeps working; no POST under /api only reads, so none is exempt
 * (docs/decisions/0067-read-only-mode-for-downtime.md).
 */
const refusedPrefixes = ['/api/', '/fhir/', '/hl7/'];

/** Whether a request is a write this read-only server refuses. */
export function isRefusedWrite(method: string, url: string): boolean {
  if (!writeMethods.has(method)) return false;
  const path = url.split('?')[0]!;
  return refusedPrefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

/**
 * Read-only mode for downtime (decision 0067): every write is answered 503 at onRequest, before its
 * body is read or validated, so that an invalid or hostile body meets the same plain answer. It is
 * thrown, not sent, so that each route's error handler answers in its callers' format: `{detail}`
 * for the web app, an OperationOutcome for FHIR, an HL7 ACK for HL7.
 */
async function readOnly(app: FastifyInstance, options: { until: string | null }) {
  const detail = readOnlyMessage(options.until);
  const retryAfter = options.until === null ? undefined : new Date(options.until).toUTCString();
  app.addHook('onRequest', async (request, reply) => {
    if (!isRefusedWrite(request.method, request.url)) return;
    if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    throw new ReadOnlyRefusal(detail);
  });
}

export default fp(readOnly, { name: 'read-only' });
