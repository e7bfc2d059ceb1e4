import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import type { Principal } from '../../../auth/principal.ts';
import type { WorkflowDefinition } from '../../../db/schema/index.ts';
import {
  users,
  workflowRuns,
  workflows,
  workflowTemplates,
  workflowVersions,
} from '../../../db/schema/index.ts';
import type { Db } from '../../../db/types.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { rejectNulCharacters } from '../../../platform/input.ts';
import { changedSinceRead, nextVersion } from '../../../platform/versioned.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { triggerOf } from '../catalogue/triggers.ts';
import { contentHash, DEFAULT_DEFINITION, definitionWith } from '../definition.ts';
import { finishRun } from '../engine/runs.ts';
import { presentVersion, presentWorkflow, type WorkflowRow } from '../present.ts';
import { checkedCustomers, loadWorkflow, visibleWorkflow } from '../queries.ts';
import { checkDefinition, unsupportedTasks } from '../validate.ts';
import { checkReferences } from '../validate-references.ts';

const MAX_LISTED = 1000;

/** Workflows of the asked customers: those naming one of them, and those for every customer. */
function askedCustomers(principal: Principal, asked: readonly string[] | undefined) {
  if (!asked || asked.length === 0) return undefined;
  const ids = asked.filter((id) => principal.scope.customerIds.includes(id));
  return sql`(${workflows.customerIds} && ${`{${ids.join(',')}}`}::uuid[] or cardinality(${workflows.customerIds}) = 0)`;
}

export const listWorkflows: Handler<'listWorkflows'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(workflows)
      .where(
        and(
          visibleWorkflow(principal),
          askedCustomers(principal, request.query.customer_ids),
          request.query.state ? eq(workflows.state, request.query.state) : undefined,
        ),
      )
      .orderBy(desc(workflows.createdAt), desc(workflows.id))
      .limit(MAX_LISTED),
  );
  return { workflows: rows.map(presentWorkflow) };
};

export const listWorkflowDetails: Handler<'listWorkflowDetails'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const rows = await tx
      .select()
      .from(workflows)
      .where(and(visibleWorkflow(principal), askedCustomers(principal, request.query.customer_ids)))
      .orderBy(desc(workflows.createdAt), desc(workflows.id))
      .limit(MAX_LISTED);
    const ids = rows.map((row) => row.id);
    // The last run of each, among the runs of customers the caller may see.
    const last =
      ids.length === 0
        ? []
        : await tx
            .selectDistinctOn([workflowRuns.workflowId], {
              workflowId: workflowRuns.workflowId,
              id: workflowRuns.id,
              status: workflowRuns.status,
              createdAt: workflowRuns.createdAt,
              finishedAt: workflowRuns.finishedAt,
            })
            .from(workflowRuns)
            .where(inArray(workflowRuns.workflowId, ids))
            .orderBy(workflowRuns.workflowId, desc(workflowRuns.createdAt));
    const lastOf = new Map(last.map((run) => [run.workflowId, run]));
    return {
      workflow_details: rows.map((row) => {
        const run = lastOf.get(row.id);
        return {
          ...presentWorkflow(row),
          last_run: run
            ? {
                run_id: run.id,
                status: run.status as 'succeeded',
                created_at: run.createdAt.toISOString(),
                finished_at: run.finishedAt?.toISOString() ?? null,
              }
            : null,
        };
      }),
    };
  });
};

export const getWorkflow: Handler<'getWorkflow'> = async (request) => {
  const principal = principalOf(request);
  return presentWorkflow(await asCaller(request, (tx) => loadWorkflow(tx, principal, request.params.id)));
};

async function templateDefinition(
  tx: Db,
  principal: Principal,
  templateId: string,
): Promise<WorkflowDefinition> {
  const [template] = await tx
    .select({ definition: workflowTemplates.definition })
    .from(workflowTemplates)
    .where(
      and(eq(workflowTemplates.id, templateId), eq(workflowTemplates.partnerId, principal.user.partnerId)),
    );
  if (!template) throw notFound(`Template ${templateId}`);
  return template.definition;
}

export const createWorkflow: Handler<'createWorkflow'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  const customerIds = checkedCustomers(principal, body.customer_id ?? []);
  const created = await asCaller(request, async (tx) => {
    const base = body.template_id
      ? await templateDefinition(tx, principal, body.template_id)
      : DEFAULT_DEFINITION;
    const definition = definitionWith(base, body);
    checkDefinition(definition, { publish: false });
    await checkReferences(tx, definition, customerIds);
    const [row] = await tx
      .insert(workflows)
      .values({
        partnerId: principal.user.partnerId,
        customerIds,
        name: body.name ?? '',
        definition,
        templateId: body.template_id ?? null,
        ownerId: principal.user.contactId,
        apiKeyId: principal.apiKey?.keyId ?? null,
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'workflow',
      entityId: row!.id,
      after: { name: row!.name, customer_ids: customerIds, definition },
    });
    return row!;
  });
  reply.code(201);
  return presentWorkflow(created);
};

function lockForChange(tx: Db, principal: Principal, id: string, version: number): Promise<WorkflowRow> {
  return loadWorkflow(tx, principal, id, { lock: true }).then((row) => {
    if (row.version !== version) throw conflict(changedSinceRead(`Workflow ${id}`, row, version));
    return row;
  });
}

export const updateWorkflow: Handler<'updateWorkflow'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const body = request.body;
  const customerIds =
    body.customer_id === undefined ? undefined : checkedCustomers(principal, body.customer_id);
  const updated = await asCaller(request, async (tx) => {
    const before = await lockForChange(tx, principal, body.workflow_id, body.version);
    let definition = definitionWith(before.definition, body);
    if (
      body.trigger_id !== undefined &&
      body.trigger_id !== before.definition.trigger_id &&
      triggerOf(body.trigger_id)
    ) {
      const dropped = unsupportedTasks(definition);
      if (dropped.length > 0 && !body.remove_unsupported_tasks)
        throw badRequest(
          'body.trigger_id',
          `the trigger ${body.trigger_id} does not support ${dropped.length === 1 ? 'task' : 'tasks'} ${dropped.map((t) => t.id).join(', ')}; send remove_unsupported_tasks to remove ${dropped.length === 1 ? 'it' : 'them'}`,
        );
      const gone = new Set(dropped.map((task) => task.id));
      definition = {
        ...definition,
        task_list: definition.task_list.filter((task) => !gone.has(task.id)),
        order_list: definition.order_list.filter((id) => !gone.has(id)),
      };
      // Filters belong to alert triggers; a schedule takes none.
      if (body.trigger_filter === undefined && !triggerOf(body.trigger_id)?.filters.length)
        definition = { ...definition, trigger_filter: {} };
    }
    checkDefinition(definition, { publish: false });
    await checkReferences(tx, definition, customerIds ?? before.customerIds);
    const [row] = await tx
      .update(workflows)
      .set({
        ...nextVersion(workflows),
        definition,
        ...(body.name !== undefined && { name: body.name }),
        ...(customerIds !== undefined && { customerIds }),
      })
      .where(eq(workflows.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'workflow',
      entityId: before.id,
      before: { name: before.name, customer_ids: before.customerIds, definition: before.definition },
      after: { name: row!.name, customer_ids: row!.customerIds, definition },
    });
    return row!;
  });
  return presentWorkflow(updated);
};

export const publishWorkflow: Handler<'publishWorkflow'> = async (request) => {
  const principal = principalOf(request);
  const published = await asCaller(request, async (tx) => {
    const before = await lockForChange(tx, principal, request.params.id, request.body.version);
    if (before.name.trim() === '') throw badRequest('name', 'a workflow needs a name before it is published');
    checkDefinition(before.definition, { publish: true });
    await checkReferences(tx, before.definition, before.customerIds);
    const hash = contentHash(before.customerIds, before.definition);
    if (hash === before.publishedHash) return before;
    const version = (before.publishedVersion ?? 0) + 1;
    await tx.insert(workflowVersions).values({
      workflowId: before.id,
      version,
      partnerId: before.partnerId,
      customerIds: before.customerIds,
      definition: before.definition,
      contentHash: hash,
      publishedBy: principal.user.contactId,
    });
    // Whoever publishes vouches for what runs: runs act with their reach, as it is when they run.
    const [row] = await tx
      .update(workflows)
      .set({
        ...nextVersion(workflows),
        publishedVersion: version,
        publishedHash: hash,
        state: before.state === 'paused' ? 'paused' : 'published',
        ownerId: principal.user.contactId,
        apiKeyId: principal.apiKey?.keyId ?? null,
      })
      .where(eq(workflows.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: 'publish',
      entity: 'workflow',
      entityId: before.id,
      before: { published_version: before.publishedVersion, content_hash: before.publishedHash },
      after: { published_version: version, content_hash: hash },
    });
    return row!;
  });
  return presentWorkflow(published);
};

export const pauseWorkflow: Handler<'pauseWorkflow'> = async (request) => {
  const principal = principalOf(request);
  const { paused } = request.body;
  const changed = await asCaller(request, async (tx) => {
    const before = await loadWorkflow(tx, principal, request.params.id, { lock: true });
    if (before.publishedVersion === null)
      throw badRequest('body.paused', 'only a published workflow can be paused or resumed');
    const state = paused ? 'paused' : 'published';
    if (before.state === state) return before;
    const [row] = await tx
      .update(workflows)
      .set({ ...nextVersion(workflows), state })
      .where(eq(workflows.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: paused ? 'pause' : 'resume',
      entity: 'workflow',
      entityId: before.id,
      before: { state: before.state },
      after: { state },
    });
    return row!;
  });
  return presentWorkflow(changed);
};

export const deleteWorkflow: Handler<'deleteWorkflow'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const before = await loadWorkflow(tx, principal, request.params.id, { lock: true });
    const active = await tx
      .select({ id: workflowRuns.id })
      .from(workflowRuns)
      .where(
        and(eq(workflowRuns.workflowId, before.id), inArray(workflowRuns.status, ['queued', 'running'])),
      );
    const now = new Date();
    for (const run of active) await finishRun(tx, run.id, 'cancelled', 'The workflow was deleted.', now);
    await tx.delete(workflows).where(eq(workflows.id, before.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'workflow',
      entityId: before.id,
      before: {
        name: before.name,
        customer_ids: before.customerIds,
        published_version: before.publishedVersion,
      },
    });
  });
  reply.code(204);
};

export const listWorkflowVersions: Handler<'listWorkflowVersions'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const workflow = await loadWorkflow(tx, principal, request.params.id);
    const rows = await tx
      .select({ version: workflowVersions, email: users.email })
      .from(workflowVersions)
      .leftJoin(users, eq(users.contactId, workflowVersions.publishedBy))
      .where(eq(workflowVersions.workflowId, workflow.id))
      .orderBy(desc(workflowVersions.version));
    return { versions: rows.map((row) => presentVersion(row.version, row.email)) };
  });
};

export const getWorkflowRuntimeParams: Handler<'getWorkflowRuntimeParams'> = async (request) => {
  const principal = principalOf(request);
  const workflow = await asCaller(request, (tx) => loadWorkflow(tx, principal, request.params.id));
  return { runtime_params: triggerOf(workflow.definition.trigger_id)?.runtime_params ?? [] };
};
