import type { SnapshotFrom } from 'xstate';
import { type Notification, VISIBLE_TOASTS } from './toasts.context.ts';
import type { toastsMachine } from './toasts.machine.ts';

type Snapshot = SnapshotFrom<typeof toastsMachine>;

/** The toasts the area shows: the last 4 (spec 1, section 2.2). */
export const selectVisibleToasts = (snapshot: Snapshot): Notification[] =>
  snapshot.context.toasts.slice(-VISIBLE_TOASTS);

/** Danger counts as an error (spec 1, section 3). */
export const isError = (notification: Pick<Notification, 'severity'>) => notification.severity === 'danger';

export const selectErrorCount = (snapshot: Snapshot) => snapshot.context.history.filter(isError).length;

export const selectHistory = (snapshot: Snapshot) => snapshot.context.history;
