import type { AccessRule } from '../../../common/permissions.ts';
import { defineFeature } from '../feature.ts';
import { WORKFLOW_COMMANDS, WORKFLOW_GROUPS, WORKFLOW_TARGET, WORKFLOWS_TARGET } from './commands.ts';

/** Provider staff who may read workflows, and those who may change them (spec 1, section 6). */
const read: AccessRule = { globalScope: true, anyOf: ['read_all', 'read_workflow'] };
const edit: AccessRule = { globalScope: true, anyOf: ['modify_all', 'modify_workflow'] };

/** The alert screen's "Workflow runs" section, for the alerts area, loaded when the alert is shown. */
export const loadAlertWorkflowRuns = () => import('./AlertWorkflowRuns.tsx').then((m) => m.AlertWorkflowRuns);

const list = () => import('./WorkflowListPage.tsx').then((m) => m.WorkflowListPage);
const templates = () => import('./TemplatesPage.tsx').then((m) => m.TemplatesPage);
const editor = () => import('./WorkflowEditorPage.tsx').then((m) => m.WorkflowEditorPage);
const templateEditor = () => import('./WorkflowEditorPage.tsx').then((m) => m.TemplateEditorPage);

/**
 * Workflows and workflow templates (spec 2): automation on events or a schedule. The list, the
 * editor (steps, test run, versions, runs) and the templates. A labs feature (lab_workflows): the
 * routes, the sidebar link (last of the conditional ones) and the commands are absent until it is
 * switched on.
 */
export const workflowsFeature = defineFeature({
  id: 'workflows',
  routes: [
    { path: '/workflows', name: 'workflows', access: read, labs: 'lab_workflows' },
    { path: '/workflows/templates', name: 'workflow_templates', access: read, labs: 'lab_workflows' },
    {
      path: '/workflows/templates/:uid',
      name: 'edit_workflow_template',
      access: edit,
      labs: 'lab_workflows',
    },
    { path: '/workflows/:uid', name: 'edit_workflow', access: edit, labs: 'lab_workflows' },
  ],
  screens: {
    workflows: list,
    workflow_templates: templates,
    edit_workflow_template: templateEditor,
    edit_workflow: editor,
  },
  sidebar: [
    {
      id: 'workflows',
      group: 'conditional',
      position: 2,
      to: '/workflows',
      route: 'workflows',
      icon: 'workflows',
      labs: 'lab_workflows',
    },
  ],
  commands: WORKFLOW_COMMANDS,
  commandGroups: WORKFLOW_GROUPS,
  targetKinds: [WORKFLOW_TARGET, WORKFLOWS_TARGET],
  namespaces: ['workflows'],
});
