import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config.js';
import { openDatabase, type Database, type Db } from './platform/db/client.js';
import { seedDemoData, seedReferenceData } from './platform/db/seed.js';
import type { JobDefinition } from './platform/queue/job-definition.js';
import { allJobs } from './all-jobs.js';
import { safeLogOptions } from './platform/logging.js';
import errorHandler from './platform/http/error-handler.js';
import hostileText, { answerFrameworkError } from './platform/http/hostile-text.js';
import openapi from './platform/http/openapi.js';
import securityHeaders from './platform/http/security-headers.js';
import readOnly from './platform/http/read-only.js';
import webApp from './platform/http/web-app.js';
import healthRoutes from './modules/health/routes.js';
import libraryRoutes from './modules/library/routes.js';
import modelRoutes from './modules/models/routes.js';
import meRoutes from './modules/identity/routes.js';
import trustRoutes from './modules/admin/trusts-routes.js';
import userRoutes from './modules/admin/users-routes.js';
import dashboardRoutes from './modules/admin/dashboards-routes.js';
import changeLogRoutes from './modules/change-log/routes.js';
import accessLogRoutes from './modules/access-log/routes.js';
import waitingListRoutes, { importHistoryRoutes } from './modules/waiting-list/routes.js';
import openPathwayRoutes, {
  procedureCounterRoutes,
  waitingListDashboardRoutes,
} from './modules/pathways/routes.js';
import reportRoutes from './modules/reports/routes.js';
import patientRoutes from './modules/patients/routes.js';
import prioritisationRoutes from './modules/prioritisation/routes.js';
import optimisationRoutes from './modules/optimisation/routes.js';
import { startDemoOptimisation } from './modules/optimisation/index.js';
import outcomeRoutes from './modules/outcomes/routes.js';
import modelPerformanceRoutes from './modules/model-performance/routes.js';
import predictionSuspensionRoutes from './modules/prediction-suspension/routes.js';
import scoringRoutes from './modules/evaluations/routes.js';
import dataFreshnessRoutes from './modules/data-freshness/routes.js';
import integrationRoutes from './modules/integration/routes.js';
import integrationClientRoutes from './modules/integration/admin/routes.js';
import { startHl7Listener } from './modules/integration/index.js';
import { startDemoPrioritisation } from './modules/prioritisation/index.js';
import { startDemoOutcomes } from './modules/outcomes/index.js';
import {
  authentication,
  authorization,
  developmentIdentityProvider,
  createTokenVerifier,
} from './modules/identity/index.js';
import { installDefaultModels } from './modules/models/index.js';
import { PrincipalCache } from './modules/identity/index.js';
import { demoFirstStartDay, seedDemoWaitingLists } from './modules/waiting-list/index.js';
import {
  keepImportThreadsReady,
  startReadingUpload,
  type FileReading,
} from './modules/waiting-list/index.js';
import { UploadHandoff, type UploadHandoffLimits } from './modules/waiting-list/index.js';
import { resumeInterruptedWork } from './modules/waiting-list/index.js';
import { importSettingsFor, type ReadingSettings } from './modules/waiting-list/index.js';
import { startQueue, type Queue } from './platform/queue/queue.js';
import { configureDocumentPool } from './platform/documents/document-pool.js';
import { loadDevelopmentSecrets, type DevelopmentSecrets } from './modules/identity/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    queue: Queue;
    config: AppConfig;
    /** Uploads kept for this process's own validation jobs; none when another process runs them. */
    uploads: UploadHandoff<FileReading> | undefined;
    /** The time now, as the data-freshness checks read it (tests set it; decision 0068). */
    clock: () => Date;
  }
}

export interface BuildOptions {
  /** Extra job definitions (tests prove the queue with their own). */
  extraJobs?: JobDefinition[];
  /** How often the worker looks for jobs queued elsewhere (tests prove a job queued here needs no wait). */
  jobPollingIntervalSeconds?: number;
  webRoot?: string;
  logger?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: DestinationStream;
  /** How much of its uploads this process reads ahead for its own validation jobs (tests turn it off). */
  uploadHandoff?: UploadHandoffLimits;
  /**
   * The moment of the first start as the demonstration lists are dated by it (decision 0054): tests
   * set the day; the pipeline and every screen keep the real clock.
   */
  demoClock?: () => Date;
  /** The time now for the data-freshness checks (decision 0068): tests move it on; the real clock otherwise. */
  clock?: () => Date;
  /** An in-memory embedded database starts as this data-folder archive (the API tests' one seeded copy). */
  embeddedStartFrom?: string;
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Strip query strings from logged URLs: searches carry NHS numbers (security baseline: no patient data in logs). */
const requestSerializer = (request: { method: string; url: string; id: string }) => ({
  id: request.id,
  method: request.method,
  path: request.url.split('?')[0],
});

/** The Fastify server itself: logging without patient data, zod schemas, trailing slashes either way. */
function createServer(config: AppConfig, options: BuildOptions) {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...safeLogOptions,
            level: config.logLevel,
            serializers: { ...safeLogOptions.serializers, req: requestSerializer as never },
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    frameworkErrors: answerFrameworkError,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** What the process stops as it closes, each set once it has started. */
interface Stoppers {
  queue?: Queue;
  detachPrincipals?: () => Promise<void>;
  stopDemoPrioritisation?: () => void;
  stopDemoOutcomes?: () => void;
  stopDemoOptimisation?: () => void;
}

/**
 * The reference data, and the demonstration data where configured. The demonstration models come
 * with the demonstration data only, never in a trust's own service: there, a model is active only
 * once a clinical safety officer approves it (decision 0060).
 */
async function seedData(database: Database, config: AppConfig) {
  await seedReferenceData(database.db);
  if (config.seedDemoData) {
    await seedDemoData(database.db);
    await installDefaultModels(database.db);
  }
}

/** The plugins every request meets before its route: errors, headers, read-only, identity, hostile text. */
async function registerPlugins(
  app: FastifyInstance,
  config: AppConfig,
  database: Database,
  stoppers: Stoppers,
) {
  let secrets: DevelopmentSecrets | undefined;
  if (config.identity.kind === 'development') secrets = await loadDevelopmentSecrets(database.db);
  const verifier = createTokenVerifier(config.identity, secrets?.publicKey);
  const principals = new PrincipalCache();
  stoppers.detachPrincipals = await principals.attach(database);

  await app.register(errorHandler);
  await app.register(securityHeaders, { https: config.publicUrl.startsWith('https://') });
  // Before authentication and every body parser: a write meets the read-only answer first.
  if (config.readOnly) await app.register(readOnly, config.readOnly);
  await app.register(rateLimit, { global: false });
  await app.register(openapi);
  await app.register(authentication, {
    db: database.db,
    identity: config.identity,
    verifier,
    cache: principals,
  });
  await app.register(authorization);
  await app.register(hostileText);
  if (config.identity.kind === 'development' && secrets) {
    await app.register(developmentIdentityProvider, {
      db: database.db,
      issuer: config.identity.issuer,
      publicUrl: config.publicUrl,
      audience: config.identity.audience,
      clientId: config.identity.clientId,
      signingKey: secrets.signingKey,
      cookieSecret: secrets.cookieSecret,
      accessTokenTtlSeconds: config.identity.accessTokenTtlSeconds,
    });
  }
}

/** Every module's routes, registered here and nowhere else, then the web app. */
async function registerRoutes(app: FastifyInstance, config: AppConfig, options: BuildOptions) {
  await app.register(healthRoutes, { config });
  await app.register(meRoutes);
  await app.register(libraryRoutes);
  await app.register(modelRoutes);
  await app.register(trustRoutes);
  await app.register(userRoutes);
  await app.register(dashboardRoutes);
  await app.register(changeLogRoutes);
  await app.register(accessLogRoutes);
  // In this order the OpenAPI document lists the waiting-list calls as it always has.
  await app.register(waitingListDashboardRoutes);
  await app.register(importHistoryRoutes);
  await app.register(procedureCounterRoutes);
  await app.register(waitingListRoutes);
  await app.register(openPathwayRoutes);
  await app.register(reportRoutes);
  await app.register(patientRoutes);
  await app.register(prioritisationRoutes);
  await app.register(optimisationRoutes);
  await app.register(outcomeRoutes);
  await app.register(modelPerformanceRoutes);
  await app.register(predictionSuspensionRoutes);
  await app.register(scoringRoutes);
  await app.register(dataFreshnessRoutes);
  await app.register(integrationRoutes);
  await app.register(integrationClientRoutes);
  await app.register(webApp, { root: options.webRoot ?? defaultWebRoot });
}

/**
 * The work besides requests: the job queue, the MLLP listener, what a stopped server left
 * unfinished and the demonstration lists.
 */
async function startWork(
  app: FastifyInstance,
  database: Database,
  work: {
    runsJobs: boolean;
    importSettings: ReadingSettings;
    uploads: UploadHandoff<FileReading> | undefined;
  },
  options: BuildOptions,
  stoppers: Stoppers,
) {
  const { config } = app;
  const { runsJobs, importSettings, uploads } = work;
  const queue = await startQueue(database, [...allJobs, ...(options.extraJobs ?? [])], {
    work: runsJobs,
    context: { db: database.db, log: app.log, importSettings, uploads },
    ...(options.jobPollingIntervalSeconds
      ? { pollingIntervalSeconds: options.jobPollingIntervalSeconds }
      : {}),
  });
  stoppers.queue = queue;
  app.decorate('queue', queue);
  // Read-only, the MLLP listener does not start: an engine whose connection is refused keeps its
  // messages and sends them once the service is back, where an AE or AR would end them.
  if (config.hl7Mllp && !config.readOnly) {
    const listener = await startHl7Listener(
      database.db,
      { ...config.hl7Mllp, readTimeoutMs: config.integrationReadTimeoutMs },
      app.log,
    );
    app.addHook('onClose', () => listener.close());
  }
  // Read-only, nothing is resumed or imported: both write, and resume once the service is back.
  if (!config.readOnly) await resumeInterruptedWork(database.db, queue);
  if (config.seedDemoWaitingLists && !config.readOnly) {
    await seedDemoWaitingLists(database.db, database.kind, queue, options.demoClock?.());
    // Its history once the demonstration lists are scored (decision 0044); only where the jobs run.
    if (runsJobs) {
      stoppers.stopDemoPrioritisation = startDemoPrioritisation(database.db, app.log);
      stoppers.stopDemoOutcomes = startDemoOutcomes(database.db, app.log);
      stoppers.stopDemoOptimisation = startDemoOptimisation(database.db, app.log, demoFirstStartDay);
    }
  }
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, options);
  const database = await openDatabase(config.database, {
    onMaintenanceError: (error) => app.log.error({ err: error }, 'embedded database maintenance failed'),
    // Every call that needs the database now fails, and /api/health answers 503.
    onStopped: (error) => app.log.fatal({ err: error }, 'embedded database stopped'),
    ...(options.embeddedStartFrom ? { embeddedStartFrom: options.embeddedStartFrom } : {}),
  });
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  if (config.documentThreads) configureDocumentPool({ threads: config.documentThreads });
  const importSettings = importSettingsFor(config);
  // Read-only (decision 0067): no job runs here, as scoring and scheduled jobs write.
  const runsJobs = config.runWorker && !config.readOnly;
  const uploads = runsJobs
    ? new UploadHandoff<FileReading>(
        (upload) => startReadingUpload(upload, importSettings),
        options.uploadHandoff,
      )
    : undefined;
  app.decorate('uploads', uploads);
  if (runsJobs) keepImportThreadsReady(importSettings);
  const stoppers: Stoppers = {};
  app.addHook('onClose', async () => {
    stoppers.stopDemoPrioritisation?.();
    stoppers.stopDemoOutcomes?.();
    stoppers.stopDemoOptimisation?.();
    await stoppers.detachPrincipals?.().catch(() => undefined);
    await stoppers.queue?.stop();
    await database.close();
  });

  try {
    await seedData(database, config);
    await registerPlugins(app, config, database, stoppers);
    await registerRoutes(app, config, options);
    await startWork(app, database, { runsJobs, importSettings, uploads }, options, stoppers);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
