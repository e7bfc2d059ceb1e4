import type { ActionCommand } from '../../commands/command-types.ts';

/** The plan's name after `>escalate`, as typed (matched against the alert's customer's plans when run). */
const planName = (text: string) => (text.trim() === '' ? null : [text.trim()]);

/**
 * `>escalate <plan>`: the open alert (or the selected alerts) escalated through the plan of that
 * name of their customer, or one for every customer (part of THE registry; runner in actions.ts).
 */
export const ESCALATIONS_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'alerts.escalate',
    group: 'alerts',
    keys: [],
    target: 'alerts',
    access: 'startEscalation',
    labs: 'lab_escalations',
    slash: 'escalate',
    usage: '>escalate <plan>',
    label: (l) => l.commands('registry.alertsEscalate'),
    takesArgs: true,
    parse: planName,
    complete: (text, l) =>
      text.trim() === ''
        ? [{ args: [], label: l.commands('complete.escalateHint'), partial: true }]
        : [{ args: [text.trim()], label: l.commands('complete.escalate', { plan: text.trim() }) }],
    destructive: () => false,
    confirm: (l, args, count) => l.commands('confirm.escalate', { count, plan: args[0] ?? '' }),
    run: (ctx, args) => import('./actions.ts').then((m) => m.escalateAlerts(ctx, args[0] ?? '')),
  },
];
