import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import { optimisationRequestSchema, pathwayOptimisationSchema } from '../optimisation.js';
import {
  optimisationRulesRequestSchema,
  optimisationRulesSchema,
  optimisationServicesRequestSchema,
  optimisationServicesSchema,
} from '../optimisation-settings.js';
import {
  optimisationWorklistExportQuerySchema,
  optimisationWorklistQuerySchema,
  optimisationWorklistSchema,
} from '../optimisation-worklist.js';
import { patientParamsSchema } from '../patients.js';
import {
  lookupErrors,
  pathwayPath,
  pdfDownload,
  procedurePathSchema,
  reportDownload,
  trustPathSchema,
} from './shared.js';

const tags = ['optimisation'];
const worklistPath = '/api/trusts/:trust/waiting-list/procedures/:type/optimisation';
const worklistFilters =
  'Filters (all optional, combined with AND on one factor of the pathway): factor (anaemia, smoking, diabetes, nutrition, kidney, blood_pressure, weight), status (identified, referred, in_progress, met, declined, not_possible; without it, the factors not yet closed), overdue (true: not closed and past the due day), surgeonName (any part, ignoring case) and nhsNumber (from the start, spaces ignored).';

/** Waiting well (docs/optimisation.md, decision 0071): a pathway's modifiable risk factors and what was done. */
export const optimisation = {
  worklist: defineEndpoint({
    method: 'GET',
    path: worklistPath,
    permission: 'optimisation:read',
    tags,
    summary:
      'The active pathways with a risk factor to optimise: the nearest TCI date first, then the highest risk, with counts per factor and status',
    description: `${worklistFilters} Each item lists every factor of the pathway with its status, value, due day and whether it is overdue. counts: for each factor, the pathways at each status (the surgeon and NHS number filters apply). Each page read is recorded in the patient access log.`,
    params: procedurePathSchema,
    querystring: optimisationWorklistQuerySchema,
    response: { 200: optimisationWorklistSchema, ...lookupErrors },
  }),
  worklistExport: defineEndpoint({
    method: 'GET',
    path: `${worklistPath}/export`,
    permission: 'optimisation:read',
    tags,
    summary: 'The whole optimisation worklist that matches the filters, one row per factor, as csv or xlsx',
    description: `${worklistFilters} Cells that would start a formula are written as text. Recorded in the change log and the patient access log.`,
    params: procedurePathSchema,
    querystring: optimisationWorklistExportQuerySchema,
    response: { 200: reportDownload(['csv', 'xlsx']), ...lookupErrors },
  }),
  pathway: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/optimisation`,
    permission: 'optimisation:read',
    tags,
    summary: 'The pathway’s modifiable risk factors, their status, due date and dated entries',
    description:
      'Each factor the pathway’s current values show (anaemia, smoking, diabetes, nutrition, kidney, blood_pressure, weight; a blood result only when it is fresh), and each factor with entries. A factor with no entry is identified; its due date is the day before the TCI date when there is one, else the trust’s weeks from identification. Recorded in the patient access log.',
    params: patientParamsSchema,
    response: { 200: pathwayOptimisationSchema, ...lookupErrors },
  }),
  record: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/optimisation`,
    permission: ['optimisation:clinical', 'optimisation:administrative'],
    tags,
    summary: 'Records what happened to a risk factor: referred, in progress, met, declined or not possible',
    description:
      'Example: {"factor":"anaemia","status":"referred","service":"Pre-operative anaemia clinic","note":"Iron studies requested"}. Clinicians record every status; waiting list admins record referred, in_progress and declined. A new dated entry, never changing an earlier one; recorded in the change log and the patient access log. 409 when the pathway is archived, or the factor is closed or was not found.',
    params: patientParamsSchema,
    body: optimisationRequestSchema,
    response: { 200: pathwayOptimisationSchema, ...lookupErrors, 409: errorResponseSchema },
  }),
  gpLetter: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/optimisation/gp-letter`,
    permission: 'optimisation:read',
    tags,
    summary:
      'A letter to the patient’s GP naming each open risk factor with its value and date, the guidance and what is asked (PDF)',
    description: 'Recorded in the patient access log.',
    params: patientParamsSchema,
    response: { 200: pdfDownload, ...lookupErrors },
  }),
  patientLeaflet: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/optimisation/patient-leaflet`,
    permission: 'optimisation:read',
    tags,
    summary:
      'A page for the patient, in plain words: what they can do before their operation for each open risk factor, and who can help (PDF)',
    description:
      'Each factor not closed: what was found and what the patient can do, the service it was referred to with the trust’s contact for it (else to ask the hospital team), and the day to do it by; for weight, that it never delays the operation (NICE NG226). A pathway with no open factor gets a page saying there is nothing to do now. Recorded in the patient access log.',
    params: patientParamsSchema,
    response: { 200: pdfDownload, ...lookupErrors },
  }),
  rules: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/optimisation/rules',
    permission: ['optimisation:read', 'optimisation:settings'],
    tags,
    summary: 'The trust’s optimisation thresholds (the defaults unless it set its own)',
    description:
      'Defaults: haemoglobin below 130 g/L, albumin below 35 g/L, eGFR below 30, body mass index from 40, due 12 weeks after identification without a TCI date.',
    params: trustPathSchema,
    response: { 200: optimisationRulesSchema, ...lookupErrors },
  }),
  changeRules: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/optimisation/rules',
    permission: 'optimisation:settings',
    tags,
    summary: 'Sets the trust’s optimisation thresholds (trust admins), each a whole number in its range',
    description:
      'Example: {"haemoglobinBelow":130,"albuminBelow":35,"egfrBelow":30,"bmiFrom":40,"dueWeeks":12}. A threshold left out keeps its value. Recorded in the change log; applies at the next read.',
    params: trustPathSchema,
    body: optimisationRulesRequestSchema,
    response: { 200: optimisationRulesSchema, ...lookupErrors },
  }),
  services: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/optimisation/services',
    permission: ['optimisation:read', 'optimisation:settings'],
    tags,
    summary:
      'The services the trust refers to, by factor (the defaults unless it set its own), and how patients contact them',
    description:
      'contacts: the line the patient’s page gives for each service that has one, by the service’s name (none unless the trust set them).',
    params: trustPathSchema,
    response: { 200: optimisationServicesSchema, ...lookupErrors },
  }),
  changeServices: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/optimisation/services',
    permission: 'optimisation:settings',
    tags,
    summary:
      'Sets the services the trust refers to, for the factors sent, and their contacts for patients (trust admins)',
    description:
      'Example: {"services":{"anaemia":["Pre-operative anaemia clinic","GP practice"]},"contacts":{"Pre-operative anaemia clinic":"Call 01632 960 123, Monday to Friday, 9am to 5pm"}}. contacts, when sent, replaces every contact, each naming a service listed after the change (400 otherwise); a blank contact is none. Recorded in the change log. Referrals already made keep the service they named.',
    params: trustPathSchema,
    body: optimisationServicesRequestSchema,
    response: { 200: optimisationServicesSchema, ...lookupErrors },
  }),
};
