import type { AccessRule } from '../../../common/permissions.ts';
import { defineFeature } from '../feature.ts';

/** Provider staff who may read workflows, and those who may change them (spec 1, section 6). */
const read: AccessRule = { globalScope: true, anyOf: ['read_all', 'read_workflow'] };
const edit: AccessRule = { globalScope: true, anyOf: ['modify_all', 'modify_workflow'] };

const page = () => import('./WorkflowsPage.tsx').then((m) => m.WorkflowsPage);
const list = () => import('./WorkflowListPage.tsx').then((m) => m.WorkflowListPage);

/**
 * Workflows and workflow templates (spec 2): automation on events or a schedule. The list of
 * workflows is here; the editors and the templates' screen say what is coming. A labs feature (lab_workflows): the routes
 * and the sidebar link, last of the conditional ones, are absent until it is switched on.
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
    workflow_templates: page,
    edit_workflow_template: page,
    edit_workflow: page,
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
  namespaces: ['workflows'],
});
