import type { AgentActionType } from '../../../../machines/agent-action/agent-action.context.ts';
import { durationLabel } from '../../commands/argument-labels.ts';
import { MUTE_CHOICES, MUTE_DURATIONS, type MuteDuration } from '../../commands/arguments.ts';
import { onSelection } from '../../commands/availability.ts';
import { noArgs, oneOf } from '../../commands/command-helpers.ts';
import type {
  ActionCommand,
  Availability,
  CommandGroupInfo,
  Labels,
  RunContext,
  TargetKindInfo,
} from '../../commands/command-types.ts';
import type { CommandTarget } from '../../commands/target.ts';
import { AGENT_ACTIONS } from './agent-access.ts';
import { alertAgentOf } from './command-target.ts';

/**
 * The palette's response actions on the selected agents or the open agent (part of THE
 * registry, src/web/commands/registry.ts; runner in actions.ts). Every
 * one asks first, saying how many agents it acts on: the agent carries it out at its next check-in.
 */

/** Isolation lengths the palette offers; isolation ends by itself after it. */
export const ISOLATE_CHOICES = MUTE_CHOICES;
export const isolateSeconds = (length: string | undefined) =>
  MUTE_DURATIONS[(length ?? '1h') as MuteDuration] ?? MUTE_DURATIONS['1h'];

/** The action each command asks for and its parameters from the command's arguments. */
export const COMMAND_ACTIONS: Record<
  string,
  { type: AgentActionType; parameters(args: readonly string[]): Record<string, unknown> }
> = {
  'agents.isolate': { type: 'isolate', parameters: (args) => ({ length: isolateSeconds(args[0]) }) },
  'agents.deisolate': { type: 'deisolate', parameters: () => ({}) },
  'agents.scan': { type: 'full_disk_scan', parameters: () => ({}) },
  'agents.restart': { type: 'restart_agent', parameters: () => ({}) },
  'agents.diagnostics': { type: 'upload_diagnostics', parameters: () => ({}) },
  'agents.quarantine': { type: 'quarantine_file', parameters: (args) => ({ path: args[0] ?? '' }) },
};

const isolateArg = oneOf(ISOLATE_CHOICES);

export const AGENTS_GROUPS: CommandGroupInfo[] = [
  { id: 'agents', order: 90, title: (l) => l.commands('help.groups.agents') },
];

export const AGENTS_TARGET: TargetKindInfo = {
  id: 'agents',
  icon: 'agents',
  selection: (l, count) => l.commands('palette.selectionAgents', { count }),
};

/**
 * On an open alert, the alert's agent (or why there is none); otherwise the selected agents of
 * an agents screen.
 */
function onAgents(target: CommandTarget | null): Availability {
  const agent = alertAgentOf(target);
  if (agent) {
    if (!agent.agentId) return 'noAlertAgent';
    return agent.canChange ? 'available' : 'noPermission';
  }
  const state = onSelection('agents', target);
  return state === 'noSelection' ? 'noAgentsScreen' : state;
}

/** An agent command on an open alert names the agent it acts on. */
function onAlertAgent(l: Labels, target: CommandTarget | null): string | null {
  const agent = alertAgentOf(target);
  if (!agent?.agentId) return null;
  return l.commands('confirm.onAlertAgent', { host: agent.hostName ?? '', id: agent.alertId });
}

const base = (id: string, slash: string, usage: string, label: ActionCommand['label']) =>
  ({
    kind: 'action',
    id,
    group: 'agents',
    keys: [],
    target: 'agents',
    access: AGENT_ACTIONS,
    slash,
    usage,
    label,
    destructive: () => true,
    availableOn: onAgents,
    reasons: {
      noAgentsScreen: (l: Labels) => l.commands('palette.noAgentsScreen'),
      noAlertAgent: (l: Labels) => l.commands('palette.noAlertAgent'),
    },
    confirmDetail: onAlertAgent,
    run: (ctx: RunContext, args: readonly string[]) =>
      import('./actions.ts').then((m) => m.requestAgentCommand(ctx, id, args)),
  }) as const;

const simple = (id: string, slash: string, labelKey: string, confirmKey: string): ActionCommand => ({
  ...base(id, slash, `>${slash}`, (l: Labels) => l.commands(labelKey as never)),
  ...noArgs,
  confirm: (l, _args, count) => l.commands(confirmKey as never, { count }),
});

export const AGENTS_COMMANDS: ActionCommand[] = [
  {
    ...base('agents.isolate', 'isolate', `>isolate [${ISOLATE_CHOICES.join('|')}]`, (l) =>
      l.commands('registry.agentsIsolate'),
    ),
    takesArgs: true,
    // No length isolates for an hour, as the server does.
    parse: (text) => (text.trim() === '' ? ['1h'] : isolateArg.parse(text)),
    complete: (text, l) =>
      isolateArg.matches(text).map((d) => ({
        args: [d],
        label: l.commands('complete.isolate', { duration: durationLabel(l, d) }),
      })),
    confirm: (l, args, count) =>
      l.commands('confirm.isolate', { count, duration: durationLabel(l, args[0] ?? '1h') }),
  },
  simple('agents.deisolate', 'deisolate', 'registry.agentsDeisolate', 'confirm.deisolate'),
  simple('agents.scan', 'scan', 'registry.agentsScan', 'confirm.scan'),
  simple('agents.restart', 'restart', 'registry.agentsRestart', 'confirm.restart'),
  simple('agents.diagnostics', 'diagnostics', 'registry.agentsDiagnostics', 'confirm.diagnostics'),
  {
    ...base('agents.quarantine', 'quarantine', '>quarantine <path>', (l) =>
      l.commands('registry.agentsQuarantine'),
    ),
    takesArgs: true,
    parse: (text) => (text.trim() === '' ? null : [text.trim()]),
    complete: (text, l) =>
      text.trim() === ''
        ? [{ args: [], label: l.commands('complete.quarantineHint'), partial: true }]
        : [{ args: [text.trim()], label: l.commands('complete.quarantine', { path: text.trim() }) }],
    confirm: (l, args, count) => l.commands('confirm.quarantine', { count, path: args[0] ?? '' }),
  },
];
