import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import {
  outcomeRequestSchema,
  outcomesDecisionSchema,
  outcomesUploadsQuerySchema,
  outcomesUploadsSchema,
  outcomesUploadStatusSchema,
  outcomesValidationSummaryQuerySchema,
  outcomesValidationSummarySchema,
  pathwayOutcomesSchema,
} from '../outcomes.js';
import { patientParamsSchema } from '../patients.js';
import { batchIdBodySchema } from '../waiting-list.js';
import { lookupErrors, pathwayPath, procedurePathSchema } from './shared.js';
import { uploadBatchEndpoints } from './upload-batch.js';

const files = '/api/trusts/:trust/waiting-list/procedures/:type/outcomes';
const tags = ['outcomes'];

/**
 * Outcomes after surgery (docs/model-monitoring.md, decision 0045): the outcomes file's upload,
 * validation and confirm, as the waiting list's; and one pathway's outcome, read and recorded.
 */
export const outcomes = {
  uploads: defineEndpoint({
    method: 'GET',
    path: `${files}/uploads/`,
    permission: 'outcomes:import',
    tags,
    summary: 'The procedure’s outcomes files, newest first',
    params: procedurePathSchema,
    querystring: outcomesUploadsQuerySchema,
    response: { 200: outcomesUploadsSchema, ...lookupErrors },
  }),
  ...uploadBatchEndpoints({
    files,
    tags,
    importPermission: 'outcomes:import',
    readPermission: 'outcomes:import',
    wording: {
      upload: {
        summary: 'Upload an outcomes file (multipart: outcomesFile)',
        description:
          'csv, xlsx or xls up to the configured size (50 MB by default), read by the same tolerant readers as the waiting list. 202 with the batch to poll; validation runs as a job. 400 gives the error on the file field; 409 while the service is busy for this procedure.',
      },
      uploadStatus: {
        summary: 'Validation status of an outcomes file',
        description:
          'Example: {"batchId":"…","batchStatus":"VALIDATED","fileName":"theatre-outcomes.csv","status":"VALIDATED_WITH_ERRORS","totals":{"rows":412,"valid":409,"invalid":3,"error":0,"warnings":5}}',
      },
      validationSummary: {
        summary: 'What validation found: totals, columns, a page of invalid rows, warnings, matches',
        description:
          'A row that matches no pathway of the trust and procedure (active or archived) is a warning and is skipped. changes says what the confirm will do (or did): outcomes recorded, corrected, unchanged, and active pathways archived as operated.',
      },
      cancelImport: { summary: 'Cancel an outcomes upload: nothing of it is kept' },
      confirmImport: {
        summary: 'Confirm an outcomes upload: its outcomes are recorded, operated pathways archived',
        description:
          'The latest upload wins for a pathway; earlier outcomes stay in its history. An active pathway is archived with its date of operation and the date removed. 200 when done, or when it was already confirmed (idempotent); 409 while validating or once cancelled; 422 when the file has errors.',
      },
    },
    schemas: {
      uploadStatus: outcomesUploadStatusSchema,
      validationSummaryQuery: outcomesValidationSummaryQuerySchema,
      validationSummary: outcomesValidationSummarySchema,
      decision: outcomesDecisionSchema,
      confirmBody: batchIdBodySchema,
      confirmed: { 200: outcomesDecisionSchema },
    },
  }),
  pathwayOutcome: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/outcome`,
    permission: 'outcomes:read',
    tags,
    summary: 'The pathway’s outcome after surgery, the prediction it is judged against, and its history',
    description: 'Recorded in the patient access log.',
    params: patientParamsSchema,
    response: { 200: pathwayOutcomesSchema, ...lookupErrors },
  }),
  recordOutcome: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/outcome`,
    permission: 'outcomes:record',
    tags,
    summary: 'Record or correct the pathway’s outcome after surgery (clinicians)',
    description:
      'Example: {"dateOfOperation":"2026-10-03","complication90Days":"yes","complicationType":"Deep wound infection","readmission30Days":"yes","lengthOfStayDays":"6","death90Days":"no"}. An active pathway is archived as operated. 422 when the date is in the future or before the referral date. In the change log.',
    params: patientParamsSchema,
    body: outcomeRequestSchema,
    response: { 200: pathwayOutcomesSchema, 422: errorResponseSchema, ...lookupErrors },
  }),
};
