import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

const environmentSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().max(255).optional()),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  OIDC_ISSUER: optionalString,
  OIDC_AUDIENCE: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_SCOPE: optionalString,
  OIDC_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['generic', 'entra', 'cis2']).default('generic')),
  OIDC_ACR_VALUES: optionalString,
  OIDC_JWKS_URI: z.preprocess(emptyAsUndefined, z.url().optional()),
  IDLE_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(900_000)),
  IMPORT_MAX_FILE_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1024).default(50)),
  DOCUMENT_THREADS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(16).optional()),
  CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.email().default('england.elective-risk@nhs.net')),
  REGULATORY_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url()
      .default(
        'https://www.gov.uk/government/organisations/medicines-and-healthcare-products-regulatory-agency',
      ),
  ),
  ENVIRONMENT_NAME: z.preprocess(emptyAsUndefined, z.string().optional()),
  RUN_WORKER: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  READ_ONLY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  READ_ONLY_UNTIL: z.preprocess(
    emptyAsUndefined,
    z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 time, e.g. 2026-12-07T18:00:00Z' })
      .optional(),
  ),
  SEED_DEMO_DATA: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  SEED_DEMO_WAITING_LISTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  HL7_MLLP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  HL7_MLLP_HOST: z.preprocess(emptyAsUndefined, z.string().max(255).optional()),
  HL7_MLLP_CLIENT: optionalString,
  HL7_MLLP_IDLE_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(86_400).default(60),
  ),
  HL7_MLLP_MAX_CONNECTIONS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1000).default(50),
  ),
  HL7_MLLP_MAX_MESSAGE_KB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(16_384).default(1024),
  ),
  INTEGRATION_READ_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(60_000).default(5_000),
  ),
  DEV_ACCESS_TOKEN_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(30).max(3600).default(600),
  ),
});

export type Identity =
  | {
      kind: 'development';
      issuer: string;
      audience: string;
      clientId: string;
      scope: string;
      accessTokenTtlSeconds: number;
    }
  | {
      kind: 'external';
      provider: 'generic' | 'entra' | 'cis2';
      issuer: string;
      audience: string;
      clientId: string;
      scope: string;
      acrValues: string | undefined;
      /** Where the provider publishes its signing keys; discovered from the issuer when unset. */
      jwksUri: string | undefined;
    };

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** False when `host` is the default the identity mode chose (start-up says which). */
  hostFromEnvironment: boolean;
  publicUrl: string;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  identity: Identity;
  idleTimeoutMs: number;
  /** Largest waiting-list or blood-test file accepted (each). */
  importMaxFileBytes: number;
  /** Threads that make PDFs and workbooks (decision 0041); as many as the cores, up to 4, when not set. */
  documentThreads: number | undefined;
  contactEmail: string;
  regulatoryUrl: string;
  environmentName: string;
  runWorker: boolean;
  /**
   * Downtime (decision 0067): every write is answered 503 and no background job, demonstration
   * import or HL7 MLLP listener starts; `until` (an ISO 8601 instant) is when the service is
   * expected back, told to users and in `Retry-After`, or null when not announced.
   */
  readOnly: { until: string | null } | null;
  seedDemoData: boolean;
  /** Import the demonstration trust's waiting lists at first start (not in tests, which bring their own). */
  seedDemoWaitingLists: boolean;
  logLevel: string;
  /**
   * The HL7 v2 MLLP listener (docs/integration.md): off unless a port is set; on loopback unless a
   * host is; its messages are the named integration client's, as MLLP carries no token. A
   * connection idle for `idleTimeoutMs` is closed, one past `maxConnections` is closed as it
   * arrives, and a message (finished or not) past `maxMessageBytes` is answered AR and its
   * connection closed.
   */
  hl7Mllp:
    | {
        port: number;
        host: string;
        clientId: string;
        idleTimeoutMs: number;
        maxConnections: number;
        maxMessageBytes: number;
      }
    | undefined;
  /**
   * How long one FHIR or HL7 message may take to be read on its sandbox thread before it is
   * refused as "could not be read in time" (docs/integration.md, Refusals).
   */
  integrationReadTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Fastify binds `localhost` on every loopback address it resolves to (127.0.0.1 and ::1). */
export const loopbackHost = 'localhost';

/**
 * The password-less development sign-in lets anyone who reaches the port act as a Super Admin, so
 * with it the server listens on loopback only unless HOST says otherwise; a real identity provider
 * keeps the usual all-interfaces default for running behind a load balancer.
 */
export function listenHost(explicitHost: string | undefined, identity: Pick<Identity, 'kind'>): string {
  if (explicitHost !== undefined) return explicitHost;
  return identity.kind === 'development' ? loopbackHost : '0.0.0.0';
}

/** Reads and validates the environment once at start: a clear message and a non-zero exit when it is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const oidcSet = [e.OIDC_ISSUER, e.OIDC_AUDIENCE, e.OIDC_CLIENT_ID].filter((v) => v !== undefined).length;
  if (oidcSet !== 0 && oidcSet !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID must be set together (or none, for the development sign-in)',
    );
  }
  let identity: Identity;
  if (e.OIDC_ISSUER && e.OIDC_AUDIENCE && e.OIDC_CLIENT_ID) {
    identity = {
      kind: 'external',
      provider: e.OIDC_PROVIDER,
      issuer: e.OIDC_ISSUER,
      audience: e.OIDC_AUDIENCE,
      clientId: e.OIDC_CLIENT_ID,
      scope: e.OIDC_SCOPE ?? 'openid profile email',
      acrValues: e.OIDC_ACR_VALUES,
      jwksUri: e.OIDC_JWKS_URI,
    };
  } else {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        'Invalid configuration:\n  the development sign-in is refused when NODE_ENV=production: set OIDC_ISSUER, OIDC_AUDIENCE and OIDC_CLIENT_ID',
      );
    }
    identity = {
      kind: 'development',
      issuer: `${publicUrl}/oidc`,
      audience: 'api://elective-surgical-risk',
      clientId: 'elective-surgical-risk-web',
      scope: 'openid profile email',
      accessTokenTtlSeconds: e.DEV_ACCESS_TOKEN_TTL_SECONDS,
    };
  }
  if (e.HL7_MLLP_PORT !== undefined && e.HL7_MLLP_CLIENT === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  HL7_MLLP_CLIENT must name the integration client whose messages the MLLP listener receives',
    );
  }
  if (e.READ_ONLY_UNTIL !== undefined && e.READ_ONLY !== 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  READ_ONLY_UNTIL is set but READ_ONLY is not true: set both to start read-only, or neither',
    );
  }
  const seedDemoData = e.SEED_DEMO_DATA ? e.SEED_DEMO_DATA === 'true' : identity.kind === 'development';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: listenHost(e.HOST, identity),
    hostFromEnvironment: e.HOST !== undefined,
    publicUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR) },
    identity,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    importMaxFileBytes: e.IMPORT_MAX_FILE_MB * 1024 * 1024,
    documentThreads: e.DOCUMENT_THREADS,
    contactEmail: e.CONTACT_EMAIL,
    regulatoryUrl: e.REGULATORY_URL,
    // Unnamed, a server whose users sign in with the development provider is a demonstration, never
    // "production" (the landing page shows the name).
    environmentName: e.ENVIRONMENT_NAME ?? (identity.kind === 'development' ? 'demonstration' : 'production'),
    runWorker: e.RUN_WORKER === 'true',
    readOnly:
      e.READ_ONLY === 'true'
        ? { until: e.READ_ONLY_UNTIL ? new Date(e.READ_ONLY_UNTIL).toISOString() : null }
        : null,
    seedDemoData,
    seedDemoWaitingLists: e.SEED_DEMO_WAITING_LISTS
      ? e.SEED_DEMO_WAITING_LISTS === 'true' && seedDemoData
      : seedDemoData && e.NODE_ENV !== 'test',
    logLevel: e.LOG_LEVEL,
    integrationReadTimeoutMs: e.INTEGRATION_READ_TIMEOUT_MS,
    hl7Mllp:
      e.HL7_MLLP_PORT === undefined
        ? undefined
        : {
            port: e.HL7_MLLP_PORT,
            host: e.HL7_MLLP_HOST ?? '127.0.0.1',
            clientId: e.HL7_MLLP_CLIENT!,
            idleTimeoutMs: e.HL7_MLLP_IDLE_TIMEOUT_SECONDS * 1000,
            maxConnections: e.HL7_MLLP_MAX_CONNECTIONS,
            maxMessageBytes: e.HL7_MLLP_MAX_MESSAGE_KB * 1024,
          },
  };
}

/** For entry points: the configuration, or a clear message and exit code 2. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}
