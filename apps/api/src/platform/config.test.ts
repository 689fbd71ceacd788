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
    [{ OIDC_ISSUER: 'https://login.example' }, 'must be set together'],
    [{ NODE_ENV: 'production' }, 'refused when NODE_ENV=production'],
  ])('refuses %o with a message naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
