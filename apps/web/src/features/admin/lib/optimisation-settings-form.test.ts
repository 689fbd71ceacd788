import { describe, expect, it } from 'vitest';
import {
  defaultOptimisationRules,
  factorDefinitions,
  optimisationFactors,
} from '@esr/contracts/optimisation';
import { optimisationRuleMessage, optimisationServicesMessages } from '@esr/contracts/optimisation-settings';
import { ApiError } from '../../../lib/api-client';
import {
  namesOf,
  parseRules,
  parseServices,
  rulesSaveFailure,
  rulesText,
  servicesFieldId,
  servicesNamed,
  servicesSaveFailure,
  servicesText,
} from './optimisation-settings-form';

const defaults = {
  services: Object.fromEntries(
    optimisationFactors.map((code) => [code, [...factorDefinitions[code].defaultServices]]),
  ) as Record<(typeof optimisationFactors)[number], string[]>,
  contacts: {},
};

describe('the optimisation thresholds form', () => {
  it('reads whole numbers in range, and the contract’s message for each field that is not', () => {
    expect(parseRules(rulesText(defaultOptimisationRules))).toEqual({
      ok: true,
      request: defaultOptimisationRules,
    });
    const parsed = parseRules({
      ...rulesText(defaultOptimisationRules),
      haemoglobinBelow: ' ',
      dueWeeks: '12.5',
      bmiFrom: '0x28',
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        haemoglobinBelow: optimisationRuleMessage('haemoglobinBelow'),
        bmiFrom: optimisationRuleMessage('bmiFrom'),
        dueWeeks: optimisationRuleMessage('dueWeeks'),
      },
    });
  });

  it('puts the API’s messages under their fields, and any other failure at the top', () => {
    const refused = new ApiError(400, {
      detail: 'The request is not valid',
      errors: { egfrBelow: ['Too low'] },
    });
    expect(rulesSaveFailure(refused)).toEqual({ errors: { egfrBelow: 'Too low' } });
    expect(rulesSaveFailure(new ApiError(403, { detail: 'You do not have access' }))).toEqual({
      errors: {},
      message: 'You do not have access',
    });
  });
});

describe('the optimisation services form', () => {
  it('shows each factor’s services one a line, and reads them back with each named service’s contact', () => {
    const texts = servicesText({ ...defaults, contacts: { 'GP practice': 'Call your surgery' } });
    expect(texts.services.anaemia).toBe('Pre-operative anaemia clinic\nGP practice');
    expect(namesOf('  Clinic A \n\n Clinic B\n')).toEqual(['Clinic A', 'Clinic B']);
    expect(servicesNamed(texts.services)).toContain('GP practice');
    expect(servicesNamed(texts.services).filter((name) => name === 'GP practice')).toHaveLength(1);
    const parsed = parseServices(texts);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.request.services?.anaemia).toEqual(['Pre-operative anaemia clinic', 'GP practice']);
      expect(parsed.request.contacts?.['GP practice']).toBe('Call your surgery');
      expect(parsed.request.contacts?.Dietetics).toBe('');
    }
  });

  it('gives the contract’s messages under the factor or the contact at fault', () => {
    const texts = servicesText(defaults);
    const parsed = parseServices({
      services: { ...texts.services, smoking: '', nutrition: 'Dietetics\ndietetics' },
      contacts: { 'GP practice': 'x'.repeat(201) },
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        smoking: optimisationServicesMessages.noService,
        nutrition: optimisationServicesMessages.duplicate,
        'contact:GP practice': optimisationServicesMessages.contactTooLong,
      },
    });
    const named = servicesNamed(texts.services);
    expect(servicesFieldId('smoking', named)).toBe('services-smoking');
    expect(servicesFieldId('contact:GP practice', named)).toBe(`contact-${named.indexOf('GP practice') + 1}`);
  });

  it('reads the API’s field names, a service’s name with a point in it too', () => {
    const refused = new ApiError(400, {
      detail: 'The request is not valid',
      errors: {
        'services.anaemia.1': ['Enter the service’s name'],
        'contacts.St. Mary’s clinic': ['Too long'],
      },
    });
    expect(servicesSaveFailure(refused)).toEqual({
      errors: { anaemia: 'Enter the service’s name', 'contact:St. Mary’s clinic': 'Too long' },
    });
    expect(servicesSaveFailure(new Error('offline')).message).toBeTruthy();
  });
});
