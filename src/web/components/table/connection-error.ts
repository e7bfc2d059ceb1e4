/**
 * True when a call failed for want of a connection (spec 1, section 8: 'Connection error, check
 * your connection then try again'), not because the server answered with an error: fetch rejects
 * with a TypeError when the network fails, and an error that carries a status of null (the
 * client's ApiError without an answer) came back without one.
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return typeof error === 'object' && error !== null && 'status' in error && error.status === null;
}
