import { defineEndpoint } from '../endpoint.js';
import { meResponseSchema } from '../identity.js';
import { refusedErrors } from './shared.js';

/** docs/requirements.md §7: who the signed-in user is. */
export const identity = {
  me: defineEndpoint({
    method: 'GET',
    path: '/api/me/',
    tags: ['identity'],
    summary: 'The signed-in user: name, roles and trust',
    response: { 200: meResponseSchema, ...refusedErrors },
  }),
};
