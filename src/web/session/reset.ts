type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Lets the shell forget its primary data (customers, agents, counts…) when the session ends
 * or fails (spec 1, section 4.1 steps 4, 7 and 8). Returns the function that unsubscribes.
 */
export function onSessionReset(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every subscriber that the session's data must go. */
export function resetSessionData(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (error) {
      // One broken store must not keep the others holding a signed-out user's data.
      console.error('A session reset listener failed', error);
    }
  }
}
