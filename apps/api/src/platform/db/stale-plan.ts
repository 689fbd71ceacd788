// PostgreSQL asks for a prepared statement to be prepared again: its result type changed under DDL
// (0A000 "cached plan must not change result type"), or it is gone (26000). Both statement caches,
// PGlite's and PostgreSQL's, prepare it again once outside a transaction (decision 0013).
const stalePlanCodes = new Set(['0A000', '26000']);

export function isStalePlanError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && stalePlanCodes.has(code);
}
