import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { Db } from '../../platform/db/client.js';
import type { RiskSummaryPdfInput } from './patient-pdf.js';
import { documentKind, documentPool } from '../../platform/documents/document-pool.js';
import { markAnomaly } from './anomaly.js';
import { updateSurgicalRiskFactors } from './edit-details.js';
import { historyEntry, riskHistory } from './history.js';
import { patientReads } from './patient-reads.js';
import { remodel, remodelRecord } from './remodel.js';
import { riskSummary } from './risk-summary.js';
import { searchPatients } from './search.js';
import { procedureName } from '../library/index.js';
import { reviewClericalChanges } from './review-changes.js';
import { correctIdentity } from './identity-correction.js';
import { summaryPdfName } from './summary-file-name.js';
import { contentDisposition, reportFileName } from '../../platform/http/downloads.js';

const { patients } = endpoints;

/** What a call on one patient's pathway is given: who asks, and the pathway's trust, procedure and id. */
type PathwayRequest = FastifyRequest & { params: { trust: string; type: ProcedureCode; id: string } };

/** The arguments every call on one patient's pathway starts with. */
const onPathway = (db: Db, request: PathwayRequest) =>
  [db, principalOf(request), request.params.trust, request.params.type, request.params.id] as const;

const summaryDocument = documentKind(
  'risk-summary',
  new URL('./patient-summary.document.js', import.meta.url),
);

/**
 * A risk summary as a PDF download (the current one, or a past evaluation's with the record it
 * read), named `name` and the time it was made.
 */
async function sendSummaryPdf(
  reply: FastifyReply,
  db: Db,
  request: PathwayRequest,
  name: string,
  content: Pick<RiskSummaryPdfInput, 'summary' | 'inputs'>,
) {
  const generatedAt = new Date();
  const input: RiskSummaryPdfInput = {
    ...content,
    trustName: principalOf(request).trustName,
    procedureName: await procedureName(db, request.params.type),
    generatedAt,
  };
  const stream = documentPool().render(summaryDocument, input);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(reportFileName(name, 'pdf', generatedAt)))
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

  route(app, patients.riskSummary, async (request) => riskSummary(...onPathway(app.db, request)));

  route(app, patients.riskHistory, async (request) =>
    riskHistory(...onPathway(app.db, request), request.query),
  );

  route(app, patients.riskSummaryExport, async (request, reply) => {
    const summary = await riskSummary(...onPathway(app.db, request), patientReads.summaryPdf);
    return sendSummaryPdf(reply, app.db, request, summaryPdfName(summary), { summary });
  });

  route(app, patients.historyEntry, async (request) =>
    historyEntry(...onPathway(app.db, request), request.params.historyId),
  );

  route(app, patients.historyEntryExport, async (request, reply) => {
    const { historyId } = request.params;
    const entry = await historyEntry(...onPathway(app.db, request), historyId, patientReads.historyPdf);
    return sendSummaryPdf(reply, app.db, request, summaryPdfName(entry, entry.result?.evaluatedAt), {
      summary: entry,
      inputs: entry.inputs,
    });
  });

  route(app, patients.markAnomaly, async (request) =>
    markAnomaly(...onPathway(app.db, request), request.body),
  );

  route(app, patients.surgicalRiskFactors, async (request) =>
    updateSurgicalRiskFactors(...onPathway(app.db, request), request.body),
  );

  route(app, patients.reviewChanges, async (request) => reviewClericalChanges(...onPathway(app.db, request)));

  route(app, patients.identityCorrection, async (request) =>
    correctIdentity(...onPathway(app.db, request), request.body),
  );

  route(app, patients.remodelRecord, async (request) => remodelRecord(...onPathway(app.db, request)));

  route(app, patients.remodel, async (request) => remodel(...onPathway(app.db, request), request.body));
};

export default patientRoutes;
