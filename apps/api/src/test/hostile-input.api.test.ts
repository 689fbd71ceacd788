import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@esr/contracts/roles';
import { textRuleMessages } from '@esr/contracts/text-rules';
import { demoUsers } from '../platform/db/seed.js';
import { hostileTextMessages, maxDepth, maxValues } from '../platform/http/hostile-text.js';
import { permissions, type Permission } from '../modules/identity/access.js';
import { bearer, createTestApp, type TestApp } from './helper.js';

/**
 * Every operation of the OpenAPI document the app publishes, so a route added later is covered
 * without being listed: text PostgreSQL cannot store, in each path parameter, query parameter and
 * JSON body string, answers 400 naming the field (never 5xx), and a role that may not call a route
 * is refused 403 whatever it sends.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  maxLength?: number;
  const?: unknown;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
}

interface Operation {
  parameters?: { in: string; name: string; description?: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  'x-permissions'?: Permission[];
}

interface Call {
  method: string;
  template: string;
  operation: Operation;
}

// One demo user per role, all in RAN (db/seed.ts); the order is who is tried first.
const callerFor: Record<RoleCode, string> = {
  sa: demoUsers[0].id,
  ta: demoUsers[1].id,
  tca: demoUsers[4].id,
  cu: demoUsers[2].id,
  cl: demoUsers[3].id,
  wa: demoUsers[5].id,
  cso: demoUsers[8].id,
};
const roles = Object.keys(callerFor) as RoleCode[];
/** The demonstration trust's integration client (decision 0047): the only caller of the FHIR and HL7 endpoints. */
const integrationClient = 'ran-pathology-demo';
type Caller = RoleCode | 'integration';
const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Hostile text as it travels in a URL: raw percent-encoded bytes. */
const inUrl = [
  { label: 'a NUL byte', raw: 'R%00N', message: hostileTextMessages.nul },
  { label: 'a lone surrogate', raw: 'R%ED%A0%80', message: hostileTextMessages.encoding },
  { label: 'invalid UTF-8', raw: '%C3%28', message: hostileTextMessages.encoding },
];
/** Hostile text as it travels in JSON: JSON.stringify writes a lone surrogate as its \u escape. */
const inJson = [
  { label: 'a NUL character', value: 'a\u0000b', message: hostileTextMessages.nul },
  { label: 'a lone high surrogate', value: 'a\uD800b', message: hostileTextMessages.surrogate },
  { label: 'a lone low surrogate', value: '\uDC00z', message: hostileTextMessages.surrogate },
];

let t: TestApp;
let calls: Call[];
const tokens = new Map<Caller, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of roles) tokens.set(role, await t.tokenFor(callerFor[role]));
  tokens.set('integration', await t.tokenFor(integrationClient, { clientId: integrationClient }));
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  calls = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([method]) => methods.has(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), template, operation })),
  );
});
afterAll(async () => t?.close());

const isPublic = (operation: Operation) =>
  Array.isArray(operation.security) && operation.security.length === 0;
const holds = (role: RoleCode, required: readonly Permission[]) =>
  required.some((permission) => (permissions[permission].roles as readonly RoleCode[]).includes(role));

/**
 * A caller that may call the operation (Super Admin unless it declares otherwise; the integration
 * client for the integration endpoints), or none if public.
 */
function allowedRole(operation: Operation): Caller | undefined {
  if (isPublic(operation)) return undefined;
  const required = operation['x-permissions'];
  if (!required) return 'sa';
  const role = roles.find((candidate) => holds(candidate, required));
  if (role) return role;
  return required.every((permission) => permission.startsWith('integration:')) ? 'integration' : undefined;
}

const headersFor = (caller: Caller | undefined) => (caller ? bearer(tokens.get(caller)!) : {});

/**
 * The fields an answer names, as each kind of caller reads it: `{detail, errors}` from /api, an
 * OperationOutcome's issues (each with its field as the expression) from /fhir, and an HL7 ACK's
 * text (`field: message`) from /hl7.
 */
function errorsOf(response: { body: string; headers: Record<string, unknown> }): Record<string, string[]> {
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('application/hl7-v2')) {
    const errors: Record<string, string[]> = {};
    for (const match of response.body.matchAll(/(?:^|\. )([^.|:]+): ([^.|\r]+)/g))
      (errors[match[1]!] ??= []).push(match[2]!);
    return errors;
  }
  const body = JSON.parse(response.body) as {
    errors?: Record<string, string[]>;
    resourceType?: string;
    issue?: { diagnostics: string; expression?: string[] }[];
  };
  if (body.resourceType !== 'OperationOutcome') return body.errors ?? {};
  const errors: Record<string, string[]> = {};
  for (const issue of body.issue ?? [])
    for (const field of issue.expression ?? [])
      (errors[field] ??= []).push(issue.diagnostics.replace(/^[^:]*: /, ''));
  return errors;
}

/** A valid-looking path parameter, so that only the hostile one can be refused. */
function pathValue(name: string, schema: JsonSchema | undefined): string {
  if (name === 'userId') return demoUsers[6].id;
  if (schema?.enum) return String(schema.enum[0]);
  if (schema?.format === 'uuid') return '11111111-1111-4111-8111-111111111111';
  return 'RAN';
}

/** Fills a path template; the named parameter gets the raw (already encoded) text. */
function pathOf(call: Call, hostile?: { name: string; raw: string }): string {
  const schemas = new Map(call.operation.parameters?.map((p) => [p.name, p.schema]));
  return call.template.replace(/\{([^{}]+)\}/g, (_match, name: string) =>
    name === hostile?.name ? hostile.raw : encodeURIComponent(pathValue(name, schemas.get(name))),
  );
}

/** A plausible value for a JSON schema: the hostile check does not depend on the others being valid. */
function sample(schema: JsonSchema): unknown {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
    );
  if (type === 'array') return schema.items ? [sample(schema.items)] : [];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return 'Text';
}

/** The path of every string in a sample body, as the error handler names fields (`roles.0.code`). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
}

function withValue(body: unknown, path: string[], value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** Strings a schema takes without a length limit (a UUID's format bounds it). */
function unboundedStrings(schema: JsonSchema | undefined, path: string): string[] {
  if (!schema) return [];
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  const bounded =
    schema.maxLength !== undefined || schema.enum || schema.const !== undefined || schema.format === 'uuid';
  const nested = [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) =>
      unboundedStrings(s, path),
    ),
    ...Object.entries(schema.properties ?? {}).flatMap(([key, s]) => unboundedStrings(s, `${path}.${key}`)),
    ...unboundedStrings(schema.items, `${path}[]`),
    ...(typeof schema.additionalProperties === 'object'
      ? unboundedStrings(schema.additionalProperties, `${path}.*`)
      : []),
  ];
  return type.includes('string') && !bounded ? [path, ...nested] : nested;
}

const jsonBodyOf = (operation: Operation) => operation.requestBody?.content['application/json']?.schema;
const describeCall = (call: Call) => `${call.method} ${call.template}`;

function expectRefused(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  field: string,
  message: string,
  what: string,
) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
  expect(errorsOf(response)[field], `${what}: ${response.body}`).toContain(message);
}

describe('hostile text in every operation of the OpenAPI document', () => {
  it('finds the operations, including ones with path parameters, query parameters and JSON bodies', () => {
    expect(calls.length).toBeGreaterThan(15);
    expect(calls.some((call) => call.operation.parameters?.some((p) => p.in === 'path'))).toBe(true);
    expect(calls.some((call) => call.operation.parameters?.some((p) => p.in === 'query'))).toBe(true);
    expect(calls.some((call) => jsonBodyOf(call.operation))).toBe(true);
  });

  it('answers 400 naming each path parameter that holds NUL, a lone surrogate or invalid UTF-8', async () => {
    let tried = 0;
    for (const call of calls) {
      for (const parameter of call.operation.parameters?.filter((p) => p.in === 'path') ?? []) {
        for (const hostile of inUrl) {
          const what = `${describeCall(call)} with ${hostile.label} in ${parameter.name}`;
          const body = jsonBodyOf(call.operation);
          const response = await t.app.inject({
            method: call.method as 'GET',
            url: pathOf(call, { name: parameter.name, raw: hostile.raw }),
            headers: headersFor(allowedRole(call.operation)),
            ...(body ? { payload: sample(body) as object } : {}),
          });
          expectRefused(response, parameter.name, hostile.message, what);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('answers 400 naming each query parameter, listed or not, that holds them', async () => {
    for (const call of calls) {
      const listed = call.operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name) ?? [];
      const body = jsonBodyOf(call.operation);
      for (const name of [...listed, 'unlisted']) {
        for (const hostile of inUrl) {
          const response = await t.app.inject({
            method: call.method as 'GET',
            url: `${pathOf(call)}?${encodeURIComponent(name)}=${hostile.raw}`,
            headers: headersFor(allowedRole(call.operation)),
            ...(body ? { payload: sample(body) as object } : {}),
          });
          expectRefused(
            response,
            name,
            hostile.message,
            `${describeCall(call)} with ${hostile.label} in ?${name}`,
          );
        }
      }
    }
  });

  it('answers 400 naming each string field of a JSON body that holds NUL or a lone surrogate', async () => {
    let tried = 0;
    for (const call of calls) {
      const schema = jsonBodyOf(call.operation);
      if (!schema) continue; // multipart uploads have no JSON body; their path is covered above
      const valid = sample(schema);
      for (const path of stringPaths(valid)) {
        for (const hostile of inJson) {
          const response = await t.app.inject({
            method: call.method as 'POST',
            url: pathOf(call),
            headers: { ...headersFor(allowedRole(call.operation)), 'content-type': 'application/json' },
            payload: JSON.stringify(withValue(valid, path, hostile.value)),
          });
          const what = `${describeCall(call)} with ${hostile.label} in ${path.join('.')}`;
          expectRefused(response, path.join('.'), hostile.message, what);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(10);
  });

  it('answers 400 naming a hostile key, without the hostile characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { ...headersFor('sa'), 'content-type': 'application/json' },
      payload: '{"first\\u0000Name":"x","\\ud800":"y"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'first\uFFFDName': [hostileTextMessages.nul],
      '\uFFFD': [hostileTextMessages.surrogate],
    });
  });

  it('refuses bodies nested or sized beyond what it reads, as a whole', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: { ...headersFor('sa'), 'content-type': 'application/json' },
        payload,
      });
    const deep = await send(`{"firstName":${'['.repeat(maxDepth + 1)}"x"${']'.repeat(maxDepth + 1)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors).toEqual({ request: [hostileTextMessages.tooDeep] });
    const many = await send(`{"roles":[${Array.from({ length: maxValues }, () => '0').join(',')}]}`);
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toEqual({ request: [hostileTextMessages.tooMany] });
  });

  it('bounds the length of every string a parameter, query or JSON body takes', () => {
    const unbounded = calls.flatMap((call) => [
      ...(call.operation.parameters ?? []).flatMap((p) =>
        unboundedStrings(p.schema, `${describeCall(call)} ${p.in} ${p.name}`),
      ),
      ...unboundedStrings(jsonBodyOf(call.operation), `${describeCall(call)} body`),
    ]);
    expect(unbounded).toEqual([]);
  });

  it('answers 400 naming an over-long path parameter, and schema limits for long query values', async () => {
    const path = await t.app.inject({
      method: 'GET',
      url: `/api/trusts/${'A'.repeat(150)}`,
      headers: headersFor('sa'),
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual({ trustCode: [hostileTextMessages.tooLong] });
    for (const call of calls.filter((c) => c.method === 'GET')) {
      const names = call.operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name) ?? [];
      for (const name of names) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${pathOf(call)}?${encodeURIComponent(name)}=${'a'.repeat(5000)}`,
          headers: headersFor(allowedRole(call.operation)),
        });
        expect(response.statusCode, `${describeCall(call)} ?${name}: ${response.body}`).toBe(400);
        expect(Object.keys(errorsOf(response)), `${describeCall(call)} ?${name}`).toContain(name);
      }
    }
  });
});

/**
 * Characters no field may hold (docs/decisions/0049-json-api-text-rules.md), as they travel in a URL
 * (percent-encoded UTF-8) and in JSON.
 */
const controls = [
  {
    label: 'an escape character',
    raw: 'R%1BN',
    value: 'Mr \u001b[31mSmith',
    message: textRuleMessages.control('U+001B'),
  },
  {
    label: 'a C1 control (next line)',
    raw: 'R%C2%85N',
    value: 'Smith\u0085Jones',
    message: textRuleMessages.control('U+0085'),
  },
  {
    label: 'a byte order mark',
    raw: '%EF%BB%BFRAN',
    value: '\ufeffSmith',
    message: textRuleMessages.byteOrderMark,
  },
  {
    label: 'a noncharacter',
    raw: 'R%EF%BF%BFN',
    value: 'Smith\uffff',
    message: textRuleMessages.noncharacter('U+FFFF'),
  },
];

/** Fields typed in a text area: a note or a reason may run over several lines. */
const multiLineFields = new Set(['note', 'reason']);

/** The first and last days a date may not be: before 1900 (year 0000 cannot be stored at all), and far ahead. */
const calendarEnds = [
  { date: '0000-01-01', message: textRuleMessages.dateTooEarly },
  { date: '0001-01-01', message: textRuleMessages.dateTooEarly },
  { date: '1899-12-31', message: textRuleMessages.dateTooEarly },
  { date: '9999-12-31', message: textRuleMessages.dateTooLate },
];
const isDate = (description: string | undefined) => /YYYY-MM-DD/.test(description ?? '');

describe('control characters, line breaks and dates in every operation of the OpenAPI document', () => {
  it('answers 400 naming each path and query parameter that holds a control character, U+FEFF or a noncharacter', async () => {
    let tried = 0;
    for (const call of calls) {
      const body = jsonBodyOf(call.operation);
      const payload = body ? { payload: sample(body) as object } : {};
      const headers = headersFor(allowedRole(call.operation));
      for (const parameter of call.operation.parameters?.filter((p) => p.in === 'path') ?? [])
        for (const hostile of controls) {
          const response = await t.app.inject({
            method: call.method as 'GET',
            url: pathOf(call, { name: parameter.name, raw: hostile.raw }),
            headers,
            ...payload,
          });
          expectRefused(
            response,
            parameter.name,
            hostile.message,
            `${describeCall(call)} with ${hostile.label} in ${parameter.name}`,
          );
          tried += 1;
        }
      const listed = call.operation.parameters?.filter((p) => p.in === 'query').map((p) => p.name) ?? [];
      for (const name of [...listed, 'unlisted'])
        for (const hostile of controls) {
          const response = await t.app.inject({
            method: call.method as 'GET',
            url: `${pathOf(call)}?${encodeURIComponent(name)}=${hostile.raw}`,
            headers,
            ...payload,
          });
          expectRefused(
            response,
            name,
            hostile.message,
            `${describeCall(call)} with ${hostile.label} in ?${name}`,
          );
          tried += 1;
        }
    }
    expect(tried).toBeGreaterThan(100);
  });

  it('answers 400 naming each string field of a JSON body that holds one', async () => {
    let tried = 0;
    for (const call of calls) {
      const schema = jsonBodyOf(call.operation);
      if (!schema) continue;
      const valid = sample(schema);
      for (const path of stringPaths(valid))
        for (const hostile of controls) {
          const response = await t.app.inject({
            method: call.method as 'POST',
            url: pathOf(call),
            headers: { ...headersFor(allowedRole(call.operation)), 'content-type': 'application/json' },
            payload: JSON.stringify(withValue(valid, path, hostile.value)),
          });
          expectRefused(
            response,
            path.join('.'),
            hostile.message,
            `${describeCall(call)} with ${hostile.label} in ${path.join('.')}`,
          );
          tried += 1;
        }
    }
    expect(tried).toBeGreaterThan(40);
  });

  it('refuses a line break in every one-line string of a JSON body, and takes one in a note or a reason', async () => {
    const checked: string[] = [];
    const notes: string[] = [];
    for (const call of calls) {
      const schema = jsonBodyOf(call.operation);
      if (!schema) continue;
      const valid = sample(schema);
      for (const path of stringPaths(valid)) {
        const field = path.join('.');
        const what = `${describeCall(call)} ${field}`;
        const send = (value: string) =>
          t.app.inject({
            method: call.method as 'POST',
            url: pathOf(call),
            headers: { ...headersFor(allowedRole(call.operation)), 'content-type': 'application/json' },
            payload: JSON.stringify(withValue(valid, path, value)),
          });
        const broken = await send('Line one\nline two');
        expect(broken.statusCode, `${what}: ${broken.body}`).toBeLessThan(500);
        if (multiLineFields.has(path.at(-1)!)) {
          expect(errorsOf(broken)[field] ?? [], what).not.toContain(textRuleMessages.lineBreak);
          notes.push(what);
          continue;
        }
        // A field with a format of its own (a date, a code, a number) refuses the text anyway: the
        // line break must still be refused, under the field. Any other must refuse it as one.
        const spaced = await send('Line one line two');
        const ownFormat = errorsOf(spaced)[field] !== undefined;
        expect(broken.statusCode, `${what}: ${broken.body}`).toBe(400);
        if (ownFormat) expect(errorsOf(broken)[field], `${what}: ${broken.body}`).toBeDefined();
        else expect(errorsOf(broken)[field], `${what}: ${broken.body}`).toContain(textRuleMessages.lineBreak);
        checked.push(`${what}${ownFormat ? ' (own format)' : ''}`);
      }
    }
    // Names, surgeons, report fields and client fields are among them, refused as line breaks.
    for (const expected of [
      'POST /api/users/ firstName',
      'POST /api/trusts/{trustCode}/create primaryContactLastName',
      'PUT /api/trusts/{trust}/procedures/{type}/patients/{id}/surgical-risk-factors surgeonName',
      'POST /api/trusts/{trust}/procedures/{type}/patients/{id}/outcome complicationType',
      'POST /api/trusts/{trust}/integration-clients name',
    ])
      expect(checked, expected).toContain(expected);
    // And the notes and reasons, which take line breaks, were tried too.
    expect(notes).toContain('POST /api/trusts/{trust}/procedures/{type}/patients/{id}/validations note');
    expect(notes).toContain('POST /api/trusts/{trust}/procedures/{type}/patients/{id}/mark/anomaly reason');
  });

  it('answers 400, never 500, to a date parameter or body date at the calendar’s ends', async () => {
    const found: string[] = [];
    for (const call of calls) {
      const headers = headersFor(allowedRole(call.operation));
      for (const parameter of call.operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        if (!isDate(parameter.description ?? parameter.schema?.description)) continue;
        found.push(`${describeCall(call)} ?${parameter.name}`);
        for (const end of calendarEnds) {
          const response = await t.app.inject({
            method: call.method as 'GET',
            url: `${pathOf(call)}?procedure=knee&${encodeURIComponent(parameter.name)}=${end.date}`,
            headers,
          });
          expectRefused(
            response,
            parameter.name,
            end.message,
            `${describeCall(call)} ?${parameter.name}=${end.date}`,
          );
        }
      }
      const schema = jsonBodyOf(call.operation);
      if (!schema) continue;
      const valid = sample(schema);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (!isDate(property.description)) continue;
        found.push(`${describeCall(call)} ${key}`);
        for (const end of calendarEnds) {
          const response = await t.app.inject({
            method: call.method as 'POST',
            url: pathOf(call),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(withValue(valid, [key], end.date)),
          });
          expectRefused(response, key, end.message, `${describeCall(call)} ${key}=${end.date}`);
        }
      }
    }
    for (const expected of [
      'GET /api/model-performance ?from',
      'GET /api/model-performance ?to',
      'GET /api/trusts/{trust}/procedures/{type}/model-performance ?from',
      'GET /api/trusts/{trust}/procedures/{type}/model-performance/groups ?to',
      'GET /api/trusts/{trust}/waiting-list/procedures/{type}/manage/records/active ?tciDate',
      'GET /api/trusts/{trust}/waiting-list/procedures/{type}/manage/records/active ?referralDate',
      'GET /api/admin/changelog ?dateAndTime',
      'POST /api/trusts/{trust}/procedures/{type}/patients/{id}/outcome dateOfOperation',
      'POST /api/trusts/{trust}/machine-learning/procedures/{code}/models/{id}/recalibrate from',
    ])
      expect(found, expected).toContain(expected);
  });
});

describe('route permissions come before the request is read', () => {
  it('refuses a role that may not call a route 403, whatever its body, parameters or query hold', async () => {
    let tried = 0;
    for (const call of calls) {
      const required = call.operation['x-permissions'];
      if (!required) continue;
      const body = jsonBodyOf(call.operation);
      for (const role of roles.filter((r) => !holds(r, required))) {
        const response = await t.app.inject({
          method: call.method as 'GET',
          url: `${pathOf(call, { name: 'trustCode', raw: 'R%00N' })}?unlisted=%00`,
          headers: { ...headersFor(role), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: '{"unexpected":"\\u0000","firstName":' } : {}),
        });
        expect(response.statusCode, `${describeCall(call)} as ${role}: ${response.body}`).toBe(403);
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('refuses a clerical user an invalid new trust with 403, not its validation messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/trusts/RAN/create',
      headers: headersFor('cu'),
      payload: { trustCode: '', primaryContactEmail: 'not an address' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
  });

  it('is declared by every signed-in operation, and published in the document', () => {
    // Who may call this is not a role question.
    const undeclared = new Map<RegExp, string>([[/^\/api\/me\/$/, 'any signed-in user: who they are']]);
    const missing = calls
      .filter((call) => !isPublic(call.operation) && !call.operation['x-permissions'])
      .map(describeCall)
      .filter((name) => ![...undeclared.keys()].some((pattern) => pattern.test(name.split(' ')[1]!)));
    expect(missing).toEqual([]);
  });
});
