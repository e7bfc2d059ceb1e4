import type { Middleware } from 'openapi-fetch';

/** One field the server refused, and why (DESIGN section 3 error shape). */
export interface FieldError {
  field: string;
  reason: string;
}

/**
 * Every failed call, as screens, commands and machines see it: the HTTP status (null when no
 * answer came), the contract's error code and message, and the fields it refused.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number | null,
    readonly code: string,
    message: string,
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; details?: unknown } };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The ApiError of a failed answer, from its body when it has the contract's error shape. */
export async function errorOf(response: Response): Promise<ApiError> {
  let body: ErrorBody | undefined;
  try {
    body = (await response.clone().json()) as ErrorBody;
  } catch {
    body = undefined;
  }
  const error = body && typeof body === 'object' ? body.error : undefined;
  const fields = Array.isArray(error?.details)
    ? (error.details as unknown[]).flatMap((d) => {
        const { field, reason } = (d ?? {}) as { field?: unknown; reason?: unknown };
        return typeof field === 'string' ? [{ field, reason: text(reason) ?? '' }] : [];
      })
    : [];
  return new ApiError(
    response.status,
    text(error?.code) ?? 'error',
    text(error?.message) ?? `Request failed with status code ${response.status}`,
    fields,
  );
}

/** An aborted call: a newer one replaced it, so its failure is nobody's concern. */
export const isAbort = (error: unknown) =>
  (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';

/**
 * The client's one error mapping: an answer that is not 2xx, or no answer at all, becomes an
 * ApiError thrown from the call, so callers only handle successes.
 */
export const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await errorOf(response);
    return undefined;
  },
  onError({ error }) {
    if (isAbort(error) || error instanceof ApiError) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    return new ApiError(null, 'network', message);
  },
};

/** The body of a successful call (the middleware already threw for failed ones). */
export function dataOf<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined)
    throw new ApiError(
      result.response.status,
      'empty',
      `Empty answer with status code ${result.response.status}`,
    );
  return result.data;
}
