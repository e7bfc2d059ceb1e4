/**
 * Requests sent one after another on a few lanes while a server process is killed under them:
 * what was acknowledged is what the crash tests hold the restarted server to.
 */
export interface Load<T> {
  /** The values `send` answered for acknowledged requests, in the order they were acknowledged. */
  acknowledged: T[];
  /**
   * Stops sending, runs `kill` (the requests in flight are cut by it and count as not
   * acknowledged), and waits for the lanes.
   */
  stop(kill?: () => Promise<void>): Promise<void>;
}

/**
 * Runs `send(n)` for n = 0, 1, 2… on `lanes` lanes until `count` are sent or it is stopped. `send`
 * answers a value when the server acknowledged the request, undefined when it refused it; a
 * request that fails while the load still runs fails the test (thrown from `stop`).
 */
export function crashLoad<T>(
  lanes: number,
  count: number,
  send: (n: number) => Promise<T | undefined>,
): Load<T> {
  const acknowledged: T[] = [];
  let next = 0;
  let running = true;
  let failure: unknown;
  const lane = async () => {
    while (running && next < count) {
      const n = next++;
      try {
        const value = await send(n);
        if (value !== undefined) acknowledged.push(value);
      } catch (error) {
        if (running) failure ??= error;
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, lane));
  return {
    acknowledged,
    async stop(kill) {
      running = false;
      await kill?.();
      await done;
      if (failure) throw failure;
    },
  };
}

/** Waits, a short poll at a time, until `ready()` holds; fails after `tries` polls. */
export async function until(
  ready: () => boolean | Promise<boolean>,
  what: string,
  tries = 1200,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
}
