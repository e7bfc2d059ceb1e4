import type { AnyEventObject } from 'xstate';
import type { Mute } from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { apiError, type FakeNetwork } from '../helpers/fake-network.ts';
import type { NetworkOutcomes } from '../helpers/machine-model.ts';

/**
 * The mute lifecycle's sample events and, for each call's outcome, the server's answer that makes
 * the web app's real actor (useMuteLifecycle over src/web/features/mutes/mute-api.ts) end that way.
 */

export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const CUSTOMER = '00000000-0000-4000-8000-00000000ac01';

export const ACTIVE: Mute = {
  id: '00000000-0000-4000-8000-0000000000m1',
  customer_id: CUSTOMER,
  conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
  description: 'Nightly backups look like exfiltration.',
  state: 'active',
  expires_at: '2025-06-02T12:00:00.000Z',
  ttl_seconds: 86_400,
  created_by: 'analyst@watchfloor.example',
  source_alert_id: 42,
  version: 1,
  created_at: '2025-06-01T11:00:00.000Z',
  updated_at: '2025-06-01T11:00:00.000Z',
};
export const CHANGED: Mute = { ...ACTIVE, description: 'Updated', version: 2 };
export const INACTIVE: Mute = { ...ACTIVE, state: 'inactive', ttl_seconds: null, version: 2 };
export const EXPIRED: Mute = {
  ...ACTIVE,
  state: 'expired',
  ttl_seconds: null,
  expires_at: '2025-05-31T12:00:00.000Z',
};
export const THEIRS: Mute = { ...ACTIVE, description: 'Theirs', version: 3 };
/** Another mute of the list, which the panel can be asked to show instead. */
export const OTHER: Mute = {
  ...ACTIVE,
  id: '00000000-0000-4000-8000-0000000000m2',
  conditions: [{ field: 'host_name', operator: 'equals', value: 'nas-01' }],
  description: 'The NAS reboots every night.',
};

export const CONFLICT = { status: 409, message: 'The mute changed since it was read.' };
export const BAD = { status: 400, message: 'regular expression is not allowed' };
export const BROKEN = { status: 500, message: 'Internal error' };

/** Sample events: what a person does in the panel and the answers each call can give. */
export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'edit' },
  { type: 'change', changes: { description: 'Updated' } },
  { type: 'change', changes: { expiry: 'custom', customExpiry: '' } },
  { type: 'change', changes: { expiry: '7d' } },
  { type: 'add-condition' },
  { type: 'remove-condition', key: 2 },
  { type: 'change-condition', key: 1, changes: { value: '' } },
  { type: 'change-condition', key: 1, changes: { value: 'backup job' } },
  { type: 'save', now: NOW },
  { type: 'cancel' },
  { type: 'leave-requested', to: '/alerts', replace: false },
  { type: 'open-requested', opening: { kind: 'mute', mute: OTHER } },
  { type: 'open-requested', opening: { kind: 'new' } },
  { type: 'confirm-leave' },
  { type: 'stay' },
  { type: 'unmute' },
  { type: 'confirm-unmute' },
  { type: 'reload' },
  { type: 'tick', now: Date.parse('2025-06-03T00:00:00.000Z') },
  { type: 'refreshed', mute: CHANGED },
  { type: 'xstate.done.actor.saveMute', output: CHANGED },
  { type: 'xstate.error.actor.saveMute', error: CONFLICT },
  { type: 'xstate.error.actor.saveMute', error: BAD },
  { type: 'xstate.done.actor.unmuteMute', output: INACTIVE },
  { type: 'xstate.error.actor.unmuteMute', error: CONFLICT },
  { type: 'xstate.error.actor.unmuteMute', error: BROKEN },
  { type: 'xstate.done.actor.loadMute', output: THEIRS },
  { type: 'xstate.error.actor.loadMute', error: BROKEN },
];

const ONE = '/api/alerts/v1/mutes/{mute_id}' as const;
const failure = (error: { status: number; message: string }) => apiError(error.status, error.message);

/** A save creates (POST) a new mute and changes (PUT) an existing one. */
async function answerSave(
  network: FakeNetwork,
  answer: (created: boolean) => Response | { status: 200 | 201; body: Mute },
) {
  if (network.isWaiting('post', '/api/alerts/v1/mutes/')) {
    const reply = answer(true);
    await network.respond(
      'post',
      '/api/alerts/v1/mutes/',
      reply instanceof Response ? reply : { status: 201, body: reply.body },
    );
  } else {
    const reply = answer(false);
    await network.respond('put', ONE, reply instanceof Response ? reply : { status: 200, body: reply.body });
  }
}

export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.saveMute': (event, network) =>
    answerSave(network, () => ({ status: 200, body: event.output })),
  'xstate.error.actor.saveMute': (event, network) => answerSave(network, () => failure(event.error)),
  'xstate.done.actor.unmuteMute': (event, network) =>
    network.respond('post', `${ONE}/unmute`, { status: 200, body: event.output }),
  'xstate.error.actor.unmuteMute': (event, network) =>
    network.respond('post', `${ONE}/unmute`, failure(event.error)),
  'xstate.done.actor.loadMute': (event, network) =>
    network.respond('get', ONE, { status: 200, body: event.output }),
  'xstate.error.actor.loadMute': (event, network) => network.respond('get', ONE, failure(event.error)),
};
