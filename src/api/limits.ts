/**
 * Limits of the contract that both the server and the web app apply. Each one is the value the
 * contract declares (a unit test compares them with openapi/), so they cannot drift apart.
 */

/** Most alerts one bulk update may touch, by ids or by filter: `AlertBulkIds` maxItems. */
export const BULK_LIMIT = 10_000;
