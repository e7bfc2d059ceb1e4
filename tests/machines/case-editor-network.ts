import type { AnyEventObject } from 'xstate';
import type { CaseRecord } from '../../machines/case-editor/case-editor.context.ts';
import type { NetworkOutcomes } from '../helpers/machine-model.ts';

/**
 * The case editor's sample events and, for each call's outcome, the server's answer that makes
 * the web app's real actor (useCaseEditor over src/web/features/cases/case-api.ts) end that way.
 */

export const CASE: CaseRecord = {
  id: 7,
  customer_id: '00000000-0000-4000-8000-00000000ac01',
  title: 'Phishing wave at Acme',
  description: 'Several users reported the same lure.',
  status: 'open',
  tags: ['phishing'],
  assigned_users: ['analyst@watchfloor.example'],
  risk_score: 60,
  risk_score_min: null,
  risk_score_max: null,
  fields: {},
  alert_count: 3,
  version: 1,
  created_at: '2025-05-01T08:00:00.000Z',
  updated_at: '2025-05-01T09:00:00.000Z',
  can_edit: true,
  recent_alerts: [],
};
export const SAVED: CaseRecord = {
  ...CASE,
  description: 'Changed',
  version: 2,
  updated_at: '2025-05-01T10:00:00.000Z',
};
/** Someone assigned an alert: the record moves, the version does not. */
export const WITH_ALERT: CaseRecord = { ...CASE, alert_count: 4, updated_at: '2025-05-01T09:30:00.000Z' };

export const NOT_FOUND = { status: 404, message: 'Case with ID 7 not found' };
export const CONFLICT = { status: 409, message: 'This case changed since it was read.' };
export const BROKEN = { status: 500, message: 'Internal error' };

/** The sample events of the model: user events and the answers each call can give. */
export const MODEL_EVENTS: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadCase', output: CASE },
  { type: 'xstate.error.actor.loadCase', error: NOT_FOUND },
  { type: 'xstate.error.actor.loadCase', error: BROKEN },
  { type: 'edit', changes: { description: 'Changed' } },
  { type: 'edit', changes: { description: CASE.description } },
  { type: 'edit', changes: { riskMin: '80', riskMax: '20' } },
  { type: 'edit', changes: { riskMin: '', riskMax: '' } },
  { type: 'save' },
  { type: 'discard' },
  { type: 'reload' },
  { type: 'xstate.done.actor.saveCase', output: SAVED },
  { type: 'xstate.error.actor.saveCase', error: CONFLICT },
  { type: 'xstate.error.actor.saveCase', error: BROKEN },
  { type: 'case-changed', record: WITH_ALERT },
  { type: 'leave-requested', to: '/alerts', replace: false },
  { type: 'confirm-leave' },
  { type: 'stay' },
  { type: 'resume' },
];

const PATH = '/api/cases/v1/cases/{id}' as const;
const errorBody = (code: string, message: string) => ({ error: { code, message } });
/** A server failure outside the contract's declared answers. */
const crash = (message: string) =>
  new Response(JSON.stringify(errorBody('internal', message)), {
    status: 500,
    headers: { 'content-type': 'application/json' },
  });
const loadFailure = (error: { status: number; message: string }) =>
  error.status === 404
    ? { status: 404 as const, body: errorBody('not_found', error.message) }
    : crash(error.message);
const saveFailure = (error: { status: number; message: string }) =>
  error.status === 409
    ? { status: 409 as const, body: errorBody('conflict', error.message) }
    : crash(error.message);

export const OUTCOMES: NetworkOutcomes = {
  'xstate.done.actor.loadCase': (event, network) =>
    network.respond('get', PATH, { status: 200, body: event.output }),
  'xstate.error.actor.loadCase': (event, network) => network.respond('get', PATH, loadFailure(event.error)),
  'xstate.done.actor.saveCase': (event, network) =>
    network.respond('put', PATH, { status: 200, body: event.output }),
  'xstate.error.actor.saveCase': (event, network) => network.respond('put', PATH, saveFailure(event.error)),
};
