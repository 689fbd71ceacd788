import { defineEndpoint } from '../endpoint.js';
import {
  proceduresResponseSchema,
  rolesQuerySchema,
  rolesResponseSchema,
  surgicalRiskFactorsResponseSchema,
} from '../library.js';
import { refusedErrors } from './shared.js';

/** docs/requirements.md §7 library calls: the lists every area uses. */
export const library = {
  procedures: defineEndpoint({
    method: 'GET',
    path: '/api/procedures',
    permission: 'library:read',
    tags: ['library'],
    summary: 'Procedure types',
    response: { 200: proceduresResponseSchema, ...refusedErrors },
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/roles',
    permission: 'library:read',
    tags: ['library'],
    summary: 'Roles a user can be given',
    querystring: rolesQuerySchema,
    response: { 200: rolesResponseSchema, ...refusedErrors },
  }),
  surgicalRiskFactors: defineEndpoint({
    method: 'GET',
    path: '/api/form-data/surgical-risk-factors',
    permission: 'library:read',
    tags: ['library'],
    summary: 'Surgery readiness and social option lists',
    response: { 200: surgicalRiskFactorsResponseSchema, ...refusedErrors },
  }),
};
