import type { SnapshotFrom } from 'xstate';
import type { bulkTriageMachine } from './bulk-triage.machine.ts';
import { targetCount } from './bulk-triage.machine.ts';

type Snapshot = SnapshotFrom<typeof bulkTriageMachine>;

export const selectBulkOpen = (s: Snapshot) => !s.matches('Idle');
export const selectBulkCount = (s: Snapshot) => targetCount(s.context.targets);
export const selectAllowedStatuses = (s: Snapshot) => s.context.allowedStatuses;
export const selectBulkResult = (s: Snapshot) => s.context.result;
/** Ids the update could not change: they stay selected. */
export const selectFailedIds = (s: Snapshot) => s.context.result?.failed.map((f) => f.id) ?? [];
