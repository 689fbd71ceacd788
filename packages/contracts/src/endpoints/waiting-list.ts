import { defineEndpoint } from '../endpoint.js';
import {
  confirmImportBodySchema,
  importDecisionSchema,
  importFileDownloadQuerySchema,
  procedureCountersSchema,
  serviceStatusSchema,
  toBeArchivedQuerySchema,
  toBeArchivedSchema,
  uploadHistoryQuerySchema,
  uploadHistorySchema,
  uploadStatusSchema,
  validationSummaryQuerySchema,
  validationSummarySchema,
  waitingListDashboardSchema,
} from '../waiting-list.js';
import { lookupErrors, procedurePathSchema, reportDownload, trustPathSchema } from './shared.js';
import { uploadBatchEndpoints } from './upload-batch.js';

const base = '/api/trusts/:trust/waiting-list';
const files = `${base}/procedures/:type/files`;
const tags = ['waiting list'];

/**
 * docs/requirements.md §7 waiting-list import calls, under the signed-in user's trust; clerical users
 * of the trust only (§6). The files calls end in a slash, as §7 writes them.
 */
export const waitingList = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: `${base}/dashboard`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Counters of the trust’s active and archived pathways, all procedures',
    params: trustPathSchema,
    response: { 200: waitingListDashboardSchema, ...lookupErrors },
  }),
  uploadHistory: defineEndpoint({
    method: 'GET',
    path: `${base}/upload-history`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Uploaded files, newest first (one row per file)',
    params: trustPathSchema,
    querystring: uploadHistoryQuerySchema,
    response: { 200: uploadHistorySchema, ...lookupErrors },
  }),
  serviceStatus: defineEndpoint({
    method: 'GET',
    path: `${base}/procedures/:type/batch-inferencing/status`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Service status: busy while an upload is validated or confirmed or the list is scored',
    params: procedurePathSchema,
    response: { 200: serviceStatusSchema, ...lookupErrors },
  }),
  procedureCounters: defineEndpoint({
    method: 'GET',
    path: `${base}/procedures/:type/manage/`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Counters of one procedure’s active list: total, processed and failed',
    params: procedurePathSchema,
    response: { 200: procedureCountersSchema, ...lookupErrors },
  }),
  ...uploadBatchEndpoints({
    files,
    tags,
    importPermission: 'waiting-list:import',
    readPermission: 'waiting-list:read',
    wording: {
      upload: {
        summary:
          'Upload a waiting list and its blood tests (multipart: waitingListDataFile, bloodTestDataFile)',
        description:
          'csv, xlsx or xls, each up to the configured size (50 MB by default). 202 with the batch to poll; validation runs as a job. 400 gives errors per file field; 409 while the service is busy for this procedure.',
      },
      uploadStatus: { summary: 'Validation status of each file of an upload' },
      validationSummary: {
        summary: 'What validation found in each file: totals, columns, a page of invalid rows, warnings',
      },
      cancelImport: { summary: 'Cancel an upload: its staged rows are discarded' },
      confirmImport: {
        summary: 'Confirm an upload: its rows become the active list, then every pathway is scored',
        description:
          '202 when accepted, 200 when it was already confirmed (idempotent). 409 while validating or once cancelled; 422 unless both files validated without errors. ' +
          'When the validation summary has an archiveWarning, archiveCount must be its number: without it, or with another number, 409 whose detail is the warning’s sentence and errors.archiveCount says what to do (decision 0053).',
      },
    },
    schemas: {
      uploadStatus: uploadStatusSchema,
      validationSummaryQuery: validationSummaryQuerySchema,
      validationSummary: validationSummarySchema,
      decision: importDecisionSchema,
      confirmBody: confirmImportBodySchema,
      confirmed: { 200: importDecisionSchema, 202: importDecisionSchema },
    },
  }),
  toBeArchived: defineEndpoint({
    method: 'GET',
    path: `${files}/to-be-archived/`,
    permission: 'waiting-list:read',
    tags,
    summary: 'A page of the active pathways the upload’s list no longer holds: its confirm archives them',
    description:
      'Sorted by surname, forename and NHS number. Empty unless the upload can be confirmed. Each pathway listed is recorded in the patient access log.',
    params: procedurePathSchema,
    querystring: toBeArchivedQuerySchema,
    response: { 200: toBeArchivedSchema, ...lookupErrors },
  }),
  rowsWithErrorsExport: defineEndpoint({
    method: 'GET',
    path: `${files}/rows-with-errors/`,
    permission: 'waiting-list:read',
    tags,
    summary: 'CSV of one file’s rows with errors: the row number, the reasons, and the row’s cells',
    description:
      'file is waitingList or bloodTest. Cells are as the file had them, cut to 100 characters. The download is recorded in the change log.',
    params: procedurePathSchema,
    querystring: importFileDownloadQuerySchema,
    response: { 200: reportDownload(['csv']), ...lookupErrors },
  }),
  warningsExport: defineEndpoint({
    method: 'GET',
    path: `${files}/warnings/`,
    permission: 'waiting-list:read',
    tags,
    summary: 'CSV of every warning of one file of an upload: the row number, the field and the warning',
    description: 'file is waitingList or bloodTest. The download is recorded in the change log.',
    params: procedurePathSchema,
    querystring: importFileDownloadQuerySchema,
    response: { 200: reportDownload(['csv']), ...lookupErrors },
  }),
};
