import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import { workflows, workflowTriggerEpoch, workflowVersions } from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';

/** A published workflow as its published version says: what a trigger starts runs of. */
export interface PublishedWorkflow {
  workflowId: string;
  partnerId: string;
  version: number;
  definition: WorkflowDefinition;
  customerIds: string[];
}

/**
 * The published (not paused, not draft) workflows that also meet `conditions`, each with its
 * published version's definition: runs start from that frozen version, never from the draft.
 */
export function publishedWorkflows(db: Db, ...conditions: SQL[]): Promise<PublishedWorkflow[]> {
  return db
    .select({
      workflowId: workflows.id,
      partnerId: workflows.partnerId,
      version: workflowVersions.version,
      definition: workflowVersions.definition,
      customerIds: workflowVersions.customerIds,
    })
    .from(workflows)
    .innerJoin(
      workflowVersions,
      and(
        eq(workflowVersions.workflowId, workflows.id),
        eq(workflowVersions.version, workflows.publishedVersion),
      ),
    )
    .where(and(eq(workflows.state, 'published'), ...conditions));
}

/**
 * The trigger epoch as the statement that selects it sees it (migration 0058): a column for a
 * statement the dispatcher sends anyway, so knowing whether its kept workflows still stand costs
 * no round trip.
 */
export const triggerEpoch = () =>
  sql<number>`(select ${workflowTriggerEpoch.epoch} from ${workflowTriggerEpoch})`.mapWith(Number);

/** A provider's event-triggered workflows as loaded at one trigger epoch (or later). */
interface Kept {
  epoch: number;
  byPartner: Map<string, Promise<PublishedWorkflow[]>>;
}

/** Per database (a process may open several: tests, the lanes' thread), the latest epoch's. */
const kept = new WeakMap<Db, Kept>();

/**
 * The published workflows of a provider that events start (every trigger but the schedule), kept
 * in this process while the trigger epoch stays at `epoch`, which the caller read after the event
 * it dispatches was committed. The counter moves in the transaction of every publish, pause,
 * resume or deletion, so a workflow published before an alert was raised is here for that alert
 * in every process; loading after reading the epoch, what is kept is never older than the epoch
 * it is kept under. An epoch older than the one kept (another job read it first) loads afresh.
 */
export function eventWorkflows(db: Db, partnerId: string, epoch: number): Promise<PublishedWorkflow[]> {
  // A real promise, settled once: a query builder left as it is runs again each time it is awaited.
  const load = async () =>
    publishedWorkflows(
      db,
      eq(workflows.partnerId, partnerId),
      sql`${workflowVersions.definition}->>'trigger_id' <> 'scheduled'`,
    );
  let current = kept.get(db);
  if (!current || current.epoch < epoch) {
    current = { epoch, byPartner: new Map() };
    kept.set(db, current);
  }
  if (current.epoch !== epoch) return load();
  const byPartner = current.byPartner;
  let found = byPartner.get(partnerId);
  if (!found) {
    found = load();
    byPartner.set(partnerId, found);
    // A failed load (database away) is not kept: the job's retry loads again.
    found.catch(() => {
      if (byPartner.get(partnerId) === found) byPartner.delete(partnerId);
    });
  }
  return found;
}
