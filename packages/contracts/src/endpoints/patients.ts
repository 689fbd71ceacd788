import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import {
  anomalyRequestSchema,
  anomalyResponseSchema,
  historyEntrySchema,
  historyParamsSchema,
  maxAnomalyReasonLength,
  patientParamsSchema,
  patientSearchQuerySchema,
  patientSearchResponseSchema,
  riskHistoryQuerySchema,
  riskHistorySchema,
  riskSummarySchema,
  surgicalRiskFactorsRequestSchema,
} from '../patients.js';
import { remodelRecordSchema, remodelRequestSchema } from '../remodel.js';
import { identityCorrectionRequestSchema } from '../patient-identity.js';
import { lookupErrors, pdfDownload, trustPathSchema } from './shared.js';

const changeErrors = { ...lookupErrors, 409: errorResponseSchema };
const base = '/api/trusts/:trust/procedures/:type/patients/:id';
const tags = ['patients'];

/**
 * docs/requirements.md §7 patient calls: lookup, risk summary, history, PDFs, the anomaly flag, edit
 * and remodel; clerical users and clinicians of the trust (§6). Every read is written to the access
 * log.
 */
export const patients = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/patients',
    clientTrailingSlash: true,
    permission: 'patients:read',
    tags,
    summary: 'Find a patient’s pathways by NHS number or local patient identifier',
    description:
      'nhsNumber (10 digits, spaces and hyphens allowed, Modulus 11 checked; errors under NHSNumber) or medicalRecordNumber (at most 30 characters; errors under MedicalRecordNumber). 404 with a detail when none is found.',
    params: trustPathSchema,
    querystring: patientSearchQuerySchema,
    response: { 200: patientSearchResponseSchema, ...lookupErrors },
  }),
  riskSummary: defineEndpoint({
    method: 'GET',
    path: `${base}/risk-summary`,
    clientTrailingSlash: true,
    permission: 'patients:read',
    tags,
    summary: 'The pathway’s risk summary: prediction, factors and advice of its current evaluation',
    params: patientParamsSchema,
    response: { 200: riskSummarySchema, ...lookupErrors },
  }),
  riskHistory: defineEndpoint({
    method: 'GET',
    path: `${base}/risk-summary/history`,
    permission: 'patients:read',
    tags,
    summary: 'The pathway’s evaluations, newest first, with the patient’s header',
    params: patientParamsSchema,
    querystring: riskHistoryQuerySchema,
    response: { 200: riskHistorySchema, ...lookupErrors },
  }),
  riskSummaryExport: defineEndpoint({
    method: 'GET',
    path: `${base}/risk-summary/export`,
    permission: 'patients:read',
    tags,
    summary: 'The risk summary as a PDF: a page for the clinical team and one for the patient',
    params: patientParamsSchema,
    response: { 200: pdfDownload, ...lookupErrors },
  }),
  historyEntry: defineEndpoint({
    method: 'GET',
    path: `${base}/history/:historyId`,
    permission: 'patients:read',
    tags,
    summary: 'One past evaluation of the pathway, read-only, with the details the model read',
    params: historyParamsSchema,
    response: { 200: historyEntrySchema, ...lookupErrors },
  }),
  historyEntryExport: defineEndpoint({
    method: 'GET',
    path: `${base}/history/:historyId/export`,
    permission: 'patients:read',
    tags,
    summary: 'One past evaluation as a PDF, named {historyId}_Summary_{timestamp}.pdf',
    params: historyParamsSchema,
    response: { 200: pdfDownload, ...lookupErrors },
  }),
  markAnomaly: defineEndpoint({
    method: 'POST',
    path: `${base}/mark/anomaly`,
    clientTrailingSlash: true,
    permission: 'patients:write',
    tags,
    summary: 'Flags the current result as an anomaly, or unflags it (a toggle)',
    description: `Body {reason}, at most ${maxAnomalyReasonLength} characters (400 under reason). Flagging: optional, why the result is flagged, kept with the flag. Unflagging: required (400 under reason when blank), why the flag is removed, kept with the evaluation and in the change log, while the flag's own reason is cleared.`,
    params: patientParamsSchema,
    body: anomalyRequestSchema,
    response: { 200: anomalyResponseSchema, ...changeErrors },
  }),
  surgicalRiskFactors: defineEndpoint({
    method: 'PUT',
    path: `${base}/surgical-risk-factors`,
    clientTrailingSlash: true,
    permission: 'patients:write',
    tags,
    summary: 'Changes the consultant surgeon, readiness for surgery and social aspects',
    params: patientParamsSchema,
    body: surgicalRiskFactorsRequestSchema,
    response: { 200: riskSummarySchema, ...changeErrors },
  }),
  reviewChanges: defineEndpoint({
    method: 'POST',
    path: `${base}/review-changes`,
    permission: 'patients:review-changes',
    tags,
    summary: 'A clinician marks the changes clerical staff made to the details the model reads as reviewed',
    description:
      'No body. For a clinician of the trust acting as Clinician (the X-Acting-Role header cl, or holding Clinician without Clerical User); 403 for anyone else. 409 when no change by clerical staff waits for review, or the pathway is archived. Written to the change log and the access log; answers the risk summary, its clericalChanges then empty.',
    params: patientParamsSchema,
    response: { 200: riskSummarySchema, ...changeErrors },
  }),
  identityCorrection: defineEndpoint({
    method: 'POST',
    path: `${base}/identity-correction`,
    permission: 'patients:identity-correction',
    tags,
    summary: 'A clinician confirms the pathway’s patient with a corrected date of birth (decision 0055)',
    description:
      'Example: {"dateOfBirth":"1960-07-04","reason":"PAS record checked with the patient: date of birth mistyped at registration"}. For a clinician of the trust acting as Clinician; 403 for anyone else. After it, a waiting-list row with the pathway’s NHS number and this date of birth is this patient (the next upload takes it as the pathway’s date of birth). 400 with errors under dateOfBirth and reason; 409 when the pathway is archived. Written to the change log and the access log; answers the risk summary.',
    params: patientParamsSchema,
    body: identityCorrectionRequestSchema,
    response: { 200: riskSummarySchema, ...changeErrors },
  }),
  remodelRecord: defineEndpoint({
    method: 'GET',
    path: base,
    permission: 'patients:read',
    tags,
    summary: 'The remodel record: the details the model reads, as strings (yes/no as 1/0, unknown empty)',
    params: patientParamsSchema,
    response: { 200: remodelRecordSchema, ...lookupErrors },
  }),
  remodel: defineEndpoint({
    method: 'PUT',
    path: base,
    permission: 'patients:write',
    tags,
    summary: 'Remodel: stores the corrected details and scores them with the active model at once',
    description:
      'Takes the remodel record as GET returns it, with changes: a field left out keeps its value, an empty string means unknown. Read-only fields are accepted and ignored. Every docs/requirements.md §5 range is checked (400 with errors per field; the date of birth under dateOfBirth). Answers the new risk summary.',
    params: patientParamsSchema,
    body: remodelRequestSchema,
    response: { 200: riskSummarySchema, ...changeErrors },
  }),
};
