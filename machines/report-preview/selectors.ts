import type { SnapshotFrom } from 'xstate';
import type { reportPreviewMachine } from './report-preview.machine.ts';

type Snapshot = SnapshotFrom<typeof reportPreviewMachine>;

/** A change waits for the pause or is being drawn: the pane says the preview is updating. */
export const selectUpdating = (s: Snapshot) => s.matches('Waiting') || s.matches('Drawing');

/** The last drawing failed: the pane offers to draw it again. */
export const selectFailed = (s: Snapshot) => s.matches('Failed');
