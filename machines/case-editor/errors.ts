/**
 * What a failed call tells the machines: the HTTP status when there was an answer. The web's
 * actors reject with an object carrying `status`; a network failure has none.
 */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

/** The message of a failure, whatever was thrown. */
export function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** 409: the item changed since it was read (DESIGN section 4). */
export const isConflict = (error: unknown) => statusOf(error) === 409;
export const isNotFound = (error: unknown) => statusOf(error) === 404;
