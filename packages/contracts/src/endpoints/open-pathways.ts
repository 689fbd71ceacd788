import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  activeExportQuerySchema,
  activeRecordsQuerySchema,
  activeRecordsSchema,
  archivedExportQuerySchema,
  archivedRecordsSchema,
  failedRecordsSchema,
  pageOnlyQuerySchema,
  processedCountsSchema,
  processedExportQuerySchema,
  reportFieldsSchema,
} from '../open-pathways.js';
import { procedureCodeParam } from '../path-params.js';
import { lookupErrors, procedurePathSchema, reportDownload, trustPathSchema } from './shared.js';

const base = '/api/trusts/:trust/waiting-list';
const records = `${base}/procedures/:type/manage/records`;
const tags = ['open pathways'];

/**
 * docs/requirements.md §7 open-pathway calls: the counters, the active, failed and archived lists,
 * the report fields and the exports; under the signed-in user's trust but for the fields, and for
 * clerical users of the trust only (§6).
 */
export const openPathways = {
  processedCounts: defineEndpoint({
    method: 'GET',
    path: `${base}/procedures/:type/manage/processed`,
    permission: 'waiting-list:read',
    tags,
    summary:
      'Processed pathways of one procedure’s active list: total, high, medium and low risk; and those incomplete or outside the model’s population',
    params: procedurePathSchema,
    response: { 200: processedCountsSchema, ...lookupErrors },
  }),
  activeRecords: defineEndpoint({
    method: 'GET',
    path: `${records}/active`,
    permission: 'waiting-list:read',
    tags,
    summary:
      'A page of one procedure’s active pathways, filtered and sorted (by default the longest wait first)',
    description:
      'The ten filters are optional and combined with AND. NHS number and local patient identifier (hospitalNumber) match from the start, surgeon name any part of the name, ignoring case and spaces in NHS numbers; dates are YYYY-MM-DD and match exactly; prediction means processed with that risk; missingInputs yes means the model was given a default for an input the record lacks (decision 0057). An incomplete or excluded record has no prediction nor probability: statusDetail says why. sort is risk (the probability), wait (days since referral), tciDate or surname; direction is asc or desc (by default the highest risk, the longest wait, the earliest TCI date, surnames from A). Records without a value come last either way; the id breaks ties.',
    params: procedurePathSchema,
    querystring: activeRecordsQuerySchema,
    response: { 200: activeRecordsSchema, ...lookupErrors },
  }),
  failedRecords: defineEndpoint({
    method: 'GET',
    path: `${records}/failed`,
    permission: 'waiting-list:read',
    tags,
    summary: 'A page of one procedure’s active pathways that could not be scored, latest first',
    params: procedurePathSchema,
    querystring: pageOnlyQuerySchema,
    response: { 200: failedRecordsSchema, ...lookupErrors },
  }),
  allFailedRecords: defineEndpoint({
    method: 'GET',
    path: `${base}/manage/records/failed`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Open pathways error history: active pathways of every procedure that could not be scored',
    params: trustPathSchema,
    querystring: pageOnlyQuerySchema,
    response: { 200: failedRecordsSchema, ...lookupErrors },
  }),
  archivedRecords: defineEndpoint({
    method: 'GET',
    path: `${base}/manage/records/archived`,
    permission: 'waiting-list:read',
    tags,
    summary: 'A page of the trust’s archived pathways (every procedure), most recently removed first',
    params: trustPathSchema,
    querystring: pageOnlyQuerySchema,
    response: { 200: archivedRecordsSchema, ...lookupErrors },
  }),
  /** The same for every trust: the fields a waiting list has. */
  reportFields: defineEndpoint({
    method: 'GET',
    path: '/api/waiting-list/procedures/:type/manage/records/active/fields',
    permission: 'waiting-list:read',
    tags,
    summary: 'The fields a report of active pathways can hold, with their labels',
    params: z.object({ type: procedureCodeParam }),
    response: { 200: reportFieldsSchema, ...lookupErrors },
  }),
  activeExport: defineEndpoint({
    method: 'GET',
    path: `${records}/active/export`,
    permission: 'waiting-list:read',
    tags,
    summary: 'Report of the active pathways that match the filters: csv, xlsx or pdf',
    description:
      'fields lists report field keys (see …/active/fields) in the order the report shows them, comma-separated (fields=nhsNumber,lastName) or repeated (fields=nhsNumber&fields=lastName). The filters are the active list’s. The prediction of an incomplete or excluded record says why it has none ("Incomplete: haemoglobin not recorded"), never a band; defaultedInputs names the inputs the model was given a default for. The export is recorded in the change log.',
    params: procedurePathSchema,
    querystring: activeExportQuerySchema,
    response: { 200: reportDownload(['csv', 'xlsx', 'pdf']), ...lookupErrors },
  }),
  processedExport: defineEndpoint({
    method: 'GET',
    path: `${records}/processed/export`,
    permission: 'waiting-list:read',
    tags,
    summary: 'CSV of the processed pathways of one procedure, of one risk or (prediction omitted) all',
    params: procedurePathSchema,
    querystring: processedExportQuerySchema,
    response: { 200: reportDownload(['csv']), ...lookupErrors },
  }),
  archivedExport: defineEndpoint({
    method: 'GET',
    path: `${base}/manage/records/archived/export`,
    permission: 'waiting-list:read',
    tags,
    summary: 'CSV of the trust’s archived pathways, most recently removed first',
    params: trustPathSchema,
    querystring: archivedExportQuerySchema,
    response: { 200: reportDownload(['csv']), ...lookupErrors },
  }),
};
