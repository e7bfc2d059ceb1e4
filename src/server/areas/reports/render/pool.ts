import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderInput } from './pdf.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';

/**
 * Drawing a PDF (pdfkit, ECharts' SVG, svg-to-pdfkit) is synchronous work of several hundred
 * milliseconds a report: on the API's or worker's event loop it holds up every request behind it.
 * It runs on a few worker threads instead; reports wait their turn for one, so a hundred reports
 * at once never take more than the pool's threads of CPU.
 */
export interface RenderPool {
  render(input: RenderInput): Promise<{ pdf: Buffer; pages: number }>;
  /** Ends the threads; renders still queued are refused. */
  close(): Promise<void>;
}

interface Task {
  id: number;
  input: RenderInput;
  resolve: (result: { pdf: Buffer; pages: number }) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
}

const THREAD_ENTRY = new URL('../../../platform/typescript-thread.mjs', import.meta.url);
const RENDER_WORKER = new URL('./render-worker.ts', import.meta.url).href;

export function createRenderPool(size: number): RenderPool {
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`a render pool needs at least one thread, not ${size}`);
  const queue: Task[] = [];
  const threads: Thread[] = [];
  let nextId = 1;
  let closed = false;

  const start = (): Thread => {
    const thread: Thread = {
      worker: new Worker(THREAD_ENTRY, { workerData: { entry: RENDER_WORKER } }),
      task: null,
    };
    thread.worker.on('message', (reply: RenderReply) => {
      const task = thread.task;
      thread.task = null;
      // An idle thread does not keep the process alive.
      thread.worker.unref();
      if (task && task.id === reply.id) {
        if ('error' in reply) task.reject(new Error(reply.error));
        else
          task.resolve({
            pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength),
            pages: reply.pages,
          });
      }
      pump();
    });
    const lost = (error: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      thread.task?.reject(error);
      thread.task = null;
      pump();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) lost(new Error(`the render thread stopped (exit code ${code})`));
    });
    threads.push(thread);
    return thread;
  };

  function pump() {
    while (queue.length && !closed) {
      const thread = threads.find((t) => !t.task) ?? (threads.length < size ? start() : null);
      if (!thread) return;
      const task = queue.shift()!;
      thread.task = task;
      thread.worker.ref();
      thread.worker.postMessage({ id: task.id, input: task.input } satisfies RenderRequest);
    }
  }

  return {
    render(input) {
      if (closed) return Promise.reject(new Error('the render pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, input, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the render pool is closed'));
      const ending = threads.splice(0);
      for (const thread of ending) thread.task?.reject(new Error('the render pool is closed'));
      await Promise.all(ending.map((thread) => thread.worker.terminate()));
    },
  };
}

/**
 * Threads for one process: `WATCHFLOOR_RENDER_THREADS`, else one fewer than the cores (at most
 * two), leaving a core to the event loop and the database.
 */
export function renderThreads(env: NodeJS.ProcessEnv = process.env): number {
  const asked = env.WATCHFLOOR_RENDER_THREADS;
  if (asked !== undefined && asked !== '') {
    const threads = Number(asked);
    if (!Number.isInteger(threads) || threads < 1)
      throw new Error(`WATCHFLOOR_RENDER_THREADS must be a whole number of at least 1, not "${asked}"`);
    return threads;
  }
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

let shared: RenderPool | null = null;

/** Renders a report's PDF on the process's render threads (started on first use). */
export function renderOnThread(input: RenderInput): Promise<{ pdf: Buffer; pages: number }> {
  shared ??= createRenderPool(renderThreads());
  return shared.render(input);
}
