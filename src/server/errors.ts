/** One reason a field was refused. */
export interface FieldIssue {
  field: string;
  reason: string;
}

/**
 * An error the API answers on purpose, always as `{ error: { code, message, details? } }`.
 * Anything else that escapes a handler is a bug and becomes a logged 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }
}

export const badRequest = (field: string, reason: string) =>
  new ApiError(400, 'bad_request', `${field}: ${reason}`, [{ field, reason }]);
export const unauthorized = (message = 'Sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, 'forbidden', message);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
