import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue, inFormOrder } from './change-description';

describe('change log field labels', () => {
  it('uses the forms’ words for known fields', () => {
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('roles')).toBe('Assigned roles');
    expect(fieldLabel('primaryContactTelNumber')).toBe('Primary contact phone number');
  });

  it('turns an unlabelled field name into a sentence', () => {
    expect(fieldLabel('dischargeDestination')).toBe('Discharge destination');
    expect(fieldLabel('bmi')).toBe('Bmi');
  });
});

describe('change log values', () => {
  it('reads status codes as Active and Disabled', () => {
    expect(fieldValue('status', 1)).toBe('Active');
    expect(fieldValue('status', 0)).toBe('Disabled');
  });

  it('names role codes in alphabetical order, keeping an unknown code as it is', () => {
    expect(fieldValue('roles', ['ta', 'cl'])).toBe('Clinician, Trust Admin');
    expect(fieldValue('roles', ['xx'])).toBe('xx');
  });

  it('shows empty values as (none), and other lists and values as written', () => {
    expect(fieldValue('trustTenantId', null)).toBe('(none)');
    expect(fieldValue('trustTenantId', '')).toBe('(none)');
    expect(fieldValue('roles', [])).toBe('(none)');
    expect(fieldValue('tags', ['a', 'b'])).toBe('a, b');
    expect(fieldValue('activeVersion', 3)).toBe('3');
  });
});

describe('change log field order', () => {
  it('follows the form, whatever order the database kept, with unlabelled fields last', () => {
    const stored: [string, number][] = [
      ['email', 1],
      ['zeta', 2],
      ['roles', 3],
      ['status', 4],
      ['lastName', 5],
      ['alpha', 6],
      ['firstName', 7],
      ['trustCode', 8],
    ];
    expect(inFormOrder(stored).map(([field]) => field)).toEqual([
      'firstName',
      'lastName',
      'email',
      'trustCode',
      'roles',
      'status',
      'alpha',
      'zeta',
    ]);
  });
});
