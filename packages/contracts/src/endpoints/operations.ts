import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import { clientConfigSchema } from '../identity.js';
import { healthResponseSchema } from '../library.js';

/** Calls made before sign-in: liveness and what the web app needs to start signing in. */
export const operations = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    public: true,
    tags: ['operations'],
    summary: 'Liveness: 200 when the database answers',
    response: { 200: healthResponseSchema, 503: errorResponseSchema },
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
