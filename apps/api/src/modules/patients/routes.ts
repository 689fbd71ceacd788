import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@esr/contracts/errors';
import {
  anomalyResponseSchema,
  historyEntrySchema,
  historyParamsSchema,
  patientParamsSchema,
  patientSearchQuerySchema,
  patientSearchResponseSchema,
  riskHistoryQuerySchema,
  riskHistorySchema,
  riskSummarySchema,
  surgicalRiskFactorsRequestSchema,
} from '@esr/contracts/patients';
import { remodelRecordSchema, remodelRequestSchema } from '@esr/contracts/remodel';
import { principalOf } from '../identity/index.js';
import { riskSummaryPdf } from './patient-pdf.js';
import {
  historyEntry,
  remodel,
  remodelRecord,
  riskHistory,
  riskSummary,
  searchPatients,
  toggleAnomaly,
  updateSurgicalRiskFactors,
} from './patients.js';
import { procedureName } from '../library/index.js';
import { contentDisposition, reportFileName } from '../reports/index.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const changeErrors = { ...errors, 409: errorResponseSchema };
const base = '/api/trusts/:trust/procedures/:type/patients/:id';
const tags = ['patients'];

const pdfResponse = {
  description: 'The summary as a PDF (Content-Disposition names it; Cache-Control: no-store)',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

function sendPdf(reply: FastifyReply, fileName: string, stream: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

/**
 * spec §7 patient calls: lookup, risk summary, history, PDFs, the anomaly flag, edit and remodel;
 * clerical users and clinicians of the trust (spec §6). Every read is written to the access log.
 */
const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trusts/:trust/patients',
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'Find a patient’s pathways by NHS number or local patient identifier',
        description:
          'nhsNumber (10 digits, spaces and hyphens allowed, Modulus 11 checked; errors under NHSNumber) or medicalRecordNumber (at most 30 characters; errors under MedicalRecordNumber). 404 with a detail when none is found.',
        params: z.object({ trust: z.string().min(1).max(10) }),
        querystring: patientSearchQuerySchema,
        response: { 200: patientSearchResponseSchema, ...errors },
      },
    },
    async (request) => searchPatients(app.db, principalOf(request), request.params.trust, request.query),
  );

  app.get(
    `${base}/risk-summary`,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'The pathway’s risk summary: prediction, factors and advice of its current evaluation',
        params: patientParamsSchema,
        response: { 200: riskSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return riskSummary(app.db, principalOf(request), trust, type, id);
    },
  );

  app.get(
    `${base}/risk-summary/history`,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'The pathway’s evaluations, newest first, with the patient’s header',
        params: patientParamsSchema,
        querystring: riskHistoryQuerySchema,
        response: { 200: riskHistorySchema, ...errors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return riskHistory(app.db, principalOf(request), trust, type, id, request.query);
    },
  );

  app.get(
    `${base}/risk-summary/export`,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'The risk summary as a PDF: a page for the clinical team and one for the patient',
        params: patientParamsSchema,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { trust, type, id } = request.params;
      const principal = principalOf(request);
      const summary = await riskSummary(app.db, principal, trust, type, id, 'summary-pdf');
      const generatedAt = new Date();
      const stream = riskSummaryPdf({
        summary,
        trustName: principal.trustName,
        procedureName: await procedureName(app.db, type),
        generatedAt,
      });
      const name = `${summary.result?.evaluationId ?? id}_Summary`;
      return sendPdf(reply, reportFileName(name, 'pdf', generatedAt), stream);
    },
  );

  app.get(
    `${base}/history/:historyId`,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'One past evaluation of the pathway, read-only, with the details the model read',
        params: historyParamsSchema,
        response: { 200: historyEntrySchema, ...errors },
      },
    },
    async (request) => {
      const { trust, type, id, historyId } = request.params;
      return historyEntry(app.db, principalOf(request), trust, type, id, historyId);
    },
  );

  app.get(
    `${base}/history/:historyId/export`,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'One past evaluation as a PDF, named {historyId}_Summary_{timestamp}.pdf',
        params: historyParamsSchema,
        response: { 200: pdfResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { trust, type, id, historyId } = request.params;
      const principal = principalOf(request);
      const entry = await historyEntry(app.db, principal, trust, type, id, historyId, 'history-pdf');
      const generatedAt = new Date();
      const stream = riskSummaryPdf({
        summary: entry,
        inputs: entry.inputs,
        trustName: principal.trustName,
        procedureName: await procedureName(app.db, type),
        generatedAt,
      });
      return sendPdf(reply, reportFileName(`${historyId}_Summary`, 'pdf', generatedAt), stream);
    },
  );

  app.post(
    `${base}/mark/anomaly`,
    {
      config: { permission: 'patients:write' },
      schema: {
        tags,
        summary: 'Flags the current result as an anomaly, or unflags it (a toggle)',
        params: patientParamsSchema,
        response: { 200: anomalyResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return toggleAnomaly(app.db, principalOf(request), trust, type, id);
    },
  );

  app.put(
    `${base}/surgical-risk-factors`,
    {
      config: { permission: 'patients:write' },
      schema: {
        tags,
        summary: 'Changes the consultant surgeon, readiness for surgery and social aspects',
        params: patientParamsSchema,
        body: surgicalRiskFactorsRequestSchema,
        response: { 200: riskSummarySchema, ...changeErrors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return updateSurgicalRiskFactors(app.db, principalOf(request), trust, type, id, request.body);
    },
  );

  app.get(
    base,
    {
      config: { permission: 'patients:read' },
      schema: {
        tags,
        summary: 'The remodel record: the details the model reads, as strings (yes/no as 1/0, unknown empty)',
        params: patientParamsSchema,
        response: { 200: remodelRecordSchema, ...errors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return remodelRecord(app.db, principalOf(request), trust, type, id);
    },
  );

  app.put(
    base,
    {
      config: { permission: 'patients:write' },
      schema: {
        tags,
        summary: 'Remodel: stores the corrected details and scores them with the active model at once',
        description:
          'Takes the remodel record as GET returns it, with changes: a field left out keeps its value, an empty string means unknown. Read-only fields are accepted and ignored. Every spec §5 range is checked (400 with errors per field; the date of birth under dateOfBirth). Answers the new risk summary.',
        params: patientParamsSchema,
        body: remodelRequestSchema,
        response: { 200: riskSummarySchema, ...changeErrors },
      },
    },
    async (request) => {
      const { trust, type, id } = request.params;
      return remodel(app.db, principalOf(request), trust, type, id, request.body);
    },
  );
};

export default patientRoutes;
