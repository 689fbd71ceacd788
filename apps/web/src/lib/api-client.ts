import type { z } from 'zod';
import { errorResponseSchema, type ErrorResponse } from '@esr/contracts/errors';
import { fileNameFromDisposition } from './download';

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

function failureOf(status: number, text: string): ApiError {
  if (status === 401 || status === 403) onUnauthorised(status);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: the status alone says what went wrong.
  }
  const parsed = errorResponseSchema.safeParse(json);
  return new ApiError(status, parsed.success ? parsed.data : null);
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
  if (!response.ok) throw failureOf(response.status, text);
  const json: unknown = text ? JSON.parse(text) : null;
  return (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
}

/** A file the API sends, with the name its Content-Disposition gives (null when it gives none). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * A file download. A plain link cannot carry the bearer token, so the file is fetched here and
 * saved by the caller; tokens and errors are as apiRequest's.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions<z.ZodType>, 'query' | 'signal'> = {},
): Promise<DownloadedFile> {
  const token = await tokenSource();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${path}${buildQuery(options.query)}`, {
    headers,
    signal: options.signal ?? null,
  });
  if (!response.ok) throw failureOf(response.status, await response.text());
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

export interface UploadProgress {
  loaded: number;
  /** 0 when the browser cannot tell the size of the request. */
  total: number;
}

/**
 * A multipart POST that reports how much of the body has been sent. fetch() has no upload
 * progress, so this one call goes through XMLHttpRequest; tokens and errors are as apiRequest's.
 */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: { schema?: S; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  const token = await tokenSource();
  const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
  if (reply.status < 200 || reply.status >= 300) throw failureOf(reply.status, reply.text);
  const json: unknown = reply.text ? JSON.parse(reply.text) : null;
  return (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
}
