/**
 * How every machine reads a failed call: whatever an actor threw (the API client's error, a plain
 * Error, a string) becomes the contract's error shape (`{ error: { code, message, fields } }`),
 * its HTTP status or its message. One copy, so that all machines agree on what a failure says.
 */

/** A field the server refused, and why (the contract's field error). */
export interface FieldError {
  field: string;
  reason: string;
}

/** An error as the contract shapes it, kept in a machine's context. */
export interface ContractError {
  code: string;
  message: string;
  /** The refused fields; empty when the failure was not about a field. */
  fields: readonly FieldError[];
}

/** Reads whatever an actor threw as a ContractError. */
export function asContractError(error: unknown): ContractError {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown; fields?: unknown };
    return {
      code: typeof e.code === 'string' ? e.code : 'error',
      message: typeof e.message === 'string' ? e.message : String(error),
      fields: Array.isArray(e.fields) ? (e.fields as FieldError[]) : [],
    };
  }
  return { code: 'error', message: String(error), fields: [] };
}

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
/** 404: the item is gone, or was never there. */
export const isNotFound = (error: unknown) => statusOf(error) === 404;
