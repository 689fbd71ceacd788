import type { LoggerOptions } from 'pino';

/**
 * What a logged error may carry (security baseline: logs carry no patient data). A failed query
 * arrives wrapped by drizzle, whose message ends with the bound parameters (names, e-mail
 * addresses, NHS numbers), around the driver's error, whose `detail` repeats the offending row or
 * key (`Key (email)=(…) already exists`). So an error is logged as an allow-list of fields, and its
 * message and stack lose the parameters and any quoted value; every other field is left out.
 */
export interface SafeError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  cause?: SafeError;
}

// Names of database objects, not data: PostgreSQL quotes them too, after the word for their kind.
const identifierKinds = new Set([
  'column',
  'constraint',
  'database',
  'domain',
  'encoding',
  'extension',
  'function',
  'index',
  'relation',
  'role',
  'schema',
  'sequence',
  'table',
  'trigger',
  'type',
  'view',
]);

const quoted = /"(?:[^"]|"")*"/g;
const causeDepth = 3;
const stringFields = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/**
 * A message without the data it may hold. Drizzle's `Failed query: <sql>\nparams: …` keeps its SQL,
 * whose values are all parameters and whose double quotes are identifiers, and loses the
 * parameters. Any other message loses each double-quoted value unless it names a database object,
 * as PostgreSQL quotes both (`invalid input syntax for type uuid: "…"` loses its value;
 * `violates unique constraint "users_email_unique"` keeps its name).
 */
export function scrubMessage(message: string): string {
  if (message.startsWith('Failed query:')) {
    // The last line break before `params:` is found (an expression looking from each line break of a
    // run would take quadratic time), then the first of the white space before it, where the SQL ends.
    let params = message.search(/\n[^\S\n]*params:/);
    if (params === -1) return message;
    for (let i = params - 1; i >= 0 && /\s/.test(message.charAt(i)); i--) {
      if (message.charAt(i) === '\n') params = i;
    }
    return message.slice(0, params);
  }
  return message.replace(quoted, (match, offset: number) => {
    const before = wordBefore(message.slice(Math.max(0, offset - 40), offset));
    return identifierKinds.has(before.toLowerCase()) ? match : '"[redacted]"';
  });
}

/** The word (letters and underscores) that `text` ends with, white space after it aside; '' if none. */
function wordBefore(text: string): string {
  const end = text.trimEnd().length;
  let start = end;
  while (start > 0 && isWordCharacter(text.charCodeAt(start - 1))) start--;
  return text.slice(start, end);
}

function isWordCharacter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function typeOf(error: Record<string, unknown>): string {
  const name = error.constructor?.name;
  if (typeof name === 'string' && name !== 'Object') return name;
  return typeof error.type === 'string' ? error.type : typeof error.name === 'string' ? error.name : 'Error';
}

function serialize(value: unknown, depth: number): SafeError {
  if (typeof value !== 'object' || value === null)
    return { type: typeof value, message: '[not an error]', stack: '' };
  const error = value as Record<string, unknown>;
  const type = typeOf(error);
  const message = scrubMessage(typeof error.message === 'string' ? error.message : '');
  // The stack starts with the raw message: keep only its frames, under the scrubbed message.
  const frames =
    typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const safe: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof error.code === 'string' || typeof error.code === 'number') safe.code = error.code;
  if (typeof error.statusCode === 'number') safe.statusCode = error.statusCode;
  for (const field of stringFields) {
    const fieldValue = error[field];
    if (typeof fieldValue === 'string') safe[field] = fieldValue;
  }
  if (error.cause !== undefined && error.cause !== null && depth < causeDepth)
    safe.cause = serialize(error.cause, depth + 1);
  return safe;
}

/** The pino serializer for errors: see SafeError. Also applied to objects that merely look like errors. */
export function safeError(value: unknown): SafeError {
  return serialize(value, 0);
}

/** The scrubbed message of an error, for log fields that carry only a reason. */
export function safeErrorMessage(error: unknown): string {
  return error instanceof Error ? scrubMessage(error.message) : '[not an error]';
}

/**
 * Logger settings for every process (the API and the worker): errors go through safeError under
 * whichever key they are logged, and the message line is scrubbed too, since pino and Fastify use
 * an error's own message as the line's message when none is given.
 */
export const safeLogOptions = {
  serializers: {
    err: safeError,
    error: safeError,
    msg: (message: unknown) => (typeof message === 'string' ? scrubMessage(message) : message),
  },
  formatters: {
    log(object: Record<string, unknown>) {
      let copy: Record<string, unknown> | undefined;
      for (const [key, value] of Object.entries(object)) {
        if (value instanceof Error) (copy ??= { ...object })[key] = safeError(value);
      }
      return copy ?? object;
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'formatters'>;
