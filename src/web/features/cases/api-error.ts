import type { ApiErrorBody } from '../../../api/client.ts';

/**
 * A failed call as the screens and machines see it: the HTTP status (null without an answer)
 * and the server's message. Machines recognise 404 and 409 by `status`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** The data of a call, or an ApiError with the answer's status and message. */
export function must<T>(result: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (result.data !== undefined) return result.data;
  const body = result.error as Partial<ApiErrorBody> | undefined;
  const message = body?.error?.message ?? `Invalid response from ${what} endpoint`;
  throw new ApiError(result.response.status, message);
}

/** An aborted call: a newer one replaced it, so its failure is nobody's concern. */
export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
