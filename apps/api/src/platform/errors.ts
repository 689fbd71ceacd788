/** Errors a service throws; the error handler plugin turns them into `{detail, errors}` responses. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const unauthorized = (detail = 'Authentication required') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const badRequest = (detail: string, errors?: Record<string, string[]>) =>
  new HttpError(400, detail, errors);

/**
 * A write refused while the service is read-only for downtime
 * (docs/decisions/0067-read-only-mode-for-downtime.md): expected by the hundred during planned
 * maintenance, so logged as a warning without its stack, not as a failed request.
 */
export class ReadOnlyRefusal extends HttpError {
  constructor(detail: string) {
    super(503, detail);
  }
}
