import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import { patientParamsSchema } from '../patients.js';
import {
  equityQuerySchema,
  equitySchema,
  harmReviewRequestSchema,
  matrixSchema,
  pathwayPrioritisationSchema,
  priorityChangeRequestSchema,
  prioritisationSettingsRequestSchema,
  prioritisationSettingsSchema,
  riskAdjustmentRequestSchema,
  validationRequestSchema,
  worklistExportQuerySchema,
  worklistFilterSchema,
  worklistQuerySchema,
  worklistSchema,
} from '../prioritisation.js';
import { lookupErrors, pathwayPath, procedurePathSchema, reportDownload, trustPathSchema } from './shared.js';

const base = '/api/trusts/:trust/waiting-list/procedures/:type/prioritisation';
const tags = ['prioritisation'];
const changeErrors = { ...lookupErrors, 409: errorResponseSchema };

const filters =
  'Filters (all optional, combined with AND): risk (high, medium, low: the model’s band of a processed pathway; incomplete: scored but a required input is missing, so no band; excluded: outside the model’s population, not scored; not_processed: waiting to be scored or could not be; suspended: scored while the clinical safety officer has suspended the predictions, decision 0063), wait (0-18, 18-52, 52-65, 65-78, 78-104, 104+: weeks since the RTT clock start, in London calendar days), flag (priority_breached, validation_due, harm_review_due, clinician_review_due, clerical_change_unreviewed, missing_inputs, tci_passed, optimisation_open), priority (P1a … P6, or none), surgeonName (any part, ignoring case) and nhsNumber (from the start, spaces ignored).';

/**
 * The prioritisation worklist (docs/prioritisation.md, decision 0044): the risk × wait matrix, the
 * worklist and its export, the equity tables, and what is recorded per pathway: priority changes,
 * validations, harm reviews and the clinician's view of the risk.
 */
export const prioritisation = {
  matrix: defineEndpoint({
    method: 'GET',
    path: `${base}/matrix`,
    permission: 'prioritisation:read',
    tags,
    summary: 'Active pathways counted by risk row (band, or why none) and wait band, with the flag counts',
    description: `${filters} Every cell is present, zeros included. Example: {"cells":[{"risk":"high","wait":"52-65","count":12},…],"flags":{"priority_breached":3,"validation_due":40,"harm_review_due":7,"clinician_review_due":1,"clerical_change_unreviewed":2,"missing_inputs":90,"tci_passed":4,"optimisation_open":120},"total":812,"withoutClockStart":0,"today":"2026-11-27","suspendedOn":null}`,
    params: procedurePathSchema,
    querystring: worklistFilterSchema,
    response: { 200: matrixSchema, ...lookupErrors },
  }),
  worklist: defineEndpoint({
    method: 'GET',
    path: `${base}/worklist`,
    permission: 'prioritisation:read',
    tags,
    summary: 'A page (15) of the active pathways that match the filters, with their wait, risk and flags',
    description: `${filters} sort: priority (default, NHS England’s order: P1a first, none last, then the longest wait), longest_wait (the earliest clock start first) or highest_risk (the model’s probability of a processed pathway; those without a band last); the id breaks ties. Each page read is recorded in the patient access log.`,
    params: procedurePathSchema,
    querystring: worklistQuerySchema,
    response: { 200: worklistSchema, ...lookupErrors },
  }),
  worklistExport: defineEndpoint({
    method: 'GET',
    path: `${base}/worklist/export`,
    permission: 'prioritisation:read',
    tags,
    summary: 'The whole worklist that matches the filters, as csv or xlsx',
    description: `${filters} Cells that would start a formula are written as text. The export is recorded in the change log and the patient access log.`,
    params: procedurePathSchema,
    querystring: worklistExportQuerySchema,
    response: { 200: reportDownload(['csv', 'xlsx']), ...lookupErrors },
  }),
  equity: defineEndpoint({
    method: 'GET',
    path: `${base}/equity`,
    permission: 'prioritisation:read',
    tags,
    summary: 'Waits of the active list by sex, ethnic group or age band, overall and by priority',
    description:
      'by: sex, ethnicGroup (White, Mixed, Asian, Black, Other, Not stated) or ageBand (Under 50, 50 to 59, 60 to 69, 70 to 79, 80 and over, Not known). Per group: n, medianDaysWaited, over18Weeks and over52Weeks (counts), and the same per priority code. A group (or a group’s priority row) of fewer than 10 pathways shows n as "hidden" and no figures; so do the next smallest (or more) wherever the group’s total, the number at each priority or the list’s size less the shown figures would give a hidden one away. A group or priority row with no pathways is left out, unless it is hidden for that reason.',
    params: procedurePathSchema,
    querystring: equityQuerySchema,
    response: { 200: equitySchema, ...lookupErrors },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/prioritisation/settings',
    permission: ['prioritisation:read', 'prioritisation:settings'],
    tags,
    summary: 'The trust’s harm-review thresholds in weeks (52, 78 and 104 unless the trust sets its own)',
    params: trustPathSchema,
    response: { 200: prioritisationSettingsSchema, ...lookupErrors },
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/api/trusts/:trust/prioritisation/settings',
    permission: 'prioritisation:settings',
    tags,
    summary: 'Sets the trust’s harm-review thresholds: 1 to 5 whole numbers of weeks between 1 and 260',
    description: 'Example: {"harmReviewThresholdWeeks":[40,52,78,104]}. Recorded in the change log.',
    params: trustPathSchema,
    body: prioritisationSettingsRequestSchema,
    response: { 200: prioritisationSettingsSchema, ...lookupErrors },
  }),
  pathway: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/prioritisation`,
    permission: 'prioritisation:read',
    tags,
    summary:
      'The pathway’s priority, wait, validation and harm-review status, risk adjustment and their history',
    params: patientParamsSchema,
    response: { 200: pathwayPrioritisationSchema, ...lookupErrors },
  }),
  changePriority: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/priority`,
    permission: 'prioritisation:clinical',
    tags,
    summary: 'Changes the pathway’s clinical priority, with the reason (clinicians)',
    description:
      'Example: {"priorityCode":"P2","reason":"Pain now uncontrolled"}. While a clinician’s review is due after a P1a, P1b or P2 pathway was postponed at the patient’s request, the current priority may be given to confirm the postponement; either decision ends the review. 409 when the pathway is archived.',
    params: patientParamsSchema,
    body: priorityChangeRequestSchema,
    response: { 200: pathwayPrioritisationSchema, ...changeErrors },
  }),
  recordValidation: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/validations`,
    permission: 'prioritisation:validate',
    tags,
    summary: 'Records an administrative validation: remain, postpone (P5 or P6) or remove',
    description:
      'Example: {"outcome":"remain","contact":"phone","note":"Still wishes to proceed"}. Postpone sets the priority to postponeTo (P5 or P6), and of a P1a, P1b or P2 pathway raises clinician_review_due until a clinician decides its priority, its breach still counted meanwhile; remove, with the clinical decision as the note, takes the pathway off the active list. Clerical users and waiting list admins.',
    params: patientParamsSchema,
    body: validationRequestSchema,
    response: { 200: pathwayPrioritisationSchema, ...changeErrors },
  }),
  recordHarmReview: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/harm-reviews`,
    permission: 'prioritisation:clinical',
    tags,
    summary:
      'Records a harm review; moderate or severe harm with moved_up_category moves the priority up one category',
    description:
      'Example: {"level":"moderate","actions":["moved_up_category","patient_told","gp_told"],"note":"…"}. The move is P4 → P3 → P2 → P1b, never past P1b, in the same transaction.',
    params: patientParamsSchema,
    body: harmReviewRequestSchema,
    response: { 200: pathwayPrioritisationSchema, ...changeErrors },
  }),
  adjustRisk: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/risk-adjustment`,
    permission: 'prioritisation:clinical',
    tags,
    summary: 'Records the clinician’s view of the risk beside the model’s (which it never changes)',
    description: 'Example: {"prediction":"high","reason":"Recent fall not in the record"}.',
    params: patientParamsSchema,
    body: riskAdjustmentRequestSchema,
    response: { 200: pathwayPrioritisationSchema, ...changeErrors },
  }),
  removeRiskAdjustment: defineEndpoint({
    method: 'DELETE',
    path: `${pathwayPath}/risk-adjustment`,
    permission: 'prioritisation:clinical',
    tags,
    summary: 'Removes the clinician’s view of the risk (kept in the history)',
    params: patientParamsSchema,
    response: { 200: pathwayPrioritisationSchema, ...changeErrors },
  }),
};
