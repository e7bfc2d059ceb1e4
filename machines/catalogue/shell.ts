import { commandFlowMachine } from '../command-flow/command-flow.machine.ts';
import { omniboxMachine } from '../omnibox/omnibox.machine.ts';
import { sessionMachine } from '../session/session.machine.ts';
import { tableMachine } from '../table/table.machine.ts';
import { intervalMachine } from '../ticker/interval.machine.ts';
import { tickerMachine } from '../ticker/ticker.machine.ts';
import { toastsMachine } from '../toasts/toasts.machine.ts';
import type { CatalogueEntry } from './entry.ts';

const PENDING = {
  oauthState: 'state-1',
  nonce: 'nonce-1',
  codeVerifier: 'verifier-1',
  redirectURI: '/alerts',
};
const USER = { user: { email: 'analyst@watchfloor.example' }, attributes: { locale: 'en-GB' } };

export const session: CatalogueEntry = {
  name: 'session',
  machine: sessionMachine,
  description: 'Sign-in with the identity provider, the signed-in session, its refresh, expiry and sign-out.',
  input: { token: null, pending: PENDING, address: '/' },
  events: [
    { type: 'login', returnTo: '/agents' },
    { type: 'callback', state: PENDING.oauthState, code: 'code-1', iss: 'https://idp.example/idp' },
    { type: 'callback', state: 'tampered', code: 'code-1', iss: null },
    { type: 'callback', state: PENDING.oauthState, code: null, iss: null },
    { type: 'session-expired', returnTo: '/cases/7' },
    { type: 'logout' },
    { type: 'reload-user' },
    { type: 'token-replaced', token: 'token-impersonated' },
    {
      type: 'xstate.done.actor.prepareLogin',
      output: { url: 'https://idp.example/authorize', pending: PENDING },
    },
    { type: 'xstate.error.actor.prepareLogin', error: { name: 'TypeError', message: 'Failed to fetch' } },
    { type: 'xstate.done.actor.exchangeCode', output: 'token-1' },
    { type: 'xstate.error.actor.exchangeCode', error: { name: 'Error', message: 'Invalid token response' } },
    { type: 'xstate.done.actor.loadUser', output: USER },
    {
      type: 'xstate.error.actor.loadUser',
      error: { name: 'SessionExpiredError', message: 'Your session has timed out.' },
    },
    {
      type: 'xstate.error.actor.loadUser',
      error: { name: 'Error', message: 'Invalid response from /user endpoint' },
    },
    { type: 'xstate.done.actor.detectAdmin', output: true },
    { type: 'xstate.done.actor.endSession', output: { url: null } },
  ],
};

const choice = (id: string, args: string[], complete: boolean, destructive = false) => ({
  id,
  args,
  complete,
  destructive,
  count: 3,
});

export const commandFlow: CatalogueEntry = {
  name: 'command-flow',
  machine: commandFlowMachine,
  description:
    'A palette command on a selection: chosen, given its arguments, confirmed when destructive, run.',
  input: undefined,
  events: [
    { type: 'choose', choice: choice('alerts.mute', [], false) },
    { type: 'choose', choice: choice('alerts.priority', ['high'], true) },
    { type: 'choose', choice: choice('alerts.false-positive', [], true, true) },
    { type: 'argue', choice: choice('alerts.mute', ['1d'], true, true) },
    { type: 'confirm' },
    { type: 'cancel' },
    { type: 'retry' },
    { type: 'reset' },
    { type: 'xstate.done.actor.run', output: { summary: 'Updated 3 alerts' } },
    { type: 'xstate.error.actor.run', error: { name: 'ApiError', message: 'Database unavailable' } },
  ],
  filterEvents: (snapshot, event) => !event.type.startsWith('xstate.') || snapshot.matches('Running'),
};

export const omnibox: CatalogueEntry = {
  name: 'omnibox',
  machine: omniboxMachine,
  description:
    'The search box in the header: suggestions after a pause in typing, and a threat verdict for an IP or domain.',
  input: undefined,
  sharedClock: true,
  events: [
    { type: 'type', query: 'SRV-DC' },
    { type: 'type', query: '185.220.101.4' },
    { type: 'type', query: '' },
    { type: 'clear' },
    {
      type: 'xstate.done.actor.search',
      output: [{ id: 'alert:1', kind: 'alerts', label: '#1 Brute force' }],
    },
    {
      type: 'xstate.error.actor.search',
      error: { name: 'AbortError', message: 'The operation was aborted.' },
    },
    { type: 'xstate.error.actor.search', error: { name: 'Error', message: 'Invalid response' } },
    {
      type: 'xstate.done.actor.lookupThreat',
      output: { kind: 'ip', value: '185.220.101.4', risk: 80, det: 'B' },
    },
    {
      type: 'xstate.done.actor.lookupThreat',
      output: { kind: 'ip', value: '185.220.101.4', risk: 0, det: 'U' },
    },
    { type: 'xstate.error.actor.lookupThreat', error: { name: 'ApiError', message: 'Threat service down' } },
  ],
  // A keystroke changes the text; the same text again is not a keystroke.
  filterEvents: (snapshot, event) => event.type !== 'type' || event.query !== snapshot.context.query,
};

export const table: CatalogueEntry = {
  name: 'table',
  machine: tableMachine,
  description: "A list's bulk selection (rows, the page, or all that match).",
  input: { rowCount: 30 },
  events: [
    { type: 'rows-changed', rowCount: 0 },
    { type: 'rows-changed', rowCount: 30 },
    { type: 'toggle', id: 1 },
    { type: 'toggle-page', ids: [1, 2, 3] },
    { type: 'select-all-matching' },
    { type: 'clear-selection' },
  ],
};

export const ticker: CatalogueEntry = {
  name: 'ticker',
  machine: tickerMachine,
  description:
    "The console's timers: timestamps every second, a refresh every minute, a reload every 5 minutes.",
  input: { secondMs: 1000, refreshEvery: 2, reloadEvery: 3 },
  events: [
    { type: 'user-present' },
    { type: 'user-gone' },
    { type: 'second-elapsed' },
    { type: 'refresh-now' },
  ],
};

export const interval: CatalogueEntry = {
  name: 'interval',
  machine: intervalMachine,
  description: "A <Ticker>'s timer: fires at its interval unless disabled; a new interval restarts the wait.",
  input: undefined,
  events: [
    { type: 'enable' },
    { type: 'disable' },
    { type: 'set-interval', interval: 5000 },
    { type: 'interval-elapsed' },
  ],
};

export const toasts: CatalogueEntry = {
  name: 'toasts',
  machine: toastsMachine,
  description:
    'Notifications: shown as toasts while a host is on screen, closed by hand or after a while, kept in history.',
  input: {},
  events: [
    { type: 'host-mounted' },
    { type: 'host-gone' },
    { type: 'notify', title: 'Saved', message: 'Case 7 updated', timestamp: 0, severity: 'success' },
    { type: 'close', id: '1' },
    { type: 'auto-close', id: '1' },
  ],
  // Every notification gets a new id: the paths tell toasts apart by how many are open.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      open: snapshot.context.toasts.length,
      kept: snapshot.context.history.length > 0,
    }),
  filterEvents: (snapshot, event) => event.type !== 'notify' || snapshot.context.toasts.length < 2,
};
