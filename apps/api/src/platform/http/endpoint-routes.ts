import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EndpointDefinition } from '@esr/contracts/endpoints';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Field<E, K extends 'params' | 'querystring' | 'body'> = E extends { [P in K]: infer S } ? S : undefined;

/** The schemas of an endpoint as Fastify reads them, so the zod type provider types the handler. */
export interface EndpointSchema<E extends EndpointDefinition> {
  params: Field<E, 'params'>;
  querystring: Field<E, 'querystring'>;
  body: Field<E, 'body'>;
  response: E['response'];
}

/** A handler of an endpoint: request.params, query and body, and the reply, typed from its schemas. */
export type EndpointHandler<E extends EndpointDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/** What only the running server knows, e.g. a body limit that follows the configured file size. */
export interface RuntimeRouteOptions {
  bodyLimit?: number;
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;

/**
 * Registers the route of an endpoint of the contracts' table (docs/requirements.md §7): its method,
 * pattern, access, schemas, OpenAPI operation and route options all come from the table, so a
 * route file holds only its handler.
 */
export function route<E extends EndpointDefinition>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  runtime: RuntimeRouteOptions = {},
): void {
  const config: FastifyContextConfig = withoutUndefined({
    // The identity module declares `permission` as its Permission type: a permission name of the
    // table that the API does not define fails to compile here.
    permission: endpoint.permission,
    public: endpoint.public,
    rateLimit: endpoint.rateLimit,
  });
  const schema: FastifySchema = withoutUndefined({
    tags: endpoint.tags,
    summary: endpoint.summary,
    description: endpoint.description,
    consumes: endpoint.consumes,
    hide: endpoint.hide,
    // A public endpoint needs no bearer token, which its OpenAPI operation says.
    security: endpoint.public ? [] : undefined,
    params: endpoint.params,
    querystring: endpoint.querystring,
    body: endpoint.body,
    response: endpoint.response,
  });
  const bodyLimit = runtime.bodyLimit ?? endpoint.bodyLimit;
  app.route<RouteGenericInterface, ContextConfigDefault, EndpointSchema<E>>({
    method: endpoint.method,
    url: endpoint.path,
    ...(Object.keys(config).length > 0 ? { config } : {}),
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    schema: schema as EndpointSchema<E>,
    handler,
  });
}
