import { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import {
  integrationClientSchema,
  integrationClientsSchema,
  integrationClientStatusBodySchema,
  integrationMessagesPageSchema,
  integrationMessagesQuerySchema,
  registerIntegrationClientBodySchema,
} from '../integration-clients.js';
import { labMessageSettingsSchema } from '../patient-identity.js';
import { lookupErrors, requestErrors, trustPathSchema } from './shared.js';

const clientPathSchema = trustPathSchema.extend({
  id: z.guid().meta({
    description: 'The registration’s id, as the list gives it',
    example: '0193f7a2-5c1e-7b3d-9a41-6f2e8c0d4b17',
  }),
});

const tags = ['admin'];

/** Decision 0048: a trust's integration clients (decision 0047), for its admins and super admins. */
export const integrationClients = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/integration-clients',
    permission: 'integration-clients:read',
    tags,
    summary: 'The trust’s integration clients, by name, with the last message of each',
    description:
      'Trust admins of the trust and super admins. Also says which issuer this installation takes tokens from, so that a form asks only what can work.',
    params: trustPathSchema,
    response: { 200: integrationClientsSchema, ...lookupErrors },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/trusts/:trust/integration-clients',
    permission: 'integration-clients:write',
    tags,
    summary: 'Register a system as an integration client of the trust; 409 when its client ID is taken',
    description:
      'Example: {"name":"Pathology (Rhapsody)","issuer":"entra:72f988bf-86f1-41af-91ab-2d7cd011db47","clientId":"8d2f6c1e-4b7a-4e0f-9c3d-2a1b5e6f7a8c"}. A client ID is registered once for an issuer, for one trust (409 under clientId otherwise, also when two registrations meet). A client ID in a form no identity provider issues (blank, with a space, over 255 characters, other characters than letters a to z, digits and - . _ ~ : / @, or not a GUID under an entra: issuer) is 400 with one message under clientId (decision 0065). In the change log.',
    params: trustPathSchema,
    body: registerIntegrationClientBodySchema,
    response: {
      201: integrationClientSchema,
      404: errorResponseSchema,
      409: errorResponseSchema,
      ...requestErrors,
    },
  }),
  changeStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/integration-clients/:id/status',
    permission: 'integration-clients:write',
    tags,
    summary: 'Disable or enable an integration client',
    description:
      'Example: {"status":0}. A disabled client’s tokens are refused from the next call. In the change log when the status changes.',
    params: clientPathSchema,
    body: integrationClientStatusBodySchema,
    response: { 200: integrationClientSchema, ...lookupErrors },
  }),
  changeSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/integration-clients/settings',
    permission: 'integration-clients:write',
    tags,
    summary: 'Say whether the trust’s laboratory systems send a date of birth with each result',
    description:
      'Example: {"labMessagesWithoutBirthDate":true}. Off (the default), a result whose patient has no date of birth (HL7 PID-7, FHIR Patient.birthDate) is refused; on, it is matched by NHS number alone. A result whose date of birth is not the pathway’s is refused either way (decision 0055). In the change log when it changes.',
    params: trustPathSchema,
    body: labMessageSettingsSchema,
    response: { 200: labMessageSettingsSchema, ...lookupErrors, ...requestErrors },
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/integration-clients/messages',
    permission: 'integration-clients:read',
    tags,
    summary: 'The messages the trust’s integration clients sent, newest first, 20 a page',
    description:
      'What each message was and what was done with it: its counts and the refusal or notes in words. Never a patient’s identifiers or values.',
    params: trustPathSchema,
    querystring: integrationMessagesQuerySchema,
    response: { 200: integrationMessagesPageSchema, ...lookupErrors },
  }),
};
