import type { SnapshotFrom } from 'xstate';
import type { searchJobMachine } from './search-job.machine.ts';

type Snapshot = SnapshotFrom<typeof searchJobMachine>;

/** The search is still being counted: the screen polls. */
export const selectPolling = (s: Snapshot) => s.matches('Running') || s.matches('Partial');

/** A submit or rerun is on its way. */
export const selectSubmitting = (s: Snapshot) => s.matches('Submitting') || s.matches('Rerunning');

/** The Lucene syntax error's field error, when the server refused the term. */
export const selectTermError = (s: Snapshot) =>
  s.context.error?.fields.find((f) => f.field === 'search_term' || f.field === 'search.search_term') ?? null;

/** The server no longer has the search (a purged job, an old link). */
export const selectGone = (s: Snapshot) => s.matches('Gone');
