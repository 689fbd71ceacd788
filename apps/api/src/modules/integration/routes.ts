import { readFileSync } from 'node:fs';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { notFound, type HttpError } from '../../platform/errors.js';
import { logProblem, problemOf } from '../../platform/http/error-handler.js';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { capabilityStatement } from './fhir/capability-statement.js';
import { operationOutcome } from './fhir/risk-assessment.js';
import { bundleId, hl7Answer } from './message-formats.js';
import { receiveLabMessage, type MessageAnswer } from './lab-messages.js';
import { nhsNumberOfToken, readRiskAssessment, searchRiskAssessments } from './risk-assessments.js';
import { readServiceRequest, searchServiceRequests } from './service-requests.js';

const fhirJson = 'application/fhir+json; charset=utf-8';
// The API's package version, read where both the sources and the build find it (two folders up).
const softwareVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const hl7MediaTypes = ['application/hl7-v2', 'x-application/hl7-v2+er7', 'text/plain'];

const issueCodes: Record<number, string> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  413: 'too-costly',
  415: 'not-supported',
  422: 'processing',
  429: 'throttled',
};

const send = (reply: FastifyReply, answer: MessageAnswer) =>
  reply.status(answer.status).type(answer.type).send(answer.body);

/** A resource sent as its JSON text, as built: the response schema only documents it. */
const sendResource = (reply: FastifyReply, resource: object, status = 200) =>
  send(reply, { status, type: fhirJson, body: JSON.stringify(resource) });

/** Risk and referrals out: what the trust's systems read, by the patient's NHS number or by id. */
function fhirReads(app: Parameters<FastifyPluginAsyncZod>[0], baseUrl: () => string) {
  route(app, endpoints.integration.riskAssessments, async (request, reply) => {
    const nhsNumber = nhsNumberOfToken(request.query['subject:identifier']);
    const bundle = await searchRiskAssessments(
      app.db,
      principalOf(request),
      nhsNumber,
      `${baseUrl()}/RiskAssessment?subject:identifier=${encodeURIComponent(request.query['subject:identifier'])}`,
    );
    return sendResource(reply, bundle);
  });

  route(app, endpoints.integration.riskAssessment, async (request, reply) =>
    sendResource(reply, await readRiskAssessment(app.db, principalOf(request), request.params.id)),
  );

  route(app, endpoints.integration.serviceRequests, async (request, reply) => {
    const token = request.query['subject:identifier'];
    const bundle = await searchServiceRequests(
      app.db,
      principalOf(request),
      nhsNumberOfToken(token),
      `${baseUrl()}/ServiceRequest?subject:identifier=${encodeURIComponent(token)}`,
    );
    return sendResource(reply, bundle);
  });

  route(app, endpoints.integration.serviceRequest, async (request, reply) =>
    sendResource(reply, await readServiceRequest(app.db, principalOf(request), request.params.id)),
  );
}

/**
 * The integration clients' endpoints (decision 0047, docs/integration.md). Their errors are answered
 * as their callers read them: an OperationOutcome for FHIR, an HL7 ACK for HL7, never the web app's
 * `{detail, errors}`.
 */
const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    'application/fhir+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(hl7MediaTypes, { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = problemOf(error);
    logProblem(error, problem, request);
    const fields = Object.entries(problem.errors ?? {});
    if (request.url.startsWith('/hl7/')) {
      const words = [problem.detail, ...fields.map(([field, texts]) => `${field}: ${texts.join(' ')}`)];
      return send(reply, hl7Answer(problem.status, words.join('. ')));
    }
    // Each field at fault is an issue of its own, its name as the expression.
    const code = issueCodes[problem.status] ?? 'exception';
    const severity = problem.status >= 500 ? 'fatal' : 'error';
    return sendResource(
      reply,
      operationOutcome(
        fields.length === 0
          ? [{ severity, code, diagnostics: problem.detail }]
          : fields.flatMap(([field, texts]) =>
              texts.map((text) => ({
                severity,
                code,
                diagnostics: `${problem.detail}: ${text}`,
                expression: [field],
              })),
            ),
      ),
      problem.status,
    );
  });

  const baseUrl = () => `${app.config.publicUrl}/fhir/r4`;
  const publishedOn = new Date().toISOString();

  route(app, endpoints.integration.fhirMetadata, async (_request, reply) =>
    sendResource(reply, capabilityStatement({ baseUrl: baseUrl(), softwareVersion, publishedOn })),
  );

  const readTimeoutMs = app.config.integrationReadTimeoutMs;
  const receiveFhir = (request: FastifyRequest, kind: 'Bundle' | 'Observation') =>
    receiveLabMessage(
      app.db,
      principalOf(request),
      { format: 'fhir', kind, text: JSON.stringify(request.body), now: Date.now() },
      { readTimeoutMs, envelopeId: bundleId(request.body) },
    );

  route(app, endpoints.integration.fhirBundle, async (request, reply) =>
    send(reply, await receiveFhir(request, 'Bundle')),
  );

  route(app, endpoints.integration.fhirObservation, async (request, reply) =>
    send(reply, await receiveFhir(request, 'Observation')),
  );

  fhirReads(app, baseUrl);

  // Any other FHIR path: an OperationOutcome a FHIR client reads, rather than the web app's 404.
  app.all('/fhir/r4/*', { config: { public: true }, schema: { hide: true } }, async (request) => {
    throw notFound(
      `This server has no FHIR endpoint ${request.method} ${request.url.split('?')[0]}: see /fhir/r4/metadata`,
    );
  });

  route(app, endpoints.integration.hl7Message, async (request, reply) => {
    const answer = await receiveLabMessage(
      app.db,
      principalOf(request),
      { format: 'hl7v2', text: request.body, now: Date.now() },
      { readTimeoutMs },
    );
    return send(reply, answer);
  });
};

export default integrationRoutes;
