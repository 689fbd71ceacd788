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
  signalAcknowledgementRequestSchema,
} from '../model-performance.js';
import {
  optimisationAssociationText,
  optimisationPerformanceQuerySchema,
  optimisationPerformanceSchema,
} from '../model-performance-optimisation.js';
import { errorResponseSchema } from '../errors.js';
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
      'The model judged against the trust’s outcomes: O/E, calibration, AUROC, Brier, bands, deciles, VLAD, CUSUMs',
    description: `${period} Each outcome is judged against the latest evaluation made before its day of operation; outcomes with none are counted in excluded. An outcome counts only once the model's follow-up (90 days) has passed since the operation, or not while its complication is "Not known yet": such outcomes are counted in pending, with the next day some count (decision 0059). Figures are exact and computed from the stored probabilities. enoughEvents is false below 100 complications. The two CUSUMs restart after each signal; their thresholds come from the trust's target run length on its case mix, and openSignals lists the whole list's signals no clinical safety officer has acknowledged (decision 0061).`,
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
    description: `by is sex, ethnicGroup or ageBand (the values the model saw). ${period} A group of fewer than 10 shows n as "hidden" and nothing else; so does the next smallest group (or more) wherever the whole list's figures less the shown groups' would give a hidden group's figures away. A group with no outcomes shows 0. Each group shown is compared with the rest of the list (againstRest): the ratio of O/E, the calibration-in-the-large difference and the AUROC difference (DeLong, independent samples), each with its 95% interval and a p-value Holm-adjusted across the groups shown; it is flagged when a difference is significant (adjusted p < 0.05) and larger than its material size: O/E ratio outside 0.8–1.25, calibration difference beyond ±0.2, AUROC more than 0.05 lower (decision 0062).`,
    params: procedurePathSchema,
    querystring: groupsQuerySchema,
    response: { 200: modelPerformanceGroupsSchema, ...lookupErrors },
  }),
  optimisation: defineEndpoint({
    method: 'GET',
    path: `${base}/optimisation`,
    permission: 'model-performance:read',
    tags,
    summary:
      'Risk factors optimised before surgery: found, referred, met before the operation, days to met, by group; complications met against not met',
    description: `Descriptive, per factor (anaemia, smoking, diabetes, nutrition, kidney, blood_pressure, weight; docs/optimisation.md, decision 0075). The pathways counted are the active ones and the operated ones (with a current outcome); with from or to (YYYY-MM-DD, inclusive, the date of operation) only the operated ones in that period. found: pathways with an entry for the factor, or whose values show it: an active pathway's values now, an operated pathway's values in the evaluation its outcome is judged against, on the day it was made (none for an outcome without one). referred: with a referred entry. operated: with a current outcome. metBeforeOperation: operated, with a met entry dated (London) on or before the day of operation. met and medianDaysToMet: with a met entry, and the median days from identification (the earlier of the first entry's day and the day it was found: the value's sample day, or the day the pathway was first listed) to the first met entry. by is sex, ethnicGroup or ageBand: active pathways by their record now (age today), operated ones as the fairness table groups them (at operation); a group of fewer than 10 found shows found as "hidden" and nothing else, and so does the next smallest (or more) wherever the factor's counts less the shown groups' would give a hidden group away; a group with no one shows 0. complications: the operated patients with the factor whose outcome counts (follow-up complete, complication known; decision 0059), met before the operation against not met, each with its Wilson 95% interval; a side under 10 is hidden, and so then is the other. ${optimisationAssociationText}`,
    params: procedurePathSchema,
    querystring: optimisationPerformanceQuerySchema,
    response: { 200: optimisationPerformanceSchema, ...lookupErrors },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/model-performance/settings',
    permission: 'model-performance:read',
    tags,
    summary: 'The trust’s monitoring settings: operations between false alarms of the CUSUMs (default 5,000)',
    params: trustPathSchema,
    response: { 200: monitoringSettingsSchema, ...lookupErrors },
  }),
  changeSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/model-performance/settings',
    permission: 'model-performance:settings',
    tags,
    summary: 'Set the operations between false alarms of the CUSUMs (clinical safety officers)',
    description:
      'Example: {"cusumTargetRunLength":5000}. A whole number from 500 to 100,000: each chart’s threshold is chosen so that a model predicting as it should signals once in that many operations on average, on the trust’s own case mix. In the change log.',
    params: trustPathSchema,
    body: monitoringSettingsRequestSchema,
    response: { 200: monitoringSettingsSchema, ...lookupErrors },
  }),
  acknowledgeSignal: defineEndpoint({
    method: 'POST',
    path: `${base}/signals`,
    permission: 'model-performance:signals',
    tags,
    summary: 'Acknowledge a CUSUM signal with a note (clinical safety officers)',
    description:
      'Example: {"direction":"worse","date":"2026-07-28","note":"Reviewed with the surgical leads."}. The signal must be one of the whole list’s (404 otherwise) and not acknowledged already (409). Answers the figures, the signal acknowledged. In the change log.',
    params: procedurePathSchema,
    body: signalAcknowledgementRequestSchema,
    response: { 200: modelPerformanceSchema, 409: errorResponseSchema, ...lookupErrors },
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
