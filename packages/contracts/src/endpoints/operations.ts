import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import { clientConfigSchema } from '../identity.js';
import {
  healthResponseSchema,
  livenessResponseSchema,
  notReadyResponseSchema,
  readinessTimeoutMs,
  readyResponseSchema,
} from '../library.js';

/**
 * Calls made before sign-in: the probes of load balancers and orchestrators (docs/operations.md,
 * Health and logs) and what the web app needs to start signing in.
 */
export const operations = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    public: true,
    tags: ['operations'],
    summary: 'Readiness-style check kept for compatibility: 200 when the database answers',
    description:
      'Runs `select 1` and answers {"status":"ok"}, or 503 when the database fails. It waits as long as the database takes (seconds while the embedded database confirms a large import), so it is not a liveness probe: use GET /api/health/live for liveness and GET /api/health/ready for readiness. Kept as it was for the scripts and monitors that call it.',
    response: { 200: healthResponseSchema, 503: errorResponseSchema },
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    public: true,
    tags: ['operations'],
    summary: 'Liveness: 200 while the process answers; never asks the database',
    description:
      'Answers {"status":"live"} from the process alone: no token, no database, no job queue. It answers at once even while the database is busy (an import being confirmed, a vacuum), so an orchestrator restarts the server only when the process itself stops answering.',
    response: { 200: livenessResponseSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    public: true,
    tags: ['operations'],
    summary:
      'Readiness: 200 when the database, its migrations and the job queue are ready; 503 naming what is not',
    description: `Checks, at once and within ${readinessTimeoutMs / 1000} s together: the database answers \`select 1\`; every migration of this build is applied; the job queue (pg-boss) has started and its schema answers. 200 with {"status":"ready","checks":{"database":"ok","migrations":"ok","jobQueue":"ok"}}; otherwise 503 with {"status":"not_ready","checks":{…},"detail":"…"}, each check that is not ok saying timeout, unavailable, pending or not_started. Probes that arrive while a check is running share its answer.`,
    response: { 200: readyResponseSchema, 503: notReadyResponseSchema },
  }),
  clientConfig: defineEndpoint({
    method: 'GET',
    path: '/api/client-config',
    public: true,
    tags: ['operations'],
    summary: 'What the web app needs before sign-in',
    response: { 200: clientConfigSchema },
  }),
};
