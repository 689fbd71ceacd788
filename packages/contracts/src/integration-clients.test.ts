import { describe, expect, it } from 'vitest';
import {
  acceptsIssuer,
  isIssuerKey,
  issuerInWords,
  registerIntegrationClientBodySchema,
} from './integration-clients.js';

const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';

describe('issuers (decision 0048)', () => {
  it('reads each kind of issuer in words', () => {
    expect(issuerInWords('development')).toBe('Development sign-in');
    expect(issuerInWords(`entra:${tenant}`)).toBe(`Microsoft Entra ID (tenant ${tenant})`);
    expect(issuerInWords('https://auth.example.nhs.uk/realms/trust')).toBe(
      'https://auth.example.nhs.uk/realms/trust',
    );
  });

  it('takes development, entra: and a tenant ID, or a web address', () => {
    for (const key of [
      'development',
      `entra:${tenant}`,
      'https://auth.example.nhs.uk',
      'http://localhost:8080/oidc',
    ])
      expect(isIssuerKey(key), key).toBe(true);
    for (const key of ['dev', 'entra:', 'entra:abc', 'ftp://auth.example', 'auth.example.nhs.uk', ''])
      expect(isIssuerKey(key), key).toBe(false);
  });

  it('keeps an Entra tenant ID in lower case, as its tokens carry it', () => {
    const body = registerIntegrationClientBodySchema.parse({
      name: ' Lab ',
      issuer: `entra:${tenant.toUpperCase()}`,
      clientId: ' abc ',
    });
    expect(body).toEqual({ name: 'Lab', issuer: `entra:${tenant}`, clientId: 'abc' });
  });

  it('knows which issuers an installation takes', () => {
    expect(acceptsIssuer({ kind: 'development' }, 'development')).toBe(true);
    expect(acceptsIssuer({ kind: 'development' }, `entra:${tenant}`)).toBe(false);
    expect(acceptsIssuer({ kind: 'entra', trustTenantId: null }, `entra:${tenant}`)).toBe(true);
    expect(acceptsIssuer({ kind: 'issuer', issuer: 'https://a.example' }, 'https://b.example')).toBe(false);
  });
});
