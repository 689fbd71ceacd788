import { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import type { ReportFileType } from '../open-pathways.js';
import { procedureCodeParam, trustCodeParam } from '../path-params.js';
import type { FileResponse } from '../endpoint.js';

/** The error answers the endpoints declare, as sets: every one answers 401 and 403 to a refused caller. */
export const refusedErrors = { 401: errorResponseSchema, 403: errorResponseSchema };
export const requestErrors = { 400: errorResponseSchema, ...refusedErrors };
export const lookupErrors = { ...requestErrors, 404: errorResponseSchema };

/** Path parameters of the calls made under the signed-in user's trust (docs/requirements.md §7). */
export const trustPathSchema = z.object({ trust: trustCodeParam });
export const procedurePathSchema = trustPathSchema.extend({ type: procedureCodeParam });

/** A pathway of the trust's list for a procedure: the calls that read or record what happens to it. */
export const pathwayPath = '/api/trusts/:trust/procedures/:type/patients/:id';

const reportMediaTypes: Record<ReportFileType, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const binary = () => z.string().meta({ format: 'binary' });

/** A report download: its media types, and the headers it always carries. */
export const reportDownload = (fileTypes: ReportFileType[]): FileResponse => ({
  description:
    'The report file, streamed as it is written (Content-Disposition names it; Cache-Control: no-store)',
  content: Object.fromEntries(
    fileTypes.map((fileType) => [reportMediaTypes[fileType], { schema: binary() }]),
  ),
});

/** A patient's risk summary as a PDF. */
export const pdfDownload: FileResponse = {
  description: 'The summary as a PDF (Content-Disposition names it; Cache-Control: no-store)',
  content: { 'application/pdf': { schema: binary() } },
};
