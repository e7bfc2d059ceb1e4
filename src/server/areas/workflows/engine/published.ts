import { and, eq, type SQL } from 'drizzle-orm';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import { workflows, workflowVersions } from '../../../db/schema/index.ts';
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
