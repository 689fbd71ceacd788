import type { FastifyInstance, FastifyReply, FastifyServerOptions, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { bidiControlMessage, bidiControlPattern } from '@esr/contracts/text-direction';
import { controlCharacterProblem, withoutControlCharacters } from '@esr/contracts/text-rules';
import { badRequest } from '../errors.js';

/**
 * Text PostgreSQL cannot store answers 400 naming its field, once for every route, instead of a
 * 500 from the database: a NUL character (refused in text and jsonb), an unpaired UTF-16
 * surrogate (not Unicode; the drivers either fail or store U+FFFD in its place), and
 * percent-encoding that does not decode to UTF-8 (the query-string parser keeps such a value
 * undecoded, so it would silently match as its literal characters). Fields are named as the error
 * handler names schema errors: the key of a parameter, or the dotted path in the body.
 *
 * Hidden text-direction characters (an override such as U+202E, an embedding, an isolate or a
 * mark) are refused the same way: stored, they would let a name or a surgeon read as another
 * (docs/decisions/0043-names-that-cannot-disguise-themselves.md). The import removes them with a
 * warning instead; a person using the screens never meets this answer, as the forms remove them.
 *
 * Characters no field may hold are refused the same way (docs/decisions/0049-json-api-text-rules.md):
 * control characters other than tab, carriage return and line feed, DEL, the C1 controls, U+FEFF and
 * the noncharacters (`controlCharacterProblem` of contracts' text-rules.ts, as for a note). Line
 * breaks and tabs are for the schemas to refuse, since only they know which fields are on one
 * line. A body that is one text (an HL7 v2 message) is left to its reader, which names the segment
 * and field at fault in its own answer.
 *
 * The walk is bounded (bodies are capped at 1 MB anyway): a structure deeper or larger than the
 * limits is refused as a whole rather than passed on unread.
 */

export const maxDepth = 32;
export const maxValues = 100_000;

export const hostileTextMessages = {
  nul: 'Must not contain the null character',
  surrogate: 'Must be valid Unicode text (it contains an unpaired surrogate)',
  bidi: bidiControlMessage,
  encoding: 'Must be percent-encoded UTF-8',
  tooLong: 'Is too long',
  tooDeep: `Must not be nested more than ${maxDepth} levels deep`,
  tooMany: `Must not hold more than ${maxValues} values`,
} as const;

const invalidRequest = 'The request is not valid';
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');
const bidiControls = new RegExp(bidiControlPattern.source, 'g');

/** Text PostgreSQL cannot store, or that could disguise a name: refused in every text the API reads. */
function unstorableProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return hostileTextMessages.nul;
  if (loneSurrogate.test(text)) return hostileTextMessages.surrogate;
  if (bidiControlPattern.test(text)) return hostileTextMessages.bidi;
  return undefined;
}

/**
 * What is wrong with a parameter, a query value, a JSON string or key, or (on one line) a file
 * name.
 */
export function textProblem(text: string, options = { multiline: true }): string | undefined {
  return unstorableProblem(text) ?? controlCharacterProblem(text, options);
}

/** A hostile key becomes a readable field name: the answer must not carry the characters back. */
const printable = (name: string) =>
  withoutControlCharacters(
    name.replaceAll('\u0000', '\uFFFD').replace(loneSurrogates, '\uFFFD').replace(bidiControls, '\uFFFD'),
    { multiline: false },
  );
const fieldName = (path: readonly string[]) => (path.length === 0 ? 'request' : printable(path.join('.')));

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => {
  const messages = (errors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
};

/** Walks parsed JSON, a query or parameters without recursion, adding each hostile string or key. */
function inspect(
  root: unknown,
  errors: Errors,
  problemOf: (text: string) => string | undefined = (text) => textProblem(text),
): void {
  const pending: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  let seen = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    seen += 1;
    if (seen > maxValues) return add(errors, 'request', hostileTextMessages.tooMany);
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) add(errors, fieldName(path), problem);
    } else if (typeof value === 'object' && value !== null) {
      if (path.length >= maxDepth) return add(errors, 'request', hostileTextMessages.tooDeep);
      for (const [key, item] of Object.entries(value)) {
        const itemPath = [...path, key];
        const problem = textProblem(key);
        if (problem) add(errors, fieldName(itemPath), problem);
        pending.push({ value: item, path: itemPath });
      }
    }
  }
}

const decodes = (text: string) => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** Query keys whose key or value is not percent-encoded UTF-8 (decoded where the key itself is fine). */
function badlyEncodedQueryKeys(url: string, errors: Errors): void {
  const start = url.indexOf('?');
  if (start === -1) return;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const split = pair.indexOf('=');
    const rawKey = (split === -1 ? pair : pair.slice(0, split)).replace(/\+/g, ' ');
    const rawValue = split === -1 ? '' : pair.slice(split + 1).replace(/\+/g, ' ');
    if (!decodes(rawKey)) add(errors, printable(rawKey), hostileTextMessages.encoding);
    else if (!decodes(rawValue))
      add(errors, printable(decodeURIComponent(rawKey)), hostileTextMessages.encoding);
  }
}

async function hostileText(app: FastifyInstance) {
  // preValidation: after the body is parsed and the caller's role is checked, before the schemas.
  app.addHook('preValidation', async (request) => {
    const errors: Errors = {};
    badlyEncodedQueryKeys(request.url, errors);
    inspect(request.params, errors);
    inspect(request.query, errors);
    // A body that is one text (an HL7 v2 message): its reader judges its characters (see above).
    if (typeof request.body === 'string') inspect(request.body, errors, unstorableProblem);
    else inspect(request.body, errors);
    if (Object.keys(errors).length > 0) throw badRequest(invalidRequest, errors);
  });
}

export default fp(hostileText, { name: 'hostile-text' });

const maxPathSegment = 100;

/**
 * Names the path parameters of a URL the router could not read: each offending segment is
 * swapped for a marker, the route is looked up again, and the parameters holding a marker are the
 * fields. A segment no route takes as a parameter is reported as `path`.
 */
function unreadablePathParameters(
  request: { url: string; method: string; server: FastifyInstance },
  offending: (segment: string) => boolean,
): Errors {
  const [pathname = ''] = request.url.split('?');
  const markers = new Map<string, string>();
  const probe = pathname
    .split('/')
    .map((segment, index) => {
      if (!offending(segment)) return segment;
      const marker = `hostile-segment-${index}`;
      markers.set(marker, segment);
      return marker;
    })
    .join('/');
  const found = request.server.findRoute({ method: request.method as HTTPMethods, url: probe });
  const names = Object.entries(found?.params ?? {})
    .filter(([, value]) => [...markers.keys()].some((marker) => String(value).includes(marker)))
    .map(([name]) => name);
  return Object.fromEntries((names.length > 0 ? names : ['path']).map((name) => [name, []]));
}

/**
 * Fastify's `frameworkErrors`: the router refuses a path parameter that is not percent-encoded
 * UTF-8 or is longer than it reads, before any hook or error handler runs. Those answers get the
 * same `{detail, errors}` shape, naming the parameter, and the API's no-store header.
 */
export const answerFrameworkError: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  routeReply,
) => {
  // The option's reply is typed for any route's replies, which leaves it no status codes to send.
  const reply = routeReply as unknown as FastifyReply;
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  const fill = (errors: Errors, message: string) => {
    for (const field of Object.keys(errors)) errors[field] = [message];
    return errors;
  };
  if (error.code === 'FST_ERR_BAD_URL') {
    const errors = unreadablePathParameters(request, (segment) => !decodes(segment));
    return reply
      .status(400)
      .send({ detail: invalidRequest, errors: fill(errors, hostileTextMessages.encoding) });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const errors = unreadablePathParameters(request, (segment) => segment.length > maxPathSegment);
    return reply
      .status(400)
      .send({ detail: invalidRequest, errors: fill(errors, hostileTextMessages.tooLong) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Internal server error occurred' });
};
