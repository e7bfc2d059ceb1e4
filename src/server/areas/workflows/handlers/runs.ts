import { and, desc, eq } from 'drizzle-orm';
import { audit } from '../../../audit.ts';
import type { Principal } from '../../../auth/principal.ts';
import { alerts, workflowRuns, workflowVersions } from '../../../db/schema/index.ts';
import { inIds } from '../../../db/sql-helpers.ts';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import type { Handler } from '../../../platform/handler.ts';
import { asCaller, principalOf } from '../../../plugins/auth.ts';
import { FINISHED_RUN, finishRun, startRun } from '../engine/runs.ts';
import { presentRun } from '../present.ts';
import { loadRun, loadWorkflow, stepsOf, visibleWorkflowNames } from '../queries.ts';

/** Most runs one list answers, newest first. */
const MAX_LISTED = 200;

export const listWorkflowRuns: Handler<'listWorkflowRuns'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const workflow = await loadWorkflow(tx, principal, request.params.id);
    const rows = await tx
      .select()
      .from(workflowRuns)
      .where(
        and(
          eq(workflowRuns.workflowId, workflow.id),
          inIds(workflowRuns.customerId, principal.scope.customerIds),
        ),
      )
      .orderBy(desc(workflowRuns.createdAt))
      .limit(MAX_LISTED);
    return { runs: rows.map((row) => presentRun(row, workflow.name)) };
  });
};

/** One run's workflow name as the caller may see it. */
async function nameOf(
  tx: Parameters<typeof visibleWorkflowNames>[0],
  principal: Principal,
  workflowId: string,
) {
  return (await visibleWorkflowNames(tx, principal, [workflowId])).get(workflowId) ?? null;
}

export const listAlertWorkflowRuns: Handler<'listAlertWorkflowRuns'> = async (request) => {
  const principal = principalOf(request);
  const alertId = request.params.alert_id;
  return asCaller(request, async (tx) => {
    const [alert] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.id, alertId), inIds(alerts.customerId, principal.scope.customerIds)));
    if (!alert) throw notFound(`Alert ${alertId}`);
    const rows = await tx
      .select()
      .from(workflowRuns)
      .where(
        and(eq(workflowRuns.alertId, alertId), inIds(workflowRuns.customerId, principal.scope.customerIds)),
      )
      .orderBy(desc(workflowRuns.createdAt))
      .limit(MAX_LISTED);
    const names = await visibleWorkflowNames(
      tx,
      principal,
      rows.map((row) => row.workflowId),
    );
    return { runs: rows.map((row) => presentRun(row, names.get(row.workflowId) ?? null)) };
  });
};

export const getWorkflowRun: Handler<'getWorkflowRun'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const run = await loadRun(tx, principal, request.params.run_id);
    return presentRun(run, await nameOf(tx, principal, run.workflowId), await stepsOf(tx, run.id));
  });
};

export const cancelWorkflowRun: Handler<'cancelWorkflowRun'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const run = await loadRun(tx, principal, request.params.run_id, { lock: true });
    if (await finishRun(tx, run.id, 'cancelled', null, new Date()))
      await audit(tx, principal, {
        action: 'cancel',
        entity: 'workflow_run',
        entityId: run.id,
        customerId: run.customerId,
        before: { status: run.status },
        after: { status: 'cancelled' },
      });
    const after = await loadRun(tx, principal, run.id);
    return presentRun(after, await nameOf(tx, principal, run.workflowId), await stepsOf(tx, run.id));
  });
};

export const rerunWorkflowRun: Handler<'rerunWorkflowRun'> = async (request, reply) => {
  const principal = principalOf(request);
  const fromStep = request.body?.from_step ?? 0;
  const started = await asCaller(request, async (tx) => {
    const run = await loadRun(tx, principal, request.params.run_id);
    if (!FINISHED_RUN.includes(run.status))
      throw conflict(`Workflow run ${run.id} is still ${run.status}; cancel it or wait for it to end.`);
    // The workflow must still exist and be the caller's to see; the version it ran is kept.
    const workflow = await loadWorkflow(tx, principal, run.workflowId);
    const [version] = await tx
      .select()
      .from(workflowVersions)
      .where(and(eq(workflowVersions.workflowId, run.workflowId), eq(workflowVersions.version, run.version)));
    if (!version) throw notFound(`Version ${run.version} of workflow ${run.workflowId}`);
    const steps = await stepsOf(tx, run.id);
    if (fromStep >= Math.max(steps.length, 1))
      throw badRequest(
        'body.from_step',
        `the run has ${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`,
      );
    const unfinished = steps.find((step) => step.stepIndex < fromStep && step.status !== 'succeeded');
    if (unfinished)
      throw badRequest(
        'body.from_step',
        `step ${unfinished.stepIndex} did not succeed (${unfinished.status}); re-run from it or an earlier one`,
      );
    const row = await startRun(tx, {
      partnerId: run.partnerId,
      workflowId: run.workflowId,
      version: run.version,
      definition: version.definition,
      customerId: run.customerId,
      alertId: run.alertId,
      triggerData: run.triggerData,
      depth: run.depth,
      dispatchKey: null,
      rerunOf: { runId: run.id, fromStep, carried: steps },
    });
    await audit(tx, principal, {
      action: 'rerun',
      entity: 'workflow_run',
      entityId: row!.id,
      customerId: run.customerId,
      after: { rerun_of: run.id, from_step: fromStep },
    });
    return presentRun(row!, workflow.name, await stepsOf(tx, row!.id));
  });
  reply.code(201);
  return started;
};
