import { onScreen } from '../../commands/availability.ts';
import { never, noArgs } from '../../commands/command-helpers.ts';
import type { ActionCommand, CommandGroupInfo, TargetKindInfo } from '../../commands/command-types.ts';
import type { CommandTarget } from '../../commands/target.ts';

/**
 * The palette's integration commands (part of THE registry): `>open-integration <name>` opens one
 * integration by its name from anywhere; `>validate` runs the page's own validation, the one its
 * button runs. Opening the list is the palette's navigation to /integrations.
 */
export const INTEGRATION_GROUPS: CommandGroupInfo[] = [
  { id: 'integration', order: 110, title: (l) => l.commands('help.groups.integration') },
];

export const INTEGRATION_TARGET: TargetKindInfo = { id: 'integration', icon: 'integrations' };

export const INTEGRATION_COMMANDS: ActionCommand[] = [
  {
    kind: 'action',
    id: 'integrations.open',
    group: 'integration',
    keys: [],
    target: 'integration',
    access: 'listIntegrations',
    slash: 'open-integration',
    usage: '>open-integration <name>',
    label: (l) => l.commands('registry.integrationsOpen'),
    takesArgs: true,
    parse: (text) => (text.trim() === '' ? null : [text.trim()]),
    complete: (text, l) =>
      text.trim() === ''
        ? [{ args: [], label: l.commands('complete.openIntegrationHint'), partial: true }]
        : [{ args: [text.trim()], label: l.commands('complete.openIntegration', { name: text.trim() }) }],
    destructive: never,
    confirm: (l) => l.commands('registry.integrationsOpen'),
    availableOn: () => 'available',
    run: (ctx, args) => import('./open-integration.ts').then((m) => m.openIntegration(ctx, args)),
  },
  {
    kind: 'action',
    id: 'integration.validate',
    group: 'integration',
    keys: [],
    target: 'integration',
    slash: 'validate',
    usage: '>validate',
    label: (l) => l.commands('registry.integrationValidate'),
    ...noArgs,
    destructive: never,
    confirm: (l) => l.commands('registry.integrationValidate'),
    availableOn: (target: CommandTarget | null) =>
      onScreen('integration', 'integration.validate', target, {
        noScreen: 'noIntegrationScreen',
        notReady: 'noIntegrationScreen',
      }),
    reasons: { noIntegrationScreen: (l) => l.commands('palette.noIntegrationScreen') },
    run: (ctx, args) => import('./run-on-screen.ts').then((m) => m.runOnIntegrationScreen(ctx, args)),
  },
];
