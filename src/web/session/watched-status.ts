/** How long after a token change a watched 401/403 is still taken for the old token's. */
const GRACE_MS = 3000;

let holds = 0;
let releasedAt = Number.NEGATIVE_INFINITY;

/**
 * Impersonation revokes the token that calls already under way still carry; their 401 says
 * nothing about the new session. While a hold is open, and a short while after, watched
 * statuses are ignored. Returns the function that releases the hold.
 */
export function holdWatchedStatuses(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    releasedAt = Date.now();
  };
}

/** Whether a watched 401/403 should end the session now. */
export function watchedStatusCounts(now = Date.now()): boolean {
  return holds === 0 && now - releasedAt > GRACE_MS;
}
