import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { endpoints } from '@esr/contracts/endpoints';
import { modelFileMaxBytes } from '@esr/contracts/models';
import { principalOf } from '../identity/index.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { readUploadedFiles } from '../../platform/http/multipart-files.js';
import { activeModelCard, uploadModel } from './models.js';
import {
  approveModelVersion,
  declineModelVersion,
  modelVersions,
  proposeModelVersion,
  recalibrateModelVersion,
} from './model-governance.js';
import { modelCard } from './model-card.js';
import type { ModelCardPdfInput } from './model-card-pdf.js';
import { documentKind, documentPool } from '../../platform/documents/document-pool.js';
import { contentDisposition, reportFileName } from '../../platform/http/downloads.js';

const cardDocument = documentKind('model-card', new URL('./model-card.document.js', import.meta.url));

const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: modelFileMaxBytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    // An oversized file is reported on its own field (docs/requirements.md §5), not as a bare 413.
    throwFileSizeLimit: false,
  });

  route(app, endpoints.models.upload, async (request, reply) => {
    const principal = principalOf(request);
    const files = await readUploadedFiles(request, ['modelFile', 'wrapperFile']);
    // Stored inactive: the list is re-scored once a clinical safety officer approves it (decision 0060).
    const accepted = await uploadModel(app.db, principal, request.params.trust, request.params.code, files);
    return reply.status(202).send(accepted);
  });

  route(app, endpoints.models.active, async (request) =>
    activeModelCard(app.db, principalOf(request), request.params.trust, request.params.code),
  );

  route(app, endpoints.models.versions, async (request) =>
    modelVersions(app.db, principalOf(request), request.params.trust, request.params.code),
  );

  route(app, endpoints.models.propose, async (request) => {
    const { trust, code, id } = request.params;
    return proposeModelVersion(app.db, principalOf(request), trust, code, id);
  });

  route(app, endpoints.models.approve, async (request) => {
    const { trust, code, id } = request.params;
    return approveModelVersion(app.db, app.queue, principalOf(request), trust, code, id);
  });

  route(app, endpoints.models.decline, async (request) => {
    const { trust, code, id } = request.params;
    return declineModelVersion(app.db, principalOf(request), trust, code, id, request.body);
  });

  route(app, endpoints.models.card, async (request) =>
    modelCard(app.db, principalOf(request), request.params.trust, request.params.code, request.params.id),
  );

  route(app, endpoints.models.cardExport, async (request, reply) => {
    const { trust, code, id } = request.params;
    const principal = principalOf(request);
    const generatedAt = new Date();
    const input: ModelCardPdfInput = {
      card: await modelCard(app.db, principal, trust, code, id),
      trustName: principal.trustName,
      generatedAt,
    };
    const name = `Model card ${input.card.procedureName} v${input.card.version}`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(reportFileName(name, 'pdf', generatedAt)))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(documentPool().render(cardDocument, input));
  });

  route(app, endpoints.models.recalibrate, async (request, reply) => {
    const { trust, code, id } = request.params;
    const created = await recalibrateModelVersion(app.db, principalOf(request), trust, code, id, request.body);
    return reply.status(201).send(created);
  });
};

export default modelRoutes;
