import { defineEndpoint } from '../endpoint.js';
import { scoringSettingsRequestSchema, scoringSettingsSchema } from '../scoring-settings.js';
import { lookupErrors, trustPathSchema } from './shared.js';

const tags = ['scoring'];

/** The trust's scoring settings (decision 0057), for its trust admins. */
export const scoring = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/scoring/settings',
    permission: 'scoring:settings',
    tags,
    summary: 'The trust’s scoring settings: the oldest blood result the model may use, in days (default 90)',
    params: trustPathSchema,
    response: { 200: scoringSettingsSchema, ...lookupErrors },
  }),
  changeSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/scoring/settings',
    permission: 'scoring:settings',
    tags,
    summary: 'Change the oldest blood result the model may use (trust admins)',
    description:
      'Example: {"bloodResultMaxAgeDays":90}. Whole days, 7 to 730. It applies from the next scoring (a confirmed list, a remodel, results from the trust’s systems); predictions already made are not changed. In the change log.',
    params: trustPathSchema,
    body: scoringSettingsRequestSchema,
    response: { 200: scoringSettingsSchema, ...lookupErrors },
  }),
};
