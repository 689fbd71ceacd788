import type { z } from 'zod';
import { errorResponseSchema, type ErrorResponse } from '@esr/contracts/errors';

/** An API failure with its status and the server's `{detail, errors}` when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
  ) {
    super(body?.detail ?? `Request failed with status ${status}`);
  }
}

type TokenSource = () => Promise<string | null>;
type UnauthorisedHandler = (status: 401 | 403) => void;

let tokenSource: TokenSource = async () => null;
let onUnauthorised: UnauthorisedHandler = () => undefined;

/** The auth provider plugs in how to get a token and what to do when the API refuses it. */
export function configureApiClient(source: TokenSource, handler: UnauthorisedHandler) {
  tokenSource = source;
  onUnauthorised = handler;
}

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
}

export function buildQuery(query: RequestOptions<z.ZodType>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const token = await tokenSource();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(`${path}${buildQuery(options.query)}`, {
    method: options.method ?? 'GET',
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) onUnauthorised(response.status);
    const parsed = errorResponseSchema.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data : null);
  }
  return (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
}
