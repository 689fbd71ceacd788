import { describe, expect, it } from 'vitest';
import { patientSearchMessages } from '@esr/contracts/patients';
import { ApiError } from '../../../lib/api-client';
import { emptyLookupForm, lookupErrors, searchFailureOf, searchQueryOf } from './lookup-form';

const withNumber = (nhsNumber: string) => ({ ...emptyLookupForm, nhsNumber });
const withLocal = (localIdentifier: string) => ({ ...emptyLookupForm, noNhsNumber: true, localIdentifier });

describe('patient lookup form (docs/requirements.md §5)', () => {
  it('answers a search with the field in use empty with an error, not a disabled button (decision 0058)', () => {
    expect(lookupErrors(emptyLookupForm)).toEqual({ nhsNumber: patientSearchMessages.nothingToSearch });
    expect(lookupErrors(withNumber('   '))).toEqual({ nhsNumber: patientSearchMessages.nothingToSearch });
    expect(lookupErrors({ ...withNumber('9990845255'), noNhsNumber: true })).toEqual({
      localIdentifier: patientSearchMessages.nothingToSearch,
    });
    expect(lookupErrors(withLocal('RAN760798'))).toEqual({});
  });

  it('needs 10 digits that pass the Modulus 11 check', () => {
    expect(lookupErrors(withNumber('9990845255'))).toEqual({});
    expect(lookupErrors(withNumber('999 084 5255'))).toEqual({});
    expect(lookupErrors(withNumber('999084525'))).toEqual({
      nhsNumber: patientSearchMessages.nhsNumberLength,
    });
    expect(lookupErrors(withNumber('99908452551'))).toEqual({
      nhsNumber: patientSearchMessages.nhsNumberLength,
    });
    expect(lookupErrors(withNumber('99908452a5'))).toEqual({
      nhsNumber: patientSearchMessages.nhsNumberLength,
    });
    expect(lookupErrors(withNumber('9990845256'))).toEqual({
      nhsNumber: patientSearchMessages.nhsNumberInvalid,
    });
  });

  it('needs a local identifier of at most 30 characters', () => {
    expect(lookupErrors(withLocal('RAN760798'))).toEqual({});
    expect(lookupErrors(withLocal('x'.repeat(30)))).toEqual({});
    expect(lookupErrors(withLocal('x'.repeat(31)))).toEqual({
      localIdentifier: patientSearchMessages.localIdentifierTooLong,
    });
    expect(lookupErrors(withLocal('  '))).toEqual({ localIdentifier: patientSearchMessages.nothingToSearch });
  });

  it('searches by one of the two', () => {
    expect(searchQueryOf(withNumber('999-084-5255'))).toEqual({ nhsNumber: '9990845255' });
    expect(searchQueryOf({ ...withLocal(' RAN760798 '), nhsNumber: '9990845255' })).toEqual({
      medicalRecordNumber: 'RAN760798',
    });
  });

  it("puts the server's 400 errors under their fields and shows a 404's detail (docs/requirements.md §8)", () => {
    const bad = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { NHSNumber: ['NHS number is not valid'] },
    });
    expect(searchFailureOf(bad, 'Some error occurred')).toEqual({
      fieldErrors: { nhsNumber: 'NHS number is not valid' },
    });
    const local = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { MedicalRecordNumber: ['Too long'] },
    });
    expect(searchFailureOf(local, 'x').fieldErrors).toEqual({ localIdentifier: 'Too long' });
    expect(searchFailureOf(new ApiError(404, { detail: 'No patient found' }), 'x')).toEqual({
      fieldErrors: {},
      notFound: 'No patient found',
    });
    expect(searchFailureOf(new ApiError(500, null), 'Some error occurred')).toEqual({
      fieldErrors: {},
      message: 'Some error occurred',
    });
    expect(searchFailureOf(new TypeError('offline'), 'Some error occurred').message).toBe(
      'Some error occurred',
    );
  });
});
