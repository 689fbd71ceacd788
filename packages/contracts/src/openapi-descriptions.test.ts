import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, isFileResponse, type EndpointDefinition } from './endpoints.js';

/**
 * The OpenAPI document the API serves is generated from these schemas, each converted as the
 * API's zod type provider converts it (JSON Schema for OpenAPI 3.0; requests as the API reads
 * them, responses as it writes them). A path or query parameter's description is its property's,
 * and a body's or an answer's properties keep theirs, so a property without one is a parameter
 * or field the document leaves unexplained.
 */

type JsonSchema = {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  type?: string;
  example?: unknown;
};

const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;

const all: [string, EndpointDefinition][] = Object.entries(endpoints).flatMap(([area, table]) =>
  Object.entries(table).map(([name, endpoint]): [string, EndpointDefinition] => [
    `${area}.${name}`,
    endpoint as EndpointDefinition,
  ]),
);

/** Every property of a schema, at any depth, that has no description: `where.name` each. */
function undescribed(schema: JsonSchema, where: string): string[] {
  const missing: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!property.description?.trim()) missing.push(`${where}.${name}`);
    missing.push(...undescribed(property, `${where}.${name}`));
  }
  if (schema.items) missing.push(...undescribed(schema.items, `${where}[]`));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    missing.push(...undescribed(branch, where));
  if (typeof schema.additionalProperties === 'object')
    missing.push(...undescribed(schema.additionalProperties, `${where}{}`));
  return missing;
}

const parameters = (endpoint: EndpointDefinition) =>
  (['params', 'querystring'] as const).flatMap((part) => {
    const schema = endpoint[part];
    if (!schema) return [];
    return Object.entries(toJson(schema, 'input').properties ?? {}).map(([name, property]) => ({
      name: `${part === 'params' ? 'path' : 'query'}:${name}`,
      property,
    }));
  });

describe('the OpenAPI document explains every parameter and field', () => {
  it.each(all)('%s: each path and query parameter has a description', (_name, endpoint) => {
    const missing = parameters(endpoint)
      .filter(({ property }) => !property.description?.trim())
      .map(({ name }) => name);
    expect(missing).toEqual([]);
  });

  it.each(all.filter(([, endpoint]) => endpoint.body))(
    '%s: each property of the body has a description',
    (_name, endpoint) => {
      expect(undescribed(toJson(endpoint.body!, 'input'), 'body')).toEqual([]);
    },
  );

  it.each(all)('%s: each property of every answer has a description', (_name, endpoint) => {
    const missing = Object.entries(endpoint.response).flatMap(([status, response]) =>
      isFileResponse(response)
        ? Object.entries(response.content).flatMap(([mediaType, { schema }]) =>
            undescribed(toJson(schema, 'output'), `${status} ${mediaType}`),
          )
        : undescribed(toJson(response, 'output'), status),
    );
    expect(missing).toEqual([]);
  });

  it('says how the report export’s fields are written, and documents them as a list of keys', () => {
    const fields = parameters(endpoints.openPathways.activeExport).find(
      ({ name }) => name === 'query:fields',
    );
    expect(fields?.property).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(fields?.property.description).toMatch(/comma-separated/i);
    expect(fields?.property.description).toMatch(/repeated/i);
    expect(fields?.property.description).toContain('…/records/active/fields');
    expect(fields?.property.example).toEqual(['nhsNumber', 'lastName', 'tciDate']);
  });

  it('gives NHS numbers, dates and codes an example', () => {
    const example = (endpoint: EndpointDefinition, name: string) =>
      parameters(endpoint).find((parameter) => parameter.name === name)?.property.example;
    expect(example(endpoints.patients.search, 'query:nhsNumber')).toBe('9434765919');
    expect(example(endpoints.accessLog.list, 'query:nhsNumber')).toBe('9434765919');
    // A parameter whose schema transforms keeps its example too (zod drops `examples` there).
    expect(example(endpoints.openPathways.activeRecords, 'query:nhsNumber')).toBe('9434765919');
    expect(example(endpoints.openPathways.activeRecords, 'query:tciDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(example(endpoints.modelPerformance.figures, 'query:from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(example(endpoints.openPathways.activeRecords, 'path:trust')).toBe('RAN');
    expect(example(endpoints.openPathways.activeRecords, 'path:type')).toBe('knee');
  });
});
