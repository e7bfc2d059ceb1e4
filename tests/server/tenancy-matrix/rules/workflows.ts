import { SECRET } from '../world.ts';
import type { AreaRules } from './types.ts';

/** Workflows. */
export const WORKFLOWS_RULES: AreaRules = {
  getWorkflowAction: { shared: 'workflow actions are the product’s catalogue' },
  getCustomSearchRuntimeParams: { path: (ids) => ({ id: ids.customerSearch }) },
  getWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  updateWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  deleteWorkflowTemplate: { shared: 'workflow templates are the provider’s, no customer’s' },
  listWorkflows: { expect: 'filtered' },
  updateWorkflow: {
    body: (ids) => ({ workflow_id: ids.workflow, version: ids.workflowVersion, name: `${SECRET} renamed` }),
  },
  createWorkflow: {
    body: (ids) => ({ name: SECRET, customer_id: [ids.customer], trigger_id: 'alert_created' }),
  },
  listWorkflowDetails: { expect: 'filtered' },
  getWorkflow: { path: (ids) => ({ id: ids.workflow }) },
  deleteWorkflow: { path: (ids) => ({ id: ids.workflow }), ends: true },
  getWorkflowRuntimeParams: { path: (ids) => ({ id: ids.workflow }) },
  // updateWorkflow's control, earlier, made the next version.
  // A workflow without tasks stays a draft: the 400 says so of the other customer's workflow.
  publishWorkflow: {
    path: (ids) => ({ id: ids.workflow }),
    body: (ids) => ({ version: ids.workflowVersion + 1 }),
    control: { status: 400 },
  },
  // Only a published workflow pauses: the 400 says so of the other customer's workflow.
  pauseWorkflow: {
    path: (ids) => ({ id: ids.workflow }),
    body: () => ({ paused: true }),
    control: { status: 400 },
  },
  listWorkflowVersions: { path: (ids) => ({ id: ids.workflow }) },
  listWorkflowRuns: { path: (ids) => ({ id: ids.workflow }) },
  getWorkflowRun: { path: (ids) => ({ run_id: ids.workflowRun }) },
  cancelWorkflowRun: { path: (ids) => ({ run_id: ids.workflowRun }), ends: true },
  // The run is still queued: the 409 says so of the other customer's run.
  rerunWorkflowRun: {
    path: (ids) => ({ run_id: ids.workflowRun }),
    body: () => ({}),
    control: { status: 409 },
  },
};
