import { onScreen } from '../../commands/availability.ts';
import { never, noArgs } from '../../commands/command-helpers.ts';
import type { ActionCommand, CommandGroupInfo, TargetKindInfo } from '../../commands/command-types.ts';
import type { CommandTarget } from '../../commands/target.ts';

/**
 * The palette's commands on an integration's page (part of THE registry): `>validate` runs the
 * page's own validation, the one its button runs. Opening the list or one integration is the
 * palette's navigation to /integrations (and its rows).
 */
export const INTEGRATION_GROUPS: CommandGroupInfo[] = [
  { id: 'integration', order: 110, title: (l) => l.commands('help.groups.integration') },
];

export const INTEGRATION_TARGET: TargetKindInfo = { id: 'integration', icon: 'integrations' };

export const INTEGRATION_COMMANDS: ActionCommand[] = [
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
