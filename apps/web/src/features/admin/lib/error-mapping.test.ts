import { describe, expect, it } from 'vitest';
import { adminMessages, invalidNhsEmailMessage, messages } from '@esr/contracts/messages';
import { ApiError } from '../../../lib/api-client';
import { mapTrustSaveError, mapUserSaveError, summaryText } from './error-mapping';

const apiError = (status: number, errors?: Record<string, string[]>) =>
  new ApiError(status, { detail: 'x', ...(errors ? { errors } : {}) });

describe('trust save errors (docs/requirements.md §8)', () => {
  it('409 on add is the conflict message; on edit it is generic', () => {
    expect(mapTrustSaveError(apiError(409), 'create')).toEqual({
      fieldErrors: {},
      message: messages.trustExists,
    });
    expect(mapTrustSaveError(apiError(409), 'update')).toEqual({
      fieldErrors: {},
      message: messages.someError,
    });
  });
  it('400 with an e-mail error is the invalid e-mail message, focused', () => {
    expect(mapTrustSaveError(apiError(400, { primaryContactEmail: ['whatever'] }), 'create')).toEqual({
      fieldErrors: { primaryContactEmail: invalidNhsEmailMessage() },
      focusField: 'primaryContactEmail',
    });
  });
  it('400 with other field errors shows them under their fields', () => {
    expect(
      mapTrustSaveError(apiError(400, { trustTenantId: [adminMessages.tenantIdTaken] }), 'update'),
    ).toEqual({
      fieldErrors: { trustTenantId: adminMessages.tenantIdTaken },
      focusField: 'trustTenantId',
    });
  });
  it('500 is the internal error; anything else or no response the generic message', () => {
    expect(mapTrustSaveError(apiError(500), 'create').message).toBe(messages.internalServerError);
    expect(mapTrustSaveError(apiError(400), 'create').message).toBe(messages.someError);
    expect(mapTrustSaveError(apiError(502), 'update').message).toBe(messages.someError);
    expect(mapTrustSaveError(new TypeError('Failed to fetch'), 'create').message).toBe(messages.someError);
  });
});

describe('user save errors (docs/requirements.md §5, §8)', () => {
  it('409 on add is the user-exists message', () => {
    expect(mapUserSaveError(apiError(409), 'create').message).toBe(messages.userExists);
    expect(mapUserSaveError(apiError(409), 'update').message).toBe(messages.someError);
  });
  it('e-mail: the blank marker gives the blank message, anything else the invalid message', () => {
    expect(mapUserSaveError(apiError(400, { email: [messages.emailBlank] }), 'create').fieldErrors).toEqual({
      email: messages.emailBlank,
    });
    expect(mapUserSaveError(apiError(400, { email: ['bad'] }), 'create').fieldErrors).toEqual({
      email: invalidNhsEmailMessage(),
    });
  });
  it('names: first, last, or both combined', () => {
    expect(mapUserSaveError(apiError(400, { firstName: ['x'] }), 'update').fieldErrors).toEqual({
      firstName: messages.firstNameBlank,
    });
    expect(mapUserSaveError(apiError(400, { lastName: ['x'] }), 'update').fieldErrors).toEqual({
      lastName: messages.lastNameBlank,
    });
    expect(
      mapUserSaveError(apiError(400, { firstName: ['x'], lastName: ['y'] }), 'update').fieldErrors,
    ).toEqual({
      firstName: messages.firstAndLastNameBlank,
      lastName: messages.firstAndLastNameBlank,
    });
    expect(
      mapUserSaveError(apiError(400, { firstName: [adminMessages.firstNameTooLong] }), 'create').fieldErrors,
    ).toEqual({ firstName: adminMessages.firstNameTooLong });
  });
  it('roles: the role-assignment message', () => {
    expect(mapUserSaveError(apiError(400, { roles: ['x'] }), 'create').fieldErrors).toEqual({
      roles: messages.assigningRolesFailed,
    });
  });
  it('500 internal; other statuses and network failures generic', () => {
    expect(mapUserSaveError(apiError(500), 'create').message).toBe(messages.internalServerError);
    expect(mapUserSaveError(apiError(404), 'update').message).toBe(messages.someError);
    expect(mapUserSaveError(new Error('offline'), 'update').message).toBe(messages.someError);
  });
});

describe('error summary text', () => {
  it('shortens the NHS e-mail guidance and keeps other messages', () => {
    expect(summaryText(invalidNhsEmailMessage())).toBe('Enter a valid NHS email address');
    expect(summaryText(messages.emailBlank)).toBe('Email cannot be blank');
  });
});
