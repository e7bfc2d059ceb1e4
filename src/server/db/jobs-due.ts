import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel migration 0052's trigger tells at commit: a job of that kind was added, due now. */
export const JOBS_DUE_CHANNEL = 'jobs_due';

/** Calls the listener with the kind of each job added due now, until the returned function is called. */
export type JobsDue = (listener: (kind: string) => void) => () => void;

/** Hands each notice to the listeners of the moment. */
function fanOut() {
  const listeners = new Set<(kind: string) => void>();
  return {
    listeners,
    tell: (kind: string) => {
      for (const listener of listeners) listener(kind);
    },
  };
}

/** PGlite: the process's own client hands notices to its listeners as it commits. */
export function pgliteJobsDue(client: PGlite): { jobsDue: JobsDue; close(): Promise<void> } {
  const { listeners, tell } = fanOut();
  const listening = client.listen(JOBS_DUE_CHANNEL, tell);
  return {
    jobsDue: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => (await listening)(),
  };
}

/**
 * PostgreSQL: one connection of its own, outside the pool, opened when the first loop listens and
 * opened again a second after it is lost. Notices only hurry the loops, which poll anyway: while
 * the connection is away nothing is missed but a little time.
 */
export function postgresJobsDue(
  url: string,
  warn: (message: string) => void,
): { jobsDue: JobsDue; close(): Promise<void> } {
  const { listeners, tell } = fanOut();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (closed || client) return;
    const own = new pg.Client({ connectionString: url });
    client = own;
    const lost = (error?: Error) => {
      if (client !== own) return;
      client = null;
      own.end().catch(() => undefined);
      if (closed) return;
      if (error) warn(`job notices lost: ${error.message}; listening again in a second`);
      retry = setTimeout(connect, 1000);
      retry.unref();
    };
    own.on('notification', (notice) => {
      if (notice.channel === JOBS_DUE_CHANNEL && notice.payload) tell(notice.payload);
    });
    own.on('error', lost);
    own.on('end', () => lost());
    own
      .connect()
      .then(() => own.query(`listen ${JOBS_DUE_CHANNEL}`))
      .catch(lost);
  };
  return {
    jobsDue: (listener) => {
      listeners.add(listener);
      connect();
      return () => listeners.delete(listener);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const own = client;
      client = null;
      await own?.end().catch(() => undefined);
    },
  };
}
