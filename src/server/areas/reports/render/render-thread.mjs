// A render thread's entry: the server's modules are TypeScript, loaded through tsx as the main
// thread loads them (a worker thread does not inherit the main thread's loader hooks).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { workerData } from 'node:worker_threads';

// The thread yields the cores to the event loop it serves and to the database, from its first
// module on: on Linux a thread has its own id (`/proc/thread-self` names it) and its own nice
// value. Elsewhere, or where it is not allowed, it keeps the process's priority.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
} catch {}

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
