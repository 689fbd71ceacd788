// The messages between the API's main thread and the thread that owns the embedded database
// (pglite-thread.ts, pglite-worker.ts; decision 0014). Everything here survives structured cloning.

export interface StartOptions {
  /** The PGlite folder, or 'memory://' for a database that lives only as long as the thread. */
  dataDir: string;
  migrationsFolder: string;
  /**
   * An archive of a data folder (PGlite's dumpDataDir) the in-memory database starts as, instead of
   * an empty one: the API tests start every file's database from one migrated and seeded copy.
   */
  startFrom?: string | undefined;
}

export interface WireField {
  name: string;
  dataTypeID: number;
}

/** One statement's answer: rows as arrays of values, in field order. */
export interface WireResult {
  fields: WireField[];
  rows: unknown[][];
  affectedRows: number;
}

export type Notification = [channel: string, payload: string];

export type Request =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[];
      /** Types whose values come back as PostgreSQL's text, for the caller's own parsers. */
      rawTypes: number[];
      paramTypes?: number[] | undefined;
      transaction?: number | undefined;
    }
  | { id: number; op: 'exec'; text: string; transaction?: number | undefined }
  /** COPY … FROM '/dev/blob' with these bytes as the file. */
  | { id: number; op: 'copy'; text: string; data: Uint8Array; transaction?: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; transaction: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** Notifications ride on answers, so that they arrive before the answer of the statement that made them. */
export type Reply =
  | { id: number; ok: true; value: unknown; notifications: Notification[] }
  | { id: number; ok: false; error: WireError; notifications: Notification[] };

export type ThreadEvent =
  | { event: 'ready' }
  | { event: 'failed'; error: WireError }
  | { event: 'maintenance-error'; error: WireError };

/** Whatever the thread posts to the main thread: an answer to a request, or news of the thread itself. */
export type ThreadMessage = Reply | ThreadEvent;

/** PostgreSQL's error fields, as PGlite's DatabaseError names them; callers read `code`, `constraint`, … */
const errorFields = [
  'name',
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'where',
  'routine',
] as const;

export type WireError = { message: string } & Partial<Record<(typeof errorFields)[number], string>>;

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const wire: WireError = { message: error.message };
  const source = error as unknown as Record<string, unknown>;
  for (const field of errorFields) {
    const value = source[field];
    if (typeof value === 'string') wire[field] = value;
  }
  return wire;
}

/** An error from the embedded database, with PostgreSQL's fields as PGlite gives them. */
export class EmbeddedDatabaseError extends Error {
  constructor(wire: WireError) {
    super(wire.message);
    const { message: _message, name, ...fields } = wire;
    Object.assign(this, fields);
    this.name = name && name !== 'Error' ? name : 'EmbeddedDatabaseError';
  }
}
