import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
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

const { patients } = endpoints;

function sendPdf(reply: FastifyReply, fileName: string, stream: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}

/**
 * docs/requirements.md §7 patient calls: lookup, risk summary, history, PDFs, the anomaly flag, edit
 * and remodel; clerical users and clinicians of the trust (§6). Every read is written to the access
 * log.
 */
const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, patients.search, async (request) =>
    searchPatients(app.db, principalOf(request), request.params.trust, request.query),
  );

  route(app, patients.riskSummary, async (request) => {
    const { trust, type, id } = request.params;
    return riskSummary(app.db, principalOf(request), trust, type, id);
  });

  route(app, patients.riskHistory, async (request) => {
    const { trust, type, id } = request.params;
    return riskHistory(app.db, principalOf(request), trust, type, id, request.query);
  });

  route(app, patients.riskSummaryExport, async (request, reply) => {
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
  });

  route(app, patients.historyEntry, async (request) => {
    const { trust, type, id, historyId } = request.params;
    return historyEntry(app.db, principalOf(request), trust, type, id, historyId);
  });

  route(app, patients.historyEntryExport, async (request, reply) => {
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
  });

  route(app, patients.markAnomaly, async (request) => {
    const { trust, type, id } = request.params;
    return toggleAnomaly(app.db, principalOf(request), trust, type, id);
  });

  route(app, patients.surgicalRiskFactors, async (request) => {
    const { trust, type, id } = request.params;
    return updateSurgicalRiskFactors(app.db, principalOf(request), trust, type, id, request.body);
  });

  route(app, patients.remodelRecord, async (request) => {
    const { trust, type, id } = request.params;
    return remodelRecord(app.db, principalOf(request), trust, type, id);
  });

  route(app, patients.remodel, async (request) => {
    const { trust, type, id } = request.params;
    return remodel(app.db, principalOf(request), trust, type, id, request.body);
  });
};

export default patientRoutes;
