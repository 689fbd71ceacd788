import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@esr/contracts/endpoints';
import { selectedRoleKey } from './selected-role-storage';
import { apiDownload, apiRequest, configureApiClient, isDetailForPeople } from './api-client';

/** A browser's local storage holding the role the user chose in the header. */
function signedInActingAs(role: string | null) {
  const data = new Map(role ? [[selectedRoleKey, role]] : []);
  vi.stubGlobal('window', { localStorage: { getItem: (key: string) => data.get(key) ?? null } });
  configureApiClient(
    async () => 'token',
    () => undefined,
  );
}

/** The headers of each call the client makes. */
function recordCalls() {
  const calls: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
      calls.push(init.headers);
      return new Response('{"items":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the role the user acts in, told to the API (decision 0056)', () => {
  it('names the chosen role by its code with every call and download', async () => {
    signedInActingAs('ClericalUser');
    const calls = recordCalls();
    // What the server answers does not matter here, only what the client sent.
    await apiRequest(endpoints.identity.me).catch(() => undefined);
    await apiDownload(endpoints.patients.riskSummaryExport, {
      params: { trust: 'RAN', type: 'knee', id: 'p1' },
    });
    expect(calls.map((headers) => headers['x-acting-role'])).toEqual(['cu', 'cu']);
    expect(calls[0]!.authorization).toBe('Bearer token');
  });

  it('names Clinician as cl, and nothing before a role is chosen', async () => {
    signedInActingAs('Clinician');
    const calls = recordCalls();
    await apiRequest(endpoints.identity.me).catch(() => undefined);
    signedInActingAs(null);
    await apiRequest(endpoints.identity.me).catch(() => undefined);
    expect(calls.map((headers) => headers['x-acting-role'])).toEqual(['cl', undefined]);
  });
});

describe('which errors the screens show in the server’s words', () => {
  it('a 4xx’s and a 503’s (read-only for downtime, decision 0067), never a 500’s or a proxy’s 502', () => {
    expect([400, 404, 409, 422, 503].map(isDetailForPeople)).toEqual([true, true, true, true, true]);
    expect([500, 502, 504, 302].map(isDetailForPeople)).toEqual([false, false, false, false]);
  });
});
