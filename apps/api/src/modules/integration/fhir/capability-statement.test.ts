import { describe, expect, it } from 'vitest';
import { productName } from '@esr/contracts/messages';
import { capabilityStatement } from './capability-statement.js';
import { validateFhir } from './fhir-validation.js';

describe('capabilityStatement', () => {
  const statement = capabilityStatement({
    baseUrl: 'https://risk.example.nhs.uk/',
    softwareVersion: '0.1.0',
    publishedOn: '2026-12-01',
  });

  it('is a valid R4 CapabilityStatement of this instance', () => {
    expect(validateFhir(statement)).toEqual([]);
    expect(statement).toMatchObject({
      status: 'active',
      kind: 'instance',
      date: '2026-12-01',
      software: { name: productName, version: '0.1.0' },
      implementation: { url: 'https://risk.example.nhs.uk/fhir/r4' },
      fhirVersion: '4.0.1',
      format: ['application/fhir+json', 'json'],
    });
  });

  it('asks for OAuth 2.0 client credentials', () => {
    const [rest] = statement.rest;
    expect(rest?.mode).toBe('server');
    expect(rest?.security.service).toEqual([
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
            code: 'OAuth',
            display: 'OAuth',
          },
        ],
        text: 'OAuth 2.0 client credentials',
      },
    ]);
    expect(rest?.security.description).toContain('client credentials grant');
  });

  it('claims exactly what the routes do', () => {
    const interactions = Object.fromEntries(
      statement.rest[0]!.resource.map((resource) => [resource.type, resource.interaction.map((i) => i.code)]),
    );
    expect(interactions).toEqual({
      RiskAssessment: ['read', 'search-type'],
      ServiceRequest: ['read', 'search-type'],
      Observation: ['create'],
      Bundle: ['create'],
    });
    const riskAssessment = statement.rest[0]!.resource[0]!;
    expect(riskAssessment.searchParam).toEqual([
      expect.objectContaining({
        name: 'subject',
        type: 'reference',
        definition: 'http://hl7.org/fhir/SearchParameter/RiskAssessment-subject',
      }),
    ]);
    expect(riskAssessment.searchParam?.[0]?.documentation).toContain(':identifier');
    const serviceRequest = statement.rest[0]!.resource[1]!;
    expect(serviceRequest.searchParam).toEqual([
      expect.objectContaining({
        name: 'subject',
        type: 'reference',
        definition: 'http://hl7.org/fhir/SearchParameter/ServiceRequest-subject',
      }),
    ]);
  });
});
