import type { z } from 'zod';
import { errorResponseSchema } from '../errors.js';
import { defineEndpoint, type EndpointPermission, type EndpointResponse } from '../endpoint.js';
import { batchIdBodySchema, batchIdQuerySchema, uploadAcceptedSchema } from '../waiting-list.js';
import { lookupErrors, procedurePathSchema } from './shared.js';

/** An operation's words in the OpenAPI document. */
interface Wording {
  readonly summary: string;
  readonly description?: string;
}

/** What one kind of upload says at each step of the lifecycle. */
interface UploadBatchWording {
  readonly upload: Wording & { readonly description: string };
  readonly uploadStatus: Wording;
  readonly validationSummary: Wording;
  readonly cancelImport: Wording;
  readonly confirmImport: Wording;
}

/**
 * The lifecycle of an upload batch (decisions 0023 and 0045), shared by the waiting list and the
 * outcomes file: the upload is accepted and validated as a job, its status polled, what validation
 * found summarised, then the upload cancelled or confirmed. Each kind of upload gives its path,
 * permissions, words and schemas; the methods, step paths, limits and error answers are the same.
 */
export function uploadBatchEndpoints<
  Status extends z.ZodType,
  SummaryQuery extends z.ZodType,
  Summary extends z.ZodType,
  Decision extends z.ZodType,
  ConfirmBody extends z.ZodType,
  Confirmed extends Readonly<Record<number, EndpointResponse>>,
>(steps: {
  /** The calls' path up to the step's own name, e.g. `…/procedures/:type/files`. */
  readonly files: `/api/${string}`;
  readonly tags: readonly string[];
  /** Held to upload, cancel and confirm. */
  readonly importPermission: EndpointPermission;
  /** Held to follow the validation. */
  readonly readPermission: EndpointPermission;
  readonly wording: UploadBatchWording;
  readonly schemas: {
    readonly uploadStatus: Status;
    readonly validationSummaryQuery: SummaryQuery;
    readonly validationSummary: Summary;
    /** The answer to a cancel, and to a confirm within `confirmed`. */
    readonly decision: Decision;
    readonly confirmBody: ConfirmBody;
    /** The confirm's success answers; its refusals are the same for every upload. */
    readonly confirmed: Confirmed;
  };
}) {
  const { files, tags, importPermission, readPermission, wording, schemas } = steps;
  return {
    /** Its body limit follows the configured file size, so the API sets it when it registers the route. */
    upload: defineEndpoint({
      method: 'POST',
      path: `${files}/upload/`,
      permission: importPermission,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      tags,
      ...wording.upload,
      consumes: ['multipart/form-data'],
      params: procedurePathSchema,
      response: { 202: uploadAcceptedSchema, 409: errorResponseSchema, ...lookupErrors },
    }),
    uploadStatus: defineEndpoint({
      method: 'GET',
      path: `${files}/upload-status/`,
      permission: readPermission,
      tags,
      ...wording.uploadStatus,
      params: procedurePathSchema,
      querystring: batchIdQuerySchema,
      response: { 200: schemas.uploadStatus, ...lookupErrors },
    }),
    validationSummary: defineEndpoint({
      method: 'GET',
      path: `${files}/validation-summary/`,
      permission: readPermission,
      tags,
      ...wording.validationSummary,
      params: procedurePathSchema,
      querystring: schemas.validationSummaryQuery,
      response: { 200: schemas.validationSummary, ...lookupErrors },
    }),
    cancelImport: defineEndpoint({
      method: 'POST',
      path: `${files}/cancel_import/`,
      permission: importPermission,
      tags,
      ...wording.cancelImport,
      params: procedurePathSchema,
      body: batchIdBodySchema,
      response: { 200: schemas.decision, 409: errorResponseSchema, ...lookupErrors },
    }),
    confirmImport: defineEndpoint({
      method: 'POST',
      path: `${files}/confirm_import/`,
      permission: importPermission,
      tags,
      ...wording.confirmImport,
      params: procedurePathSchema,
      body: schemas.confirmBody,
      response: {
        ...schemas.confirmed,
        409: errorResponseSchema,
        422: errorResponseSchema,
        ...lookupErrors,
      },
    }),
  };
}
