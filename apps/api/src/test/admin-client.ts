import type { TestApp } from './helper.js';
import { bearer } from './helper.js';

/** Small call helpers for the admin API tests: JSON in, status and JSON out. */
export function clientFor(t: TestApp, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
  };
}

/** `?a=1&filters[x]=y` from an object; arrays repeat their key. */
export function queryString(query: Record<string, string | number | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
