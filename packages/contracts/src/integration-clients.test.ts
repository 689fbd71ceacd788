import { describe, expect, it } from 'vitest';
import {
  acceptsIssuer,
  clientIdCharacterProblem,
  clientIdSchema,
  integrationClientMessages,
  isIssuerKey,
  issuerInWords,
  registerIntegrationClientBodySchema,
} from './integration-clients.js';

const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const applicationId = '8d2f6c1e-4b7a-4e0f-9c3d-2a1b5e6f7a8c';

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
      clientId: ` ${applicationId} `,
    });
    expect(body).toEqual({ name: 'Lab', issuer: `entra:${tenant}`, clientId: applicationId });
  });

  it('knows which issuers an installation takes', () => {
    expect(acceptsIssuer({ kind: 'development' }, 'development')).toBe(true);
    expect(acceptsIssuer({ kind: 'development' }, `entra:${tenant}`)).toBe(false);
    expect(acceptsIssuer({ kind: 'entra', trustTenantId: null }, `entra:${tenant}`)).toBe(true);
    expect(acceptsIssuer({ kind: 'issuer', issuer: 'https://a.example' }, 'https://b.example')).toBe(false);
  });
});

describe('client IDs (decision 0065)', () => {
  const messageOf = (clientId: unknown) =>
    clientIdSchema.safeParse(clientId).error?.issues.map((i) => i.message);

  it('takes the client IDs providers issue, trimmed', () => {
    for (const clientId of [
      // The development sign-in's demonstration clients and its web app.
      'ran-pathology-demo',
      'elective-surgical-risk-web',
      // Microsoft Entra ID: the application (client) ID, a GUID.
      applicationId,
      // Keycloak: a name the realm's admin chose; a URI where the client is named by one.
      'lab-system',
      'pas_interface.v2',
      'https://lab.example.nhs.uk/client',
      'urn:nhs:ran:pathology',
      // Okta, Auth0 and Cognito generate letters and digits.
      '0oa1b2c3d4E5F6g7H8i9',
      'rhapsody@ran~1',
      'c'.repeat(255),
    ])
      expect(clientIdSchema.safeParse(clientId), clientId).toEqual({ success: true, data: clientId });
    expect(clientIdSchema.parse(`\t ${applicationId} \n`)).toBe(applicationId);
  });

  it('asks for a client ID that is missing or blank', () => {
    for (const clientId of ['', '   ', '\t\n', undefined, null, 42])
      expect(messageOf(clientId), String(clientId)).toEqual([integrationClientMessages.clientIdRequired]);
  });

  it('refuses white space inside it, whichever space it is', () => {
    for (const clientId of [
      'ran pathology',
      'ran\tpathology',
      'ran\npathology',
      'ran\u00a0pathology',
      'ran\u2003x',
      'ran\u3000x',
      'a\u2028b',
    ])
      expect(messageOf(clientId), JSON.stringify(clientId)).toEqual([
        integrationClientMessages.clientIdSpaces,
      ]);
    // A space is named even where another character is wrong too.
    expect(messageOf('ran#path ology')).toEqual([integrationClientMessages.clientIdSpaces]);
  });

  it('refuses characters no provider puts in a client ID', () => {
    for (const clientId of [
      'pathologie-é',
      'lab#1',
      'lab+1',
      '"lab"',
      'lab,pas',
      '‘lab’',
      'lab\u0000',
      'lab\u0007',
      'lab\u007f',
      'lab\u200bpas',
      'lab\u202e',
      'lab\ud800',
      '😀',
    ])
      expect(messageOf(clientId), JSON.stringify(clientId)).toEqual([
        integrationClientMessages.clientIdCharacters,
      ]);
  });

  it('refuses one longer than 255 characters, with that message alone', () => {
    expect(integrationClientMessages.clientIdTooLong).toBe('The client ID must be 255 characters or fewer');
    expect(messageOf('c'.repeat(256))).toEqual([integrationClientMessages.clientIdTooLong]);
    expect(messageOf('a b'.repeat(100))).toEqual([integrationClientMessages.clientIdTooLong]);
  });

  it('reads 100,000 characters in a few milliseconds, whatever they are', () => {
    const inputs = [
      'a'.repeat(100_000),
      `${'a'.repeat(99_999)} `,
      `${'a-'.repeat(50_000)}#`,
      ' '.repeat(100_000),
      `x${' '.repeat(99_998)}x`,
      '\ud800'.repeat(100_000),
      '😀'.repeat(50_000),
    ];
    for (const text of inputs) {
      const started = performance.now();
      const message = messageOf(text);
      clientIdCharacterProblem(text);
      expect(performance.now() - started, text.slice(0, 10)).toBeLessThan(250);
      expect(message, text.slice(0, 10)).toHaveLength(1);
    }
    expect(clientIdCharacterProblem(inputs[1]!)).toBe(integrationClientMessages.clientIdSpaces);
    expect(clientIdCharacterProblem(inputs[2]!)).toBe(integrationClientMessages.clientIdCharacters);
  });

  it('holds an Entra ID client to its application (client) ID, kept in lower case', () => {
    const entra = (clientId: string) =>
      registerIntegrationClientBodySchema.safeParse({ name: 'Lab', issuer: `entra:${tenant}`, clientId });
    expect(entra(` ${applicationId.toUpperCase()} `).data?.clientId).toBe(applicationId);
    expect(entra('ran-pathology').error?.issues).toMatchObject([
      { path: ['clientId'], message: integrationClientMessages.applicationIdInvalid },
    ]);
    // The rules of every provider first, one message at a time.
    expect(entra('ran pathology').error?.issues).toMatchObject([
      { path: ['clientId'], message: integrationClientMessages.clientIdSpaces },
    ]);
    // Any other issuer keeps the client ID as typed.
    const other = registerIntegrationClientBodySchema.parse({
      name: 'Lab',
      issuer: 'https://auth.example.nhs.uk/realms/trust',
      clientId: 'Lab-System',
    });
    expect(other.clientId).toBe('Lab-System');
  });
});
