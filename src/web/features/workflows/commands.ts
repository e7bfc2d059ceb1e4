import { onScreen } from '../../commands/availability.ts';
import { never, noArgs, oneOf } from '../../commands/command-helpers.ts';
import type {
  ActionCommand,
  CommandGroupInfo,
  Labels,
  TargetKindInfo,
} from '../../commands/command-types.ts';
import { type CommandTarget, isSelection } from '../../commands/target.ts';

/**
 * The palette's workflow commands (part of THE registry, src/web/commands/registry.ts; runners in
 * actions.ts): a new workflow from anywhere, open the workflow focused in the list, and
 * `>workflow run|pause|test` on the open workflow, and `>rerun-workflows` on the selected alerts
 * (or the open one). "Open templates" is the route's own command.
 */

export const WORKFLOW_GROUPS: CommandGroupInfo[] = [
  { id: 'workflows', order: 110, title: (l) => l.commands('help.groups.workflows') },
];

/** The list's selection (WorkflowListPage.tsx). */
export const WORKFLOWS_TARGET: TargetKindInfo = {
  id: 'workflows',
  icon: 'workflows',
  selection: (l, count) => l.commands('palette.selectionWorkflows', { count }),
  noSelection: (l) => l.commands('palette.noSelectionWorkflows'),
};
/** The open workflow (WorkflowEditorPage.tsx). */
export const WORKFLOW_TARGET: TargetKindInfo = { id: 'workflow', icon: 'workflows' };

const WORKFLOW_WORDS = ['run', 'pause', 'test'] as const;

export const WORKFLOW_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'workflows.new',
    group: 'workflows',
    keys: [],
    target: 'workflows',
    access: 'createWorkflow',
    labs: 'lab_workflows',
    slash: 'new-workflow',
    usage: '>new-workflow',
    label: (l) => l.commands('registry.workflowsNew'),
    ...noArgs,
    destructive: never,
    confirm: (l) => l.commands('registry.workflowsNew'),
    availableOn: () => 'available',
    run: (ctx) => import('./actions.ts').then((m) => m.newWorkflow(ctx)),
  },
  {
    kind: 'action',
    id: 'workflows.open',
    group: 'workflows',
    keys: [],
    target: 'workflows',
    access: 'getWorkflow',
    labs: 'lab_workflows',
    slash: 'open-workflow',
    usage: '>open-workflow',
    label: (l) => l.commands('registry.workflowsOpen'),
    ...noArgs,
    destructive: never,
    confirm: (l) => l.commands('registry.workflowsOpen'),
    availableOn: (target: CommandTarget | null) =>
      isSelection(target) && target.kind === 'workflows' && target.ids.length > 0
        ? 'available'
        : 'noSelection',
    run: (ctx) => import('./actions.ts').then((m) => m.openWorkflow(ctx)),
  },
  {
    kind: 'action',
    id: 'workflow.act',
    group: 'workflows',
    keys: [],
    target: 'workflow',
    access: 'updateWorkflow',
    labs: 'lab_workflows',
    slash: 'workflow',
    usage: '>workflow run|pause|test',
    label: (l) => l.commands('registry.workflowAct'),
    ...oneOf(WORKFLOW_WORDS),
    complete: (text, l) =>
      WORKFLOW_WORDS.filter((w) => w.startsWith(text.trim().toLowerCase())).map((w) => ({
        args: [w],
        label: l.commands(`complete.workflow.${w}`),
      })),
    destructive: never,
    confirm: (l, args) => l.commands(`complete.workflow.${(args[0] ?? 'run') as 'run'}`),
    availableOn: (target) =>
      onScreen('workflow', 'workflow.act', target, { noScreen: 'noWorkflow', notReady: 'noWorkflow' }),
    reasons: { noWorkflow: (l: Labels) => l.commands('palette.noWorkflowScreen') },
    run: (ctx, args) => import('./actions.ts').then((m) => m.actOnWorkflow(ctx, args)),
  },
  {
    kind: 'action',
    id: 'alerts.rerun-workflows',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    access: 'rerunAlertWorkflows',
    labs: 'lab_workflows',
    slash: 'rerun-workflows',
    usage: '>rerun-workflows',
    label: (l) => l.commands('registry.alertsRerunWorkflows'),
    ...noArgs,
    // The workflows act again (isolate, notify, …): asked first, as the alert's own button does.
    destructive: () => true,
    confirm: (l, _args, count) => l.commands('confirm.rerunWorkflows', { count }),
    run: (ctx) => import('./actions.ts').then((m) => m.rerunAlertsWorkflows(ctx)),
  },
];
