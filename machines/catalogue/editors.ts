import { caseEditorMachine } from '../case-editor/case-editor.machine.ts';
import { muteLifecycleMachine } from '../mute-lifecycle/mute-lifecycle.machine.ts';
import type { CatalogueEntry } from './entry.ts';

const CASE = {
  id: 7,
  title: 'Phishing wave at Acme',
  description: 'Several users reported the same lure.',
  status: 'open',
  tags: ['phishing'],
  assigned_users: ['analyst@watchfloor.example'],
  risk_score_min: null,
  risk_score_max: null,
  version: 1,
};
const CONFLICT = { status: 409, message: 'This item changed since it was read.' };
const NOT_FOUND = { status: 404, message: 'Not found' };
const BROKEN = { status: 500, message: 'Internal error' };

export const caseEditor: CatalogueEntry = {
  name: 'case-editor',
  machine: caseEditorMachine,
  description:
    "A case's page: loaded, edited, saved or refused as stale, and a guard before leaving with changes.",
  input: { caseId: 7 },
  events: [
    { type: 'xstate.done.actor.loadCase', output: CASE },
    { type: 'xstate.error.actor.loadCase', error: NOT_FOUND },
    { type: 'xstate.error.actor.loadCase', error: BROKEN },
    { type: 'edit', changes: { description: 'Changed' } },
    { type: 'edit', changes: { description: CASE.description } },
    { type: 'save' },
    { type: 'discard' },
    { type: 'reload' },
    { type: 'case-changed', record: { ...CASE, version: 3, description: 'Theirs' } },
    { type: 'leave-requested', to: '/cases', replace: false },
    { type: 'confirm-leave' },
    { type: 'stay' },
    { type: 'resume' },
    { type: 'xstate.done.actor.saveCase', output: { ...CASE, description: 'Changed', version: 2 } },
    { type: 'xstate.error.actor.saveCase', error: CONFLICT },
    { type: 'xstate.error.actor.saveCase', error: BROKEN },
  ],
  // The leave question is a modal dialog, and a left page is hidden: only the answers, the page
  // coming back and the calls under way can happen then.
  filterEvents: (snapshot, event) => {
    if (!snapshot.matches('Ready') || event.type.startsWith('xstate.')) return true;
    if (snapshot.matches({ Ready: { Leave: 'ConfirmLeave' } }))
      return ['confirm-leave', 'stay'].includes(event.type);
    if (snapshot.matches({ Ready: { Leave: 'Left' } })) return event.type === 'resume';
    return !['confirm-leave', 'stay', 'resume'].includes(event.type);
  },
};

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const ACTIVE = {
  id: 'm1',
  customer_id: 'c1',
  conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
  description: 'Nightly backups look like exfiltration.',
  state: 'active',
  expires_at: '2025-06-02T12:00:00.000Z',
  version: 1,
};
const FORM_EVENTS = ['change', 'change-condition', 'save', 'cancel', 'leave-requested'];
const LEAVE_ANSWERS = ['confirm-leave', 'stay'];

export const muteLifecycle: CatalogueEntry = {
  name: 'mute-lifecycle',
  machine: muteLifecycleMachine,
  description: 'A mute: active until it expires or is unmuted, edited and saved, refused as stale.',
  input: { mute: ACTIVE },
  events: [
    { type: 'edit' },
    { type: 'change', changes: { description: 'Updated' } },
    { type: 'change-condition', key: 1, changes: { value: '' } },
    { type: 'save', now: NOW },
    { type: 'cancel' },
    { type: 'leave-requested', to: '/alerts', replace: false },
    { type: 'open-requested', opening: { kind: 'new' } },
    { type: 'confirm-leave' },
    { type: 'stay' },
    { type: 'unmute' },
    { type: 'confirm-unmute' },
    { type: 'reload' },
    { type: 'tick', now: Date.parse('2025-06-03T00:00:00.000Z') },
    { type: 'refreshed', mute: { ...ACTIVE, description: 'Updated', version: 2 } },
    { type: 'xstate.done.actor.saveMute', output: { ...ACTIVE, description: 'Updated', version: 2 } },
    { type: 'xstate.error.actor.saveMute', error: CONFLICT },
    {
      type: 'xstate.error.actor.saveMute',
      error: { status: 400, message: 'regular expression is not allowed' },
    },
    { type: 'xstate.done.actor.unmuteMute', output: { ...ACTIVE, state: 'inactive', version: 2 } },
    { type: 'xstate.error.actor.unmuteMute', error: CONFLICT },
    { type: 'xstate.error.actor.unmuteMute', error: BROKEN },
    { type: 'xstate.done.actor.loadMute', output: { ...ACTIVE, description: 'Theirs', version: 3 } },
    { type: 'xstate.error.actor.loadMute', error: BROKEN },
  ],
  // The form's events only while the form is open; the unmute and leave questions are modal; a
  // closed panel is dropped. Another mute or a new one can be asked for wherever the list is.
  filterEvents: (snapshot, event) => {
    if (event.type.startsWith('xstate.')) return true;
    if (snapshot.matches('Closed')) return false;
    if (snapshot.matches('ConfirmLeave')) return LEAVE_ANSWERS.includes(event.type);
    if (LEAVE_ANSWERS.includes(event.type)) return false;
    if (snapshot.matches('ConfirmUnmute')) return ['confirm-unmute', 'cancel'].includes(event.type);
    if (event.type === 'open-requested') return true;
    if (snapshot.matches('Editing')) return FORM_EVENTS.includes(event.type);
    if (snapshot.matches('Conflict')) return ['reload', 'cancel'].includes(event.type);
    return !FORM_EVENTS.includes(event.type) || event.type === 'cancel';
  },
};
