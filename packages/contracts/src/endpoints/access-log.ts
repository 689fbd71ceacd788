import { accessLogExportQuerySchema, accessLogPageSchema, accessLogQuerySchema } from '../access-log.js';
import { defineEndpoint } from '../endpoint.js';
import { lookupErrors, reportDownload, requestErrors, trustPathSchema } from './shared.js';

/** Decision 0042: who has seen a patient's record. */
export const accessLog = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/access-log',
    clientTrailingSlash: true,
    permission: 'access-log:read',
    tags: ['admin'],
    summary: 'Every access to the pathways of one NHS number in the trust, newest first',
    description:
      'Trust admins of the trust and super admins. nhsNumber is required: 10 digits, spaces and hyphens allowed, Modulus 11 checked (400 under nhsNumber otherwise). Each entry says when, who, in which role and what was seen; nothing else about the patient. The read is itself recorded in the access log.',
    params: trustPathSchema,
    querystring: accessLogQuerySchema,
    response: { 200: accessLogPageSchema, ...requestErrors },
  }),
  // Decision 0066: the search's full result, for a subject access request.
  export: defineEndpoint({
    method: 'GET',
    path: '/api/trusts/:trust/access-log/export',
    permission: 'access-log:read',
    tags: ['admin'],
    summary: 'Every access to the pathways of one NHS number in the trust as at a moment, as CSV',
    description:
      'For a subject access request. The same callers and nhsNumber as the list; every entry recorded up to asAt (the list’s asAt; absent or later: now), newest first, in one CSV (UTF-8 with a byte-order mark, RFC 4180, text cells neutralised against formula injection) with the columns Date and time, User, Role and What they saw. The rows are read from the database 2,000 at a time as the download is taken, so no size is refused. The file is named Access log_YYYYMMDD-HHmmss.csv after asAt in UK time. 404 for a trust that does not exist. The export is recorded in the change log (who, the last four digits of the NHS number, asAt and the row count) before its first byte, and in the access log.',
    params: trustPathSchema,
    querystring: accessLogExportQuerySchema,
    response: { 200: reportDownload(['csv']), ...lookupErrors },
  }),
};
