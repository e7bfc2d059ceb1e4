import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { AnyEventObject } from 'xstate';
import type { CommandChoice, CommandOutcome } from '../../machines/command-flow/command-flow.context.ts';
import type { components } from '../../src/api/schema.d.ts';
import type { Labels } from '../../src/web/commands/registry.ts';
import { useCommandFlow } from '../../src/web/commands/use-command-flow.ts';
import type { AlertsCommandTarget } from '../../src/web/features/alerts/command-target.ts';
import type { Alert } from '../../src/web/features/alerts/types.ts';
import { useToasts } from '../../src/web/shell/index.ts';
import { anAlert } from '../helpers/alert-fixture.ts';
import { apiError, freshNetwork } from '../helpers/fake-network.ts';
import { hookPlayer, type NetworkOutcomes } from '../helpers/machine-model.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';

/** The palette's command flow on a list's selection, over the typed fake network. */

export const BULK = '/api/alerts/v1/alerts/' as const;
export const ALERT_PATH = '/api/alerts/v1/alerts/{id}' as const;
export const MUTES = '/api/alerts/v1/mutes/' as const;

export const IDS = [11, 12, 13];
export const EMAIL = 'analyst@example.com';

export const choice = (
  id: string,
  args: string[],
  complete: boolean,
  destructive = false,
  count = IDS.length,
): CommandChoice => ({ id, args, complete, destructive, count });

export const MUTE_WAITING = choice('alerts.mute', [], false);
export const MUTE_1D = choice('alerts.mute', ['1d'], true, true);
export const PRIORITY_HIGH = choice('alerts.priority', ['high'], true);
export const FALSE_POSITIVE = choice('alerts.false-positive', [], true, true);
export const GO_ALERTS = choice('go.alerts', [], true, false, 0);

/** What each command changes on the selected alerts (the bulk update's fields). */
export const FIELDS: Record<string, components['schemas']['AlertChanges']> = {
  'alerts.priority': { priority: 'high' },
  'alerts.false-positive': { status: 'false_positive', classification: 'false_positive' },
};

export const UPDATED: CommandOutcome = { summary: 'Updated 3 alerts' };
export const MUTED: CommandOutcome = { summary: 'Muted 3 alerts' };
export const NOT_MUTED: CommandOutcome = {
  summary: '3 failed: #11 Alert not found; #12 Alert not found; #13 Alert not found',
};

export const ALERT: Alert = anAlert({ id: 11 });

const muteOf = (body: components['schemas']['MuteCreate']): components['schemas']['Mute'] => ({
  id: `00000000-0000-4000-8000-0000000000${body.source_alert_id}`,
  customer_id: body.customer_id,
  conditions: body.conditions,
  description: body.description ?? '',
  source_alert_id: body.source_alert_id ?? null,
  created_at: '2025-06-01T09:00:00.000Z',
  updated_at: '2025-06-01T09:00:00.000Z',
  created_by: EMAIL,
  expires_at: '2025-06-02T09:00:00.000Z',
  state: 'active',
  ttl_seconds: body.ttl_seconds ?? null,
  version: 1,
});

/**
 * The server's answers that end the real run as each model event says: the bulk update answers
 * or fails (bulk commands); the alerts a mute is made from are read, then each mute is made, or
 * every read fails and the run reports the failures (a mute never fails as a whole).
 */
export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.run': async (event, network) => {
    if (event.output.summary === UPDATED.summary) {
      const updated = IDS.map((id) => ({ id, version: 4 }));
      return network.respond('put', BULK, { status: 200, body: { updated, failed: [] } });
    }
    if (event.output.summary === NOT_MUTED.summary)
      return network.respond('get', ALERT_PATH, apiError(404, 'Alert not found'));
    network.on('post', MUTES, (call) => ({ status: 201 as const, body: muteOf(call.body) }));
    return network.respond('get', ALERT_PATH, { status: 200, body: ALERT });
  },
  'xstate.error.actor.run': (event, network) =>
    network.respond('put', BULK, apiError(500, event.error.message)),
};

/** Which command each way a run ends belongs to (the model's filter). */
export const outcomeFits = (event: AnyEventObject, running: CommandChoice | null) =>
  event.type === 'xstate.error.actor.run' || event.output.summary === UPDATED.summary
    ? running?.id !== 'alerts.mute'
    : running?.id === 'alerts.mute';

/** The command flow as the palette runs it: the page's selection, its toasts and router. */
function useFlow(target: AlertsCommandTarget) {
  const { t } = useTranslation('commands');
  const { t: routes } = useTranslation('routes');
  const labels: Labels = useMemo(() => ({ commands: t, routes }), [t, routes]);
  const [, navigate] = useLocation();
  const { notify } = useToasts();
  const flow = useCommandFlow({ target, labels, navigate, notify, email: EMAIL });
  const snapshot = useSelector(flow.actor, (s) => s);
  return { ...flow, snapshot };
}

/** Signs in, renders the flow on three selected alerts and counts the screen's refreshes. */
export async function startFlow() {
  const network = freshNetwork();
  signIn(network);
  let refreshed = 0;
  const target: AlertsCommandTarget = {
    kind: 'alerts',
    ids: IDS,
    versions: {},
    refresh: () => {
      refreshed++;
    },
    focusedId: null,
  };
  const hook = await renderAppHook(() => useFlow(target), { path: '/alerts/11' });
  const player = hookPlayer(hook, network, OUTCOMES);
  return {
    ...hook,
    ...player,
    network,
    refreshed: () => refreshed,
    /** Runs started on the server: a bulk update, or the reads of the alerts to mute. */
    runs: () => network.callsTo('put', BULK).length + network.callsTo('get', ALERT_PATH).length / IDS.length,
    /** Requests of a run still waiting for their answer. */
    waiting: () => network.waiting().filter((w) => /^(put|get) \/api\/alerts\/v1\/alerts\//.test(w)).length,
  };
}
