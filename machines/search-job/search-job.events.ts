import type { SearchRequest } from './search-job.context.ts';

/** Events of the search-job machine. */
export type SearchJobEvent =
  /** A new search; it replaces (cancels) any search still running. */
  | { type: 'submit'; request: SearchRequest }
  /** Follow a search already started (the screen opened at /search/{id}). */
  | { type: 'open'; id: string }
  /** Read the running search again (the screen's timer). */
  | { type: 'poll' }
  /** Run the current search again (a relative period moves to now). */
  | { type: 'rerun' }
  /** Submit the last request again after it failed. */
  | { type: 'retry' };
