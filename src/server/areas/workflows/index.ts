import { inScope, isGlobal, samePartner, scopeIds } from '../../db/policies.ts';
import type { Handlers } from '../../platform/handler.ts';
import { defineArea } from '../area.ts';
import {
  getCustomSearchRuntimeParams,
  getWorkflowAction,
  listWorkflowActions,
  listWorkflowTriggers,
} from './handlers/catalogue.ts';
import {
  cancelWorkflowRun,
  getWorkflowRun,
  listAlertWorkflowRuns,
  listWorkflowRuns,
  rerunWorkflowRun,
} from './handlers/runs.ts';
import {
  createWorkflowTemplate,
  deleteWorkflowTemplate,
  getWorkflowTemplate,
  listWorkflowTemplates,
  updateWorkflowTemplate,
} from './handlers/templates.ts';
import { testWorkflow } from './handlers/test-run.ts';
import {
  createWorkflow,
  deleteWorkflow,
  getWorkflow,
  getWorkflowRuntimeParams,
  listWorkflowDetails,
  listWorkflows,
  listWorkflowVersions,
  pauseWorkflow,
  publishWorkflow,
  updateWorkflow,
} from './handlers/workflows.ts';
import { WORKFLOWS_JOBS, WORKFLOWS_SCHEDULES } from './jobs.ts';

type WorkflowOperation =
  | 'listWorkflows'
  | 'createWorkflow'
  | 'updateWorkflow'
  | 'listWorkflowDetails'
  | 'testWorkflow'
  | 'getWorkflow'
  | 'deleteWorkflow'
  | 'getWorkflowRuntimeParams'
  | 'publishWorkflow'
  | 'pauseWorkflow'
  | 'listWorkflowVersions'
  | 'listWorkflowRuns'
  | 'listAlertWorkflowRuns'
  | 'getWorkflowRun'
  | 'cancelWorkflowRun'
  | 'rerunWorkflowRun'
  | 'listWorkflowTriggers'
  | 'listWorkflowActions'
  | 'getWorkflowAction'
  | 'getCustomSearchRuntimeParams'
  | 'listWorkflowTemplates'
  | 'createWorkflowTemplate'
  | 'getWorkflowTemplate'
  | 'updateWorkflowTemplate'
  | 'deleteWorkflowTemplate';

/** SOAR workflows (spec 2, section 7 "Workflows (/soar/v1)"), their runs and the catalogue. */
export const workflowHandlers: Handlers<WorkflowOperation> = {
  listWorkflows,
  createWorkflow,
  updateWorkflow,
  listWorkflowDetails,
  testWorkflow,
  getWorkflow,
  deleteWorkflow,
  getWorkflowRuntimeParams,
  publishWorkflow,
  pauseWorkflow,
  listWorkflowVersions,
  listWorkflowRuns,
  listAlertWorkflowRuns,
  getWorkflowRun,
  cancelWorkflowRun,
  rerunWorkflowRun,
  listWorkflowTriggers,
  listWorkflowActions,
  getWorkflowAction,
  getCustomSearchRuntimeParams,
  listWorkflowTemplates,
  createWorkflowTemplate,
  getWorkflowTemplate,
  updateWorkflowTemplate,
  deleteWorkflowTemplate,
};

/**
 * A workflow (and its versions) is visible when every customer it names is the caller's; one for
 * every customer only to callers who reach every customer of the provider.
 */
const workflowReach = `${samePartner} and customer_ids <@ ${scopeIds} and (cardinality(customer_ids) > 0 or ${isGlobal})`;

export const workflowsArea = defineArea({
  name: 'workflows',
  handlers: workflowHandlers,
  jobs: WORKFLOWS_JOBS,
  schedules: WORKFLOWS_SCHEDULES,
  tables: [
    'workflows',
    'workflow_versions',
    'workflow_runs',
    'workflow_steps',
    'workflow_templates',
    'workflow_trigger_epoch',
  ],
  tenantPolicies: {
    workflows: workflowReach,
    workflow_versions: workflowReach,
    workflow_runs: `${samePartner} and ${inScope}`,
    workflow_steps: inScope,
    workflow_templates: samePartner,
  },
});
