import type { z } from 'zod';

/**
 * What an API endpoint is, declared once (docs/requirements.md §7): the API registers its route from
 * it and the web app builds its calls from it. Plain data and zod schemas, so that both sides (and
 * the OpenAPI document generated from the registered routes) read the same declaration.
 */

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The permissions a route may require (docs/requirements.md §6). The API gives each one its roles
 * (apps/api/src/modules/identity/access.ts), and fails to compile if one is missing or extra.
 */
export type EndpointPermission =
  | 'library:read'
  | 'models:upload'
  | 'models:read'
  // Decision 0060: a clinical safety officer approves model versions and suspends predictions.
  | 'models:approve'
  | 'predictions:suspend'
  | 'trusts:read'
  | 'trusts:write'
  | 'trusts:select'
  | 'users:read'
  | 'users:write'
  | 'users:super-admins'
  | 'dashboard:super-admin'
  | 'dashboard:trust-admin'
  | 'changelog:read'
  | 'access-log:read'
  | 'integration-clients:read'
  | 'integration-clients:write'
  | 'waiting-list:import'
  | 'waiting-list:read'
  | 'patients:read'
  | 'patients:write'
  | 'patients:review-changes'
  | 'patients:identity-correction'
  | 'prioritisation:read'
  | 'prioritisation:validate'
  | 'prioritisation:clinical'
  | 'prioritisation:settings'
  | 'outcomes:import'
  | 'outcomes:read'
  | 'outcomes:record'
  | 'model-performance:read'
  | 'model-performance:settings'
  | 'model-performance:signals'
  | 'model-performance:national'
  // Decision 0057: the trust's scoring settings (the oldest blood result the model may use).
  | 'scoring:settings'
  // Decision 0068: how fresh the lists and results feed are, and how often the trust expects them.
  | 'data-freshness:read'
  | 'data-freshness:settings'
  // Decision 0071: waiting well; clinicians record every step, waiting list admins the administrative ones.
  | 'optimisation:read'
  | 'optimisation:clinical'
  | 'optimisation:administrative'
  | 'optimisation:settings'
  // Decision 0047: held only by integration clients (systems), never by a person's role.
  | 'integration:results'
  | 'integration:risk';

/** A response that is a file rather than JSON: its description and media types, for the OpenAPI document. */
export interface FileResponse {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

export type EndpointResponse = z.ZodType | FileResponse;

/** Who may call an endpoint: anyone (no bearer token), or a signed-in caller holding a permission. */
type EndpointAccess =
  | {
      /** No bearer token is needed; the OpenAPI operation then lists no security. */
      readonly public: true;
      readonly permission?: never;
    }
  | {
      readonly public?: never;
      /**
       * The permission the caller's role must hold, or a list of which any one will do (when the
       * use case depends on the caller). Absent: any signed-in user.
       */
      readonly permission?: EndpointPermission | readonly EndpointPermission[];
    };

export type EndpointDefinition = EndpointAccess & {
  readonly method: EndpointMethod;
  /**
   * The route pattern as the API registers it, e.g. `/api/users/:userId/`: the web app's under
   * `/api/`, the integration clients' under `/fhir/r4/` and `/hl7/v2` (decision 0047).
   */
  readonly path: `/api/${string}` | `/fhir/r4/${string}` | '/hl7/v2';
  /**
   * The web app sends the path with a trailing slash although the API registers it without one (as
   * docs/requirements.md §7 writes those calls; the API ignores trailing slashes).
   */
  readonly clientTrailingSlash?: true;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** By status code: the success status first, then the errors. */
  readonly response: Readonly<Record<number, EndpointResponse>>;
  // The OpenAPI operation.
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly consumes?: readonly string[];
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
  // Route options.
  readonly rateLimit?: { readonly max: number; readonly timeWindow: string };
  /** Bytes; absent: the server's default. */
  readonly bodyLimit?: number;
};

/** Declares an endpoint, keeping its literal method, path and the exact types of its schemas. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

const successStatuses = [200, 201, 202, 204] as const;

/** The schema of an endpoint's success response (the first 2xx it declares). */
export type SuccessResponse<E extends EndpointDefinition> = E['response'] extends { 200: infer S }
  ? S
  : E['response'] extends { 201: infer S }
    ? S
    : E['response'] extends { 202: infer S }
      ? S
      : E['response'] extends { 204: infer S }
        ? S
        : undefined;

export function successResponse(endpoint: EndpointDefinition): EndpointResponse | undefined {
  const status = successStatuses.find((code) => endpoint.response[code] !== undefined);
  return status === undefined ? undefined : endpoint.response[status];
}

export const isFileResponse = (response: EndpointResponse): response is FileResponse =>
  'content' in response && typeof response.content === 'object';

/** The values of an endpoint's path parameters, as its params schema takes them. */
export type EndpointParams<E extends EndpointDefinition> = E extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : undefined;

/** The names in a route pattern: `/api/users/:userId/` has `userId`. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/**
 * The URL path of a call: each `:name` of the pattern replaced by its value, URI-encoded, and the
 * trailing slash the web app sends where the endpoint says so.
 */
export function endpointPath(endpoint: EndpointDefinition, params?: Record<string, unknown>): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path} needs a value for ${name}`);
    return encodeURIComponent(String(value));
  });
  return endpoint.clientTrailingSlash && !path.endsWith('/') ? `${path}/` : path;
}
