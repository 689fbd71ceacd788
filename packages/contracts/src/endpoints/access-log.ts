import { accessLogPageSchema, accessLogQuerySchema } from '../access-log.js';
import { defineEndpoint } from '../endpoint.js';
import { requestErrors, trustPathSchema } from './shared.js';

/** Decision 0042: who has seen a patient's record. */
export const accessLog = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/access-log',
    clientTrailingSlash: true,
    permission: 'access-log:read',
    tags: ['admin'],
    summary: 'Every access to the pathways of one NHS number in the trust, newest first',
    description:
      'Trust admins of the trust and super admins. nhsNumber is required: 10 digits, spaces and hyphens allowed, Modulus 11 checked (400 under nhsNumber otherwise). Each entry says when, who, in which role and what was seen; nothing else about the patient. The read is itself recorded in the access log.',
    params: trustPathSchema,
    querystring: accessLogQuerySchema,
    response: { 200: accessLogPageSchema, ...requestErrors },
  }),
};
