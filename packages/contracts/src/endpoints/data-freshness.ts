import {
  dataFreshnessSchema,
  freshnessSettingsRequestSchema,
  freshnessSettingsSchema,
} from '../data-freshness.js';
import { defineEndpoint } from '../endpoint.js';
import { lookupErrors, refusedErrors, trustPathSchema } from './shared.js';

const tags = ['data freshness'];

/** How fresh the trust's lists and results feed are (decision 0068), and the trust admin's expectations. */
export const dataFreshness = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/data-freshness',
    permission: 'data-freshness:read',
    tags,
    summary:
      'When each list was last uploaded and the results feed last heard from, and whether either is overdue',
    description:
      'Each procedure with a confirmed list: the upload’s time (its data is as at then), the day the next list is expected by, and whether that day has passed. The results feed, while the trust has an enabled integration client: its last message and whether it has been silent longer than the trust allows. Staff see it as "Data as at …" and as a banner; the readiness probe is not affected.',
    params: trustPathSchema,
    response: { 200: dataFreshnessSchema, ...refusedErrors },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/data-freshness/settings',
    permission: 'data-freshness:settings',
    tags,
    summary:
      'How often the trust expects a list, in days (default 7), and how long its results feed may be silent, in hours (default 24)',
    params: trustPathSchema,
    response: { 200: freshnessSettingsSchema, ...lookupErrors },
  }),
  changeSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/data-freshness/settings',
    permission: 'data-freshness:settings',
    tags,
    summary: 'Change how often a list is expected or how long the results feed may be silent (trust admins)',
    description:
      'Example: {"extractEveryDays":7} or {"feedSilenceHours":24}, or both. Whole days 1 to 35; whole hours 1 to 168. Each change is in the change log.',
    params: trustPathSchema,
    body: freshnessSettingsRequestSchema,
    response: { 200: freshnessSettingsSchema, ...lookupErrors },
  }),
};
