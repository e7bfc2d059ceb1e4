import type { PublishDraftInput, SaveDraftInput } from '../../../../machines/workflow-drafts/actors.ts';
import type {
  DraftKind,
  LoadedWorkflow,
  TemplateRecord,
  WorkflowRecord,
} from '../../../../machines/workflow-drafts/workflow-drafts.context.ts';
import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const WORKFLOWS_AREA = '/api/soar/';

export type WorkflowDetails = components['schemas']['WorkflowDetails'];
export type WorkflowTrigger = components['schemas']['WorkflowTrigger'];
export type WorkflowVersion = components['schemas']['WorkflowVersion'];
export type WorkflowRun = components['schemas']['WorkflowRun'];
export type WorkflowTestResult = components['schemas']['WorkflowTestResult'];
export type { TemplateRecord, WorkflowRecord };

/** The workflows of these customers (every customer the caller may see when none given), each with its last run. */
export const listWorkflowDetails = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/soar/v1/workflows/details',
    { params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (data): WorkflowDetails[] => data.workflow_details },
  );

/** The provider's templates, by name. */
export const listWorkflowTemplates = () =>
  $api.queryOptions('get', '/api/soar/v1/templates', {}, { select: (data) => data.templates });

/** Every trigger with its filters and runtime parameters. */
export const listWorkflowTriggers = () =>
  $api.queryOptions('get', '/api/soar/v1/triggers', {}, { select: (data) => data.triggers });

/** The published versions, newest first. */
export const listWorkflowVersions = (id: string) =>
  $api.queryOptions(
    'get',
    '/api/soar/v1/workflows/{id}/versions',
    { params: { path: { id } } },
    { select: (data) => data.versions },
  );

/** The workflow's runs, newest first, without their steps. */
export const listWorkflowRuns = (id: string) =>
  $api.queryOptions(
    'get',
    '/api/soar/v1/workflows/{id}/runs',
    { params: { path: { id } } },
    { select: (data) => data.runs },
  );

/** The runs an alert started, newest first, each with its workflow's name. */
export const listAlertWorkflowRuns = (alertId: number) =>
  $api.queryOptions(
    'get',
    '/api/soar/v1/alerts/{alert_id}/runs',
    { params: { path: { alert_id: alertId } } },
    { select: (data) => data.runs },
  );

/** One run with each step's input, output, attempts and error. */
export const getWorkflowRun = (runId: string) =>
  $api.queryOptions('get', '/api/soar/v1/runs/{run_id}', { params: { path: { run_id: runId } } });

/** GET the workflow (its draft) or the template, with the action catalogue its steps use. */
export async function loadWorkflow(kind: DraftKind, id: string): Promise<LoadedWorkflow> {
  const record =
    kind === 'workflow'
      ? dataOf(await api.GET('/api/soar/v1/workflows/{id}', { params: { path: { id } } }))
      : dataOf(await api.GET('/api/soar/v1/templates/{id}', { params: { path: { id } } }));
  const { actions } = dataOf(await api.GET('/api/soar/v1/actions', {}));
  return { record, actions };
}

/** PUT the workflow's draft (customers too) or the template, with the version read (409 when stale). */
export async function saveDraft(input: SaveDraftInput): Promise<WorkflowRecord | TemplateRecord> {
  const { name, ...definition } = input.definition;
  if (input.kind === 'template') {
    const body = { name, ...definition, version: input.version };
    return dataOf(await api.PUT('/api/soar/v1/templates/{id}', { params: { path: { id: input.id } }, body }));
  }
  const body = {
    workflow_id: input.id,
    version: input.version,
    name,
    customer_id: input.customerIds,
    ...definition,
    // Steps the trigger does not support were dropped here, after the user confirmed.
    remove_unsupported_tasks: false,
  };
  return dataOf(await api.PUT('/api/soar/v1/workflows', { body }));
}

/** Saves what is unsaved, then publishes the version that answered. */
export async function publishDraft(input: PublishDraftInput): Promise<WorkflowRecord> {
  const version = input.save ? (await saveDraft(input.save)).version : input.version;
  return dataOf(
    await api.POST('/api/soar/v1/workflows/{id}/publish', {
      params: { path: { id: input.id } },
      body: { version },
    }),
  );
}

/**
 * POST /workflows: a new draft, from a template (its name too) when one is given, the default new
 * workflow otherwise, for these customers (none: every customer).
 */
export async function createWorkflow(
  from: { templateId: string; name: string } | null,
  customerIds: string[] = [],
): Promise<WorkflowRecord> {
  const body = from
    ? { template_id: from.templateId, name: from.name, customer_id: customerIds }
    : { name: '', customer_id: customerIds };
  return dataOf(await api.POST('/api/soar/v1/workflows', { body }));
}

export async function deleteWorkflow(id: string): Promise<void> {
  await api.DELETE('/api/soar/v1/workflows/{id}', { params: { path: { id } } });
}

/** Pauses a published workflow (no new runs) or resumes it. */
export async function pauseWorkflow(id: string, paused: boolean): Promise<WorkflowRecord> {
  return dataOf(
    await api.POST('/api/soar/v1/workflows/{id}/pause', { params: { path: { id } }, body: { paused } }),
  );
}

/** What each step of the saved draft would do for a past alert; nothing is done. */
export async function testWorkflow(id: string, alertId: number): Promise<WorkflowTestResult> {
  return dataOf(
    await api.POST('/api/soar/v1/workflows/test', { body: { workflow_id: id, alert_id: alertId } }),
  );
}

export async function cancelWorkflowRun(runId: string): Promise<WorkflowRun> {
  return dataOf(await api.POST('/api/soar/v1/runs/{run_id}/cancel', { params: { path: { run_id: runId } } }));
}

/** A new run of the same version from this step on (earlier steps keep their outputs). */
export async function rerunWorkflowRun(runId: string, fromStep: number): Promise<WorkflowRun> {
  return dataOf(
    await api.POST('/api/soar/v1/runs/{run_id}/rerun', {
      params: { path: { run_id: runId } },
      body: { from_step: fromStep },
    }),
  );
}

/** POST /templates: a new template from this definition under this name (a workflow's or a template's copy). */
export async function createWorkflowTemplate(
  definition: SaveDraftInput['definition'],
  name: string,
): Promise<TemplateRecord> {
  const { name: _previous, ...fields } = definition;
  return dataOf(await api.POST('/api/soar/v1/templates', { body: { ...fields, name } }));
}

export async function deleteWorkflowTemplate(id: string): Promise<void> {
  await api.DELETE('/api/soar/v1/templates/{id}', { params: { path: { id } } });
}
