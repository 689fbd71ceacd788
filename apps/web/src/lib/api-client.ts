import type { z } from 'zod';
// endpoint.ts, not endpoints.ts: the client loads with the first page, the endpoint table does not.
import {
  endpointPath,
  isFileResponse,
  successResponse,
  type EndpointDefinition,
  type EndpointParams,
  type SuccessResponse,
} from '@esr/contracts/endpoint';
import { errorResponseSchema, type ErrorResponse } from '@esr/contracts/errors';
import { actingRoleHeader, roleCodeOfGuardRole } from '@esr/contracts/roles';
import { fileNameFromDisposition } from './download';
import { readSelectedRole } from './selected-role-storage';

/** An API failure with its status and the server's `{detail, errors}` when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | null,
  ) {
    super(body?.detail ?? `Request failed with status ${status}`);
  }
}

/**
 * Whether an error's detail is written for the person at the screen, to be shown as it is: a 4xx's,
 * and a 503's (the service read-only for downtime, decision 0067, or busy making documents). A 500's
 * is generic, and another 5xx comes from a proxy, so the screens say their own words for those.
 */
export const isDetailForPeople = (status: number): boolean =>
  (status >= 400 && status < 500) || status === 503;

type TokenSource = () => Promise<string | null>;
type UnauthorisedHandler = (status: 401 | 403) => void;

let tokenSource: TokenSource = async () => null;
let onUnauthorised: UnauthorisedHandler = () => undefined;

/** The auth provider plugs in how to get a token and what to do when the API refuses it. */
export function configureApiClient(source: TokenSource, handler: UnauthorisedHandler) {
  tokenSource = source;
  onUnauthorised = handler;
}

/**
 * The role the user is acting in, named to the API with each call (decision 0056): a change made
 * as Clerical User is shown to clinicians until one reviews it, whatever else the user holds.
 */
function actingRole(headers: Record<string, string>): Record<string, string> {
  const role = typeof window === 'undefined' ? null : readSelectedRole(window.localStorage);
  if (role) headers[actingRoleHeader] = roleCodeOfGuardRole(role);
  return headers;
}

type QueryValues = Record<string, string | number | boolean | readonly string[] | undefined | null>;

interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryValues;
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
}

/** The path parameters of an endpoint of the contracts' table, when its pattern has any. */
type ParamsOption<E extends EndpointDefinition> =
  EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> };

/** The body an endpoint takes: its body schema's input, or a multipart form when it has none. */
type BodyOption<E extends EndpointDefinition> = E extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: FormData };

/**
 * A call to an endpoint: its path parameters and body as the table types them. `schema` replaces
 * the success response's schema where the caller reads the answer another way.
 */
export type EndpointCall<
  E extends EndpointDefinition,
  S extends z.ZodType | undefined = undefined,
> = ParamsOption<E> & BodyOption<E> & { query?: QueryValues; schema?: S; signal?: AbortSignal };

/** An options argument that may be left out when nothing in it is required. */
type OptionsArgument<T> = object extends T ? [options?: T] : [options: T];

/** What a call answers: the explicit schema's output, else the success response's, else unknown. */
type Answer<E extends EndpointDefinition, S> = [S] extends [z.ZodType]
  ? z.output<S>
  : SuccessResponse<E> extends z.ZodType
    ? z.output<SuccessResponse<E>>
    : unknown;

/** The schema a JSON answer is parsed with: the caller's, or the table's for the success status. */
function answerSchema(endpoint: EndpointDefinition, schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema) return schema;
  const response = successResponse(endpoint);
  return response && !isFileResponse(response) ? response : undefined;
}

export function buildQuery(query: QueryValues | undefined): string {
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

/**
 * A call to an endpoint of the contracts' table (docs/requirements.md §7): the URL from its pattern
 * and path parameters, its method, and the answer parsed with its success response's schema.
 */
export async function apiRequest<E extends EndpointDefinition, S extends z.ZodType | undefined = undefined>(
  endpoint: E,
  ...options: OptionsArgument<EndpointCall<E, S>>
): Promise<Answer<E, S>> {
  const callOptions = (options[0] ?? {}) as RequestOptions<z.ZodType> & { params?: Record<string, unknown> };
  const requestOptions: RequestOptions<z.ZodType> = {
    ...callOptions,
    method: endpoint.method,
    schema: answerSchema(endpoint, callOptions.schema),
  };
  const path = endpointPath(endpoint, callOptions.params);
  const token = await tokenSource();
  const headers = actingRole({ accept: 'application/json' });
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = requestOptions.body instanceof FormData;
  if (requestOptions.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await fetch(`${path}${buildQuery(requestOptions.query)}`, {
    method: requestOptions.method ?? 'GET',
    headers,
    body:
      requestOptions.body === undefined
        ? undefined
        : isForm
          ? (requestOptions.body as FormData)
          : JSON.stringify(requestOptions.body),
    signal: requestOptions.signal ?? null,
  });
  const text = await response.text();
  if (!response.ok) throw failureOf(response.status, text);
  const json: unknown = text ? JSON.parse(text) : null;
  return (requestOptions.schema ? requestOptions.schema.parse(json) : json) as Answer<E, S>;
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
export async function apiDownload<E extends EndpointDefinition>(
  endpoint: E,
  ...[options]: OptionsArgument<ParamsOption<E> & Pick<RequestOptions<z.ZodType>, 'query' | 'signal'>>
): Promise<DownloadedFile> {
  const token = await tokenSource();
  const headers = actingRole({});
  if (token) headers.authorization = `Bearer ${token}`;
  const path = endpointPath(endpoint, options?.params);
  const response = await fetch(`${path}${buildQuery(options?.query)}`, {
    method: endpoint.method,
    headers,
    signal: options?.signal ?? null,
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
export async function apiUpload<E extends EndpointDefinition, S extends z.ZodType | undefined = undefined>(
  endpoint: E,
  form: FormData,
  ...[options]: OptionsArgument<
    ParamsOption<E> & { schema?: S; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal }
  >
): Promise<Answer<E, S>> {
  const path = endpointPath(endpoint, options?.params);
  const schema = answerSchema(endpoint, options?.schema);
  const token = await tokenSource();
  const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, path);
    for (const [name, value] of Object.entries(actingRole({ accept: 'application/json' })))
      request.setRequestHeader(name, value);
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      options?.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError('The upload could not reach the server'));
    request.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
    options?.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
  if (reply.status < 200 || reply.status >= 300) throw failureOf(reply.status, reply.text);
  const json: unknown = reply.text ? JSON.parse(reply.text) : null;
  return (schema ? schema.parse(json) : json) as Answer<E, S>;
}
