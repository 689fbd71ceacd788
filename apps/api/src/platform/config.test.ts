import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration (validated at start)', () => {
  it('defaults to port 3000, PGlite in ./data and the development sign-in', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.identity).toMatchObject({ kind: 'development', issuer: 'http://localhost:3000/oidc' });
    expect(config.idleTimeoutMs).toBe(900_000);
    expect(config.seedDemoData).toBe(true);
  });

  it('listens on loopback only with the development sign-in unless HOST is set', () => {
    expect(loadConfig({})).toMatchObject({ host: 'localhost', hostFromEnvironment: false });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostFromEnvironment: true });
    expect(loadConfig({ HOST: '' })).toMatchObject({ host: 'localhost', hostFromEnvironment: false });
    const external = {
      OIDC_ISSUER: 'https://login.example/v2.0',
      OIDC_AUDIENCE: 'api://esr',
      OIDC_CLIENT_ID: 'web',
    };
    expect(loadConfig(external)).toMatchObject({ host: '0.0.0.0', hostFromEnvironment: false });
    expect(loadConfig({ ...external, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('starts read-only with READ_ONLY=true, until a time given in ISO 8601 (decision 0067)', () => {
    expect(loadConfig({}).readOnly).toBeNull();
    expect(loadConfig({ READ_ONLY: 'false' }).readOnly).toBeNull();
    expect(loadConfig({ READ_ONLY: 'true' }).readOnly).toEqual({ until: null });
    expect(loadConfig({ READ_ONLY: 'true', READ_ONLY_UNTIL: '2026-12-07T18:00:00+00:00' }).readOnly).toEqual({
      until: '2026-12-07T18:00:00.000Z',
    });
    expect(() => loadConfig({ READ_ONLY: 'yes' })).toThrow(/READ_ONLY/);
    expect(() => loadConfig({ READ_ONLY: 'true', READ_ONLY_UNTIL: '07-Dec-2026 18:00' })).toThrow(
      /READ_ONLY_UNTIL: must be an ISO 8601 time/,
    );
    expect(() => loadConfig({ READ_ONLY_UNTIL: '2026-12-07T18:00:00Z' })).toThrow(/READ_ONLY is not true/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/esr' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/esr',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ IDLE_TIMEOUT_MS: '-5' }, 'IDLE_TIMEOUT_MS'],
    [{ CONTACT_EMAIL: 'not-an-email' }, 'CONTACT_EMAIL'],
    [{ HL7_MLLP_IDLE_TIMEOUT_SECONDS: '0' }, 'HL7_MLLP_IDLE_TIMEOUT_SECONDS'],
    [{ HL7_MLLP_IDLE_TIMEOUT_SECONDS: 'a minute' }, 'HL7_MLLP_IDLE_TIMEOUT_SECONDS'],
    [{ HL7_MLLP_MAX_CONNECTIONS: '2.5' }, 'HL7_MLLP_MAX_CONNECTIONS'],
    [{ HL7_MLLP_MAX_CONNECTIONS: '0' }, 'HL7_MLLP_MAX_CONNECTIONS'],
    [{ HL7_MLLP_MAX_MESSAGE_KB: '1MB' }, 'HL7_MLLP_MAX_MESSAGE_KB'],
    [{ HL7_MLLP_MAX_MESSAGE_KB: '100000' }, 'HL7_MLLP_MAX_MESSAGE_KB'],
    [{ OIDC_ISSUER: 'https://login.example' }, 'must be set together'],
    [{ NODE_ENV: 'production' }, 'refused when NODE_ENV=production'],
  ])('refuses %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('bounds the MLLP listener: 60 s idle, 50 connections and 1 MiB a message unless set', () => {
    const mllp = { HL7_MLLP_PORT: '2575', HL7_MLLP_CLIENT: 'ran-pathology-demo' };
    expect(loadConfig(mllp).hl7Mllp).toEqual({
      port: 2575,
      host: '127.0.0.1',
      clientId: 'ran-pathology-demo',
      idleTimeoutMs: 60_000,
      maxConnections: 50,
      maxMessageBytes: 1_048_576,
    });
    expect(
      loadConfig({
        ...mllp,
        HL7_MLLP_IDLE_TIMEOUT_SECONDS: '300',
        HL7_MLLP_MAX_CONNECTIONS: '4',
        HL7_MLLP_MAX_MESSAGE_KB: '256',
      }).hl7Mllp,
    ).toMatchObject({ idleTimeoutMs: 300_000, maxConnections: 4, maxMessageBytes: 262_144 });
  });

  it('takes an external provider when all three OIDC settings are given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://login.microsoftonline.com/organizations/v2.0',
      OIDC_AUDIENCE: 'api://esr',
      OIDC_CLIENT_ID: 'abc',
      OIDC_PROVIDER: 'entra',
    });
    expect(config.identity).toMatchObject({ kind: 'external', provider: 'entra', audience: 'api://esr' });
    expect(config.seedDemoData).toBe(false);
  });
});
