import { describe, expect, it } from 'vitest';
import { integrationClientMessages } from '@esr/contracts/integration-clients';
import { messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { registerBody, registerFailure, registerFormSchema } from './register-form';

const tenant = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const entra = { kind: 'entra', trustTenantId: tenant } as const;
const development = { kind: 'development' } as const;

describe('the register form (decision 0048)', () => {
  it('asks the directory (tenant) ID only of Microsoft Entra ID, in the contract’s words', () => {
    const blank = { name: ' ', tenantId: '', clientId: '' };
    const onEntra = registerFormSchema(entra).safeParse(blank);
    expect(onEntra.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', integrationClientMessages.nameRequired],
      ['tenantId', integrationClientMessages.tenantIdRequired],
      ['clientId', integrationClientMessages.clientIdRequired],
    ]);
    const onDevelopment = registerFormSchema(development).safeParse(blank);
    expect(onDevelopment.error?.issues.map((issue) => issue.path[0])).toEqual(['name', 'clientId']);
    expect(
      registerFormSchema(entra).safeParse({ name: 'Lab', tenantId: 'tenant', clientId: 'abc' }).error
        ?.issues[0]?.message,
    ).toBe(integrationClientMessages.tenantIdInvalid);
  });

  it('refuses a client ID no provider issues, one message a field, in the contract’s words', () => {
    const clientIdMessage = (clientId: string, accepted: typeof entra | typeof development = development) =>
      registerFormSchema(accepted)
        .safeParse({ name: 'Lab', tenantId: tenant, clientId })
        .error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(clientIdMessage('ran theatres')).toEqual([['clientId', integrationClientMessages.clientIdSpaces]]);
    expect(clientIdMessage('ran#theatres')).toEqual([
      ['clientId', integrationClientMessages.clientIdCharacters],
    ]);
    expect(clientIdMessage('c'.repeat(256))).toEqual([
      ['clientId', integrationClientMessages.clientIdTooLong],
    ]);
    expect(clientIdMessage('ran-theatres')).toBeUndefined();
    // Microsoft Entra ID issues GUIDs: its application (client) ID, sent in lower case.
    expect(clientIdMessage('ran-theatres', entra)).toEqual([
      ['clientId', integrationClientMessages.applicationIdInvalid],
    ]);
    expect(clientIdMessage('ran theatres', entra)).toEqual([
      ['clientId', integrationClientMessages.clientIdSpaces],
    ]);
    const applicationId = '8D2F6C1E-4B7A-4E0F-9C3D-2A1B5E6F7A8C';
    const parsed = registerFormSchema(entra).parse({
      name: 'Lab',
      tenantId: tenant,
      clientId: applicationId,
    });
    expect(registerBody(parsed, entra).clientId).toBe(applicationId.toLowerCase());
  });

  it('drops hidden text-direction characters as typed', () => {
    const parsed = registerFormSchema(development).parse({
      name: 'Lab\u202E',
      tenantId: '',
      clientId: ' abc ',
    });
    expect(parsed).toEqual({ name: 'Lab', tenantId: '', clientId: 'abc' });
  });

  it('sends the issuer this installation takes', () => {
    const values = { name: 'Lab', tenantId: tenant.toUpperCase(), clientId: 'abc' };
    expect(registerBody(values, development).issuer).toBe('development');
    expect(registerBody(values, entra).issuer).toBe(`entra:${tenant}`);
    expect(registerBody(values, { kind: 'issuer', issuer: 'https://id.example.nhs.uk' }).issuer).toBe(
      'https://id.example.nhs.uk',
    );
  });

  it('puts each refusal under its field, and anything else at the top', () => {
    const taken = new ApiError(409, { detail: 'Taken', errors: { clientId: ['Taken'] } });
    expect(registerFailure(taken, development)).toEqual({ fieldErrors: { clientId: 'Taken' } });
    const issuer = new ApiError(400, { detail: 'Invalid', errors: { issuer: ['Wrong issuer'] } });
    expect(registerFailure(issuer, entra)).toEqual({ fieldErrors: { tenantId: 'Wrong issuer' } });
    expect(registerFailure(issuer, development)).toEqual({ fieldErrors: {}, message: 'Wrong issuer' });
    expect(registerFailure(new ApiError(500, null), development).message).toBe(messages.internalServerError);
    expect(registerFailure(new ApiError(403, { detail: 'No' }), development).message).toBe('No');
    expect(registerFailure(new Error('offline'), development).message).toBe(messages.someError);
  });
});
