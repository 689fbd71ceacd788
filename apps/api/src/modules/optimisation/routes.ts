import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { pathwayTargetOf, principalOf } from '../identity/index.js';
import {
  gpLetterContent,
  pathwayOptimisation,
  patientLeafletContent,
  recordOptimisation,
} from './pathway-optimisation.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { documentKind, documentPool, type DocumentKind } from '../../platform/documents/document-pool.js';
import { contentDisposition, reportFileName, sendReport } from '../../platform/http/downloads.js';
import { optimisationWorklist } from './optimisation-worklist.js';
import { exportOptimisationWorklist } from './optimisation-export.js';
import { procedureName } from '../library/index.js';
import type { GpLetterInput } from './gp-letter.js';
import type { PatientLeafletInput } from './patient-leaflet.js';

/** What every letter or page about a pathway says besides its content. */
type PdfFrame = 'trustName' | 'procedureName' | 'generatedAt';

const gpLetterDocument = documentKind('gp-letter', new URL('./gp-letter.document.js', import.meta.url));
const patientLeafletDocument = documentKind(
  'patient-leaflet',
  new URL('./patient-leaflet.document.js', import.meta.url),
);
import {
  changeOptimisationRules,
  changeOptimisationServices,
  optimisationRules,
  optimisationServices,
} from './optimisation-settings.js';

const { optimisation } = endpoints;

/** Waiting well (decision 0071): a pathway's risk factors to optimise before surgery, and each step. */
const optimisationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, optimisation.worklist, async (request) =>
    optimisationWorklist(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query,
    ),
  );
  route(app, optimisation.worklistExport, async (request, reply) =>
    sendReport(
      reply,
      await exportOptimisationWorklist(
        app.db,
        principalOf(request),
        request.params.trust,
        request.params.type,
        request.query,
      ),
    ),
  );
  route(app, optimisation.pathway, async (request) => pathwayOptimisation(pathwayTargetOf(app.db, request)));
  route(app, optimisation.record, async (request) =>
    recordOptimisation(pathwayTargetOf(app.db, request), request.body),
  );
  /** A letter or page about one pathway, as a PDF written on the document threads. */
  const sendPdf = async (
    request: FastifyRequest & { params: { type: ProcedureCode } },
    reply: FastifyReply,
    document: DocumentKind,
    title: string,
    content: Omit<GpLetterInput, PdfFrame> | Omit<PatientLeafletInput, PdfFrame>,
  ) => {
    const generatedAt = new Date();
    const input = {
      ...content,
      trustName: principalOf(request).trustName,
      procedureName: await procedureName(app.db, request.params.type),
      generatedAt,
    };
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(reportFileName(title, 'pdf', generatedAt)))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(documentPool().render(document, input));
  };
  route(app, optimisation.gpLetter, async (request, reply) =>
    sendPdf(
      request,
      reply,
      gpLetterDocument,
      'GP letter',
      await gpLetterContent(pathwayTargetOf(app.db, request)),
    ),
  );
  route(app, optimisation.patientLeaflet, async (request, reply) =>
    sendPdf(
      request,
      reply,
      patientLeafletDocument,
      'Before your operation',
      await patientLeafletContent(pathwayTargetOf(app.db, request)),
    ),
  );
  route(app, optimisation.rules, async (request) =>
    optimisationRules(app.db, principalOf(request), request.params.trust),
  );
  route(app, optimisation.changeRules, async (request) =>
    changeOptimisationRules(app.db, principalOf(request), request.params.trust, request.body),
  );
  route(app, optimisation.services, async (request) =>
    optimisationServices(app.db, principalOf(request), request.params.trust),
  );
  route(app, optimisation.changeServices, async (request) =>
    changeOptimisationServices(app.db, principalOf(request), request.params.trust, request.body),
  );
};

export default optimisationRoutes;
