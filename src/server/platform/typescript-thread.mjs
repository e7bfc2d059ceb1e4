// A worker thread's entry (the report render threads, the job lanes' thread): the server's modules
// are TypeScript, loaded through tsx as the main thread loads them (a worker thread does not
// inherit the main thread's loader hooks). `workerData.entry` names the module to run.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
