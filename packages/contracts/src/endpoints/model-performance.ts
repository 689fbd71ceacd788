import { defineEndpoint } from '../endpoint.js';
import {
  groupsQuerySchema,
  modelPerformanceGroupsSchema,
  modelPerformanceQuerySchema,
  modelPerformanceSchema,
  monitoringSettingsRequestSchema,
  monitoringSettingsSchema,
  nationalPerformanceSchema,
  nationalQuerySchema,
} from '../model-performance.js';
import { lookupErrors, procedurePathSchema, requestErrors, trustPathSchema } from './shared.js';

const base = '/api/trusts/:trust/procedures/:type/model-performance';
const tags = ['model performance'];
const period =
  'from and to (YYYY-MM-DD, both optional, inclusive) bound the date of operation; modelVersion keeps the outcomes judged against that version’s predictions (default: all versions).';

/**
 * Model monitoring (docs/model-monitoring.md, decision 0045): the model's predictions judged against
 * the trust's recorded outcomes, overall, by group, and across trusts for super admins.
 */
export const modelPerformance = {
  figures: defineEndpoint({
    method: 'GET',
    path: base,
    permission: 'model-performance:read',
    tags,
    summary:
      'The model judged against the trust’s outcomes: O/E, calibration, AUROC, Brier, bands, deciles, VLAD, CUSUM',
    description: `${period} Each outcome is judged against the latest evaluation made on or before its day of operation; outcomes with none are counted in excluded. Figures are exact and computed from the stored probabilities. enoughEvents is false below 100 complications.`,
    params: procedurePathSchema,
    querystring: modelPerformanceQuerySchema,
    response: { 200: modelPerformanceSchema, ...lookupErrors },
  }),
  groups: defineEndpoint({
    method: 'GET',
    path: `${base}/groups`,
    permission: 'model-performance:read',
    tags,
    summary: 'The same figures per group: by sex, ethnic group or age band at operation',
    description: `by is sex, ethnicGroup or ageBand (the values the model saw). ${period} A group of fewer than 10 shows n as "hidden" and nothing else; so does the next smallest group (or more) wherever the whole list's figures less the shown groups' would give a hidden group's figures away. A group with no outcomes shows 0. A group is flagged when its O/E interval excludes 1 or its AUROC differs from the whole list’s by more than 0.05.`,
    params: procedurePathSchema,
    querystring: groupsQuerySchema,
    response: { 200: modelPerformanceGroupsSchema, ...lookupErrors },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/model-performance/settings',
    permission: 'model-performance:read',
    tags,
    summary: 'The trust’s monitoring settings: the CUSUM threshold (default 4.5)',
    params: trustPathSchema,
    response: { 200: monitoringSettingsSchema, ...lookupErrors },
  }),
  changeSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/model-performance/settings',
    permission: 'model-performance:settings',
    tags,
    summary: 'Change the trust’s CUSUM threshold (trust admins and technical admins)',
    description: 'Example: {"cusumThreshold":4.5}. Between 0.5 and 20. In the change log.',
    params: trustPathSchema,
    body: monitoringSettingsRequestSchema,
    response: { 200: monitoringSettingsSchema, ...lookupErrors },
  }),
  national: defineEndpoint({
    method: 'GET',
    path: '/api/model-performance',
    permission: 'model-performance:national',
    tags,
    summary:
      'Every trust’s observed against expected for a procedure, with funnel-plot limits (super admins)',
    description:
      'procedure is knee, hip or knee-hip; from and to bound the date of operation. Per trust: n, events, expected (the sum of the judged probabilities), O/E, and the 95% and 99.8% limits at its expected count.',
    querystring: nationalQuerySchema,
    response: { 200: nationalPerformanceSchema, ...requestErrors },
  }),
};
