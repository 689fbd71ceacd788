import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  endpointPath,
  endpoints,
  isFileResponse,
  pathParamNames,
  successResponse,
  type EndpointDefinition,
} from './endpoints.js';

const all: [string, EndpointDefinition][] = Object.entries(endpoints).flatMap(([area, table]) =>
  Object.entries(table).map(([name, endpoint]): [string, EndpointDefinition] => [
    `${area}.${name}`,
    endpoint,
  ]),
);

describe('the endpoint table (docs/requirements.md §7)', () => {
  it('declares each method and path once', () => {
    const routes = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(all)('%s: its params schema names exactly the parameters of its pattern', (_name, endpoint) => {
    const names = pathParamNames(endpoint.path).sort();
    const keys = endpoint.params ? Object.keys((endpoint.params as z.ZodObject).shape).sort() : [];
    expect(keys).toEqual(names);
  });

  it.each(all)(
    '%s: declares a success response and is public or signed-in, never both',
    (_name, endpoint) => {
      expect(successResponse(endpoint)).toBeDefined();
      expect(endpoint.public && endpoint.permission !== undefined).toBeFalsy();
    },
  );

  it('tells file responses from JSON ones', () => {
    expect(isFileResponse(successResponse(endpoints.patients.riskSummaryExport)!)).toBe(true);
    expect(isFileResponse(successResponse(endpoints.patients.riskSummary)!)).toBe(false);
  });

  it('takes the first success status as the answer', () => {
    expect(successResponse(endpoints.users.create)).toBe(endpoints.users.create.response[201]);
    expect(successResponse(endpoints.waitingList.upload)).toBe(endpoints.waitingList.upload.response[202]);
    expect(successResponse(endpoints.waitingList.confirmImport)).toBe(
      endpoints.waitingList.confirmImport.response[200],
    );
  });
});

describe('endpointPath', () => {
  it('fills the pattern with URI-encoded values', () => {
    expect(endpointPath(endpoints.users.details, { userId: 'a b/c?' })).toBe('/api/users/a%20b%2Fc%3F/');
    expect(
      endpointPath(endpoints.patients.historyEntry, {
        trust: 'RAN',
        type: 'knee-hip',
        id: 'x',
        historyId: 'h',
      }),
    ).toBe('/api/trusts/RAN/procedures/knee-hip/patients/x/history/h');
  });

  it('keeps the trailing slash of the pattern, and adds the one the web app sends', () => {
    expect(endpointPath(endpoints.trusts.list)).toBe('/api/trusts/');
    expect(endpointPath(endpoints.dashboards.trustAdmin)).toBe('/api/trust-admin/dashboard');
    expect(endpointPath(endpoints.patients.search, { trust: 'RAN' })).toBe('/api/trusts/RAN/patients/');
    expect(endpointPath(endpoints.patients.remodel, { trust: 'RAN', type: 'hip', id: 'x' })).toBe(
      '/api/trusts/RAN/procedures/hip/patients/x',
    );
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointPath(endpoints.trusts.details, {})).toThrow(/trustCode/);
  });
});
