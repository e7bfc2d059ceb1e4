import { Worker } from 'node:worker_threads';
import type { JobLogger } from './types.ts';

export type LaneThreadMessage = { type: 'stop' };
export type LaneThreadReply =
  | { type: 'started' }
  | { type: 'stopped' }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string };

const THREAD_ENTRY = new URL('../platform/typescript-thread.mjs', import.meta.url);
const LANES_THREAD = new URL('./lanes-thread.ts', import.meta.url).href;
/** A thread that stopped on its own is started again after this pause. */
const RESTART_MS = 1000;
/** How long a stop waits for the jobs in hand before the thread is ended. */
const STOP_TIMEOUT_MS = 30_000;

export interface LaneThread {
  /** Finishes the jobs in hand, then ends the thread. */
  stop(): Promise<void>;
}

/**
 * The job lanes of a console that serves and works in one process, on PostgreSQL, run on a
 * thread of their own: the operating system shares the cores between it and the API's event
 * loop as it does between an API process and a worker process, so a hundred reports being
 * rendered and mailed no longer wait in line with the requests people are waiting on. The
 * thread is the worker role (its own connections, its own notices of new jobs); jobs are in
 * the database, so a thread that dies loses nothing (its leases run out) and is started again.
 */
export function startLaneThread(log: JobLogger): LaneThread {
  let worker: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    const thread = new Worker(THREAD_ENTRY, { workerData: { entry: LANES_THREAD } });
    worker = thread;
    thread.on('message', (reply: LaneThreadReply) => {
      if (reply.type === 'log') log[reply.level](reply.message);
    });
    thread.on('error', (error: Error) => log.error(`job lanes thread failed: ${error.message}`));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (stopping) return;
      log.error(`job lanes thread stopped (exit code ${code}); starting it again`);
      restart = setTimeout(start, RESTART_MS);
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const thread = worker;
      if (!thread) return;
      const stopped = new Promise<void>((resolve) => {
        thread.on('message', (reply: LaneThreadReply) => reply.type === 'stopped' && resolve());
        thread.once('exit', () => resolve());
      });
      thread.postMessage({ type: 'stop' } satisfies LaneThreadMessage);
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
      await Promise.race([stopped, timeout]);
      await thread.terminate();
    },
  };
}
