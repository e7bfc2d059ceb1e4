import { useSelector } from '@xstate/react';
import { createElement } from 'react';
import { vi } from 'vitest';
import type { AnyActorRef, AnyEventObject, SnapshotFrom } from 'xstate';
import {
  DEBOUNCE_MS,
  type OmniboxSuggestion,
  type ThreatIntel,
} from '../../machines/omnibox/omnibox.context.ts';
import type { omniboxMachine } from '../../machines/omnibox/omnibox.machine.ts';
import { clearThreatCache } from '../../src/web/commands/search-actors.ts';
import { useOmnibox } from '../../src/web/commands/use-omnibox.ts';
import {
  SelectedCustomersProvider,
  useSelectedCustomers,
} from '../../src/web/shell/customers/SelectedCustomersProvider.tsx';
import { STORAGE_KEYS } from '../../src/web/shell/local-storage.ts';
import { apiError, freshNetwork, settleMicrotasks } from '../helpers/fake-network.ts';
import { hookPlayer, type NetworkOutcomes } from '../helpers/machine-model.ts';
import { madeActors } from '../helpers/made-actors.ts';
import { renderAppHook } from '../helpers/render-hook.tsx';
import { signIn } from '../helpers/signed-in-session.tsx';

/** The palette's omnibox hook over the typed fake network: fixtures, answers and the driver. */

export type OmniboxSnapshot = SnapshotFrom<typeof omniboxMachine>;

export const OMNIBOX = '/api/search/omnibox' as const;
export const THREAT = '/api/threat/{kind}/{value}' as const;
export const INVALID = 'Invalid response from omnibox endpoint';

export const suggestion = (
  id: string,
  category: OmniboxSuggestion['category'],
  label = id,
): OmniboxSuggestion => ({ id, value: id, label, icon: category, url: `/${category}/${id}`, category });

export const SUGGESTIONS = [
  suggestion('alert:1', 'alerts', '#1 Brute force (SRV-DC-01)'),
  suggestion('agent:9', 'agents'),
];

export const verdict = (det: ThreatIntel['det'], risk = 80): ThreatIntel => ({
  kind: 'ip',
  value: '185.220.101.4',
  risk,
  det,
  country: 'DE',
  registrant_organization: 'Example Hosting',
  popularity: 1200,
  threat_categories: ['tor', 'scanner'],
  malware_group: null,
});

export const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * How each way a call ends happens on the network: suggestions or a verdict answered; a request
 * aborted from elsewhere (fetch rejects with AbortError); a 204 without a body, which the search
 * actor refuses with 'Invalid response from omnibox endpoint'; a failing threat service.
 */
export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.search': (event, network) =>
    network.respond('get', OMNIBOX, { status: 200, body: { suggestions: event.output } }),
  'xstate.error.actor.search': (event, network) =>
    event.error.name === 'AbortError'
      ? network.fail('get', OMNIBOX, abortError())
      : network.respond('get', OMNIBOX, new Response(null, { status: 204 })),
  'xstate.done.actor.lookupThreat': (event, network) =>
    network.respond('get', THREAT, { status: 200, body: event.output }),
  'xstate.error.actor.lookupThreat': (event, network) =>
    network.respond('get', THREAT, apiError(500, event.error.message)),
};

/** The omnibox hook as the palette uses it, with the customer filter and the actor it made. */
function useProbe() {
  const omnibox = useOmnibox();
  const filter = useSelectedCustomers();
  const actor = madeActors.get('omnibox') as AnyActorRef;
  const snapshot = useSelector(actor, (s) => s as OmniboxSnapshot);
  // Keystrokes go through the hook as the palette types them; the palette never sends `clear`
  // (it unmounts), so that one goes to the machine the hook runs.
  const send = (event: AnyEventObject) =>
    event.type === 'type' ? omnibox.type(event.query) : actor.send(event as never);
  return { ...omnibox, filter, snapshot, send };
}

/**
 * Signs in on real timers, renders the hook in the shell (customer filter `customers` active),
 * then fakes the clock for the 500 ms debounce. The console errors the hook logs are kept.
 */
export async function startOmnibox({ customers = [] as string[] } = {}) {
  const network = freshNetwork();
  signIn(network);
  localStorage.setItem(
    STORAGE_KEYS.selectedCustomers,
    JSON.stringify(customers.map((customer_id) => ({ customer_id }))),
  );
  clearThreatCache();
  const logged: unknown[] = [];
  const consoleError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args[0] === 'Omnibox:') logged.push(args[1]);
    else consoleError(...args);
  });
  const hook = await renderAppHook(useProbe, {
    around: (children) => createElement(SelectedCustomersProvider, null, children),
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const advance = (ms: number) =>
    hook.act(async () => {
      vi.advanceTimersByTime(ms);
      await settleMicrotasks();
    });
  const player = hookPlayer(hook, network, OUTCOMES, { advance: () => advance(DEBOUNCE_MS) });
  return {
    ...hook,
    ...player,
    network,
    advance,
    /** What the hook logged with console.error, as messages. */
    logged: () => logged.map((e) => (e as Error).message),
    type: (query: string) => hook.act(() => hook.result.current.type(query)),
    /** Search requests still waiting for their answer (an aborted one no longer waits). */
    searchesWaiting: () => network.waiting().filter((w) => w === `get ${OMNIBOX}`).length,
  };
}
