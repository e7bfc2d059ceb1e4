import { assign, setup } from 'xstate';
import { messageOf } from '../shared/contract-error.ts';
import { conflictState, leaveRegion, loadRefused, saveGuards, saveRefused } from '../shared/save-fragment.ts';
import { caseEditorActors } from './actors.ts';
import {
  type CaseEditorContext,
  type CaseEditorInput,
  type CaseRecord,
  EMPTY_DRAFT,
  type LeaveTarget,
} from './case-editor.context.ts';
import type { CaseEditorEvent } from './case-editor.events.ts';
import { changedFields, draftFromCase, isValidDraft, sameDraft } from './draft.ts';

const isDirty = (context: CaseEditorContext) => !sameDraft(context.draft, context.base);

/**
 * Editing one case (spec 2, sections 2 "Cases" and 4 "Leaving with unsaved changes asks for
 * confirmation"; DESIGN section 4: stale writes get 409).
 *
 * `Loading` fetches the case; then `Ready` runs two regions side by side:
 * - `Form`: Pristine → Editing → Saving → Saved | Conflict | Failed. A save sends only the changed
 *   fields with the version the draft was based on; a 409 keeps the draft (so nothing typed is
 *   lost) and offers a reload.
 * - `Leave`: a navigation attempt while the draft is dirty asks first (ConfirmLeave); leaving
 *   (`Left`) throws the draft away and runs the injected `navigate`; `stay` keeps everything.
 *   A save that finishes while the question is open makes it moot, so the navigation goes on.
 *
 * Alerts assigned or unassigned elsewhere on the page arrive as `case-changed`: the record is
 * replaced, but the draft and its version are kept while dirty, so a later save still detects a
 * concurrent edit.
 */
export const caseEditorMachine = setup({
  types: {
    context: {} as CaseEditorContext,
    events: {} as CaseEditorEvent,
    input: {} as CaseEditorInput,
  },
  actors: caseEditorActors,
  actions: {
    /** Injected: goes to the address without asking again. */
    navigate: (_, _params: LeaveTarget) => undefined,
    /** Injected: tells the user the case was saved. */
    reportSaved: () => undefined,
    /** Injected: tells the user a load or save failed (not for 404 and 409, which have their own view). */
    reportFailure: (_, _params: { operation: 'load' | 'save'; message: string }) => undefined,
    takeRecord: assign((_, params: { record: CaseRecord }) => {
      const draft = draftFromCase(params.record);
      return { record: params.record, base: draft, draft, version: params.record.version, error: null };
    }),
    takeChange: assign(({ context }, params: { record: CaseRecord }) => {
      if (isDirty(context)) return { record: params.record };
      const draft = draftFromCase(params.record);
      return { record: params.record, base: draft, draft, version: params.record.version };
    }),
    applyEdit: assign(({ context, event }) =>
      event.type === 'edit' ? { draft: { ...context.draft, ...event.changes } } : {},
    ),
    discardDraft: assign(({ context }) => ({ draft: context.base, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    keepLeave: assign(({ event }) =>
      event.type === 'leave-requested' ? { leave: { to: event.to, replace: event.replace } } : {},
    ),
    forgetLeave: assign({ leave: null }),
    forgetError: assign({ error: null }),
    forgetRecord: assign({ record: null, base: EMPTY_DRAFT, draft: EMPTY_DRAFT, error: null }),
  },
  guards: {
    dirty: ({ context }) => isDirty(context),
    clean: ({ context }) => !isDirty(context),
    canSave: ({ context }) => isDirty(context) && isValidDraft(context.draft),
    ...saveGuards,
  },
}).createMachine({
  id: 'caseEditor',
  context: ({ input }) => ({
    caseId: input.caseId,
    record: null,
    base: EMPTY_DRAFT,
    version: 0,
    draft: EMPTY_DRAFT,
    error: null,
    leave: null,
  }),
  initial: 'Loading',
  states: {
    Loading: {
      entry: 'forgetLeave',
      invoke: {
        id: 'loadCase',
        src: 'loadCase',
        input: ({ context }) => ({ id: context.caseId }),
        onDone: {
          target: 'Ready',
          actions: { type: 'takeRecord', params: ({ event }) => ({ record: event.output }) },
        },
        onError: loadRefused,
      },
    },
    /** 'Case with ID {id} not found' (spec 2, section 8). */
    NotFound: {
      on: { reload: 'Loading' },
    },
    LoadFailed: {
      on: { reload: 'Loading' },
    },
    Ready: {
      type: 'parallel',
      on: {
        'case-changed': {
          actions: { type: 'takeChange', params: ({ event }) => ({ record: event.record }) },
        },
      },
      states: {
        Form: {
          initial: 'Pristine',
          states: {
            Pristine: {
              on: { edit: { target: 'Editing', actions: 'applyEdit' } },
            },
            Editing: {
              // An edit that puts every field back is no change at all.
              always: { guard: 'clean', target: 'Pristine' },
              on: {
                edit: { actions: 'applyEdit' },
                save: { guard: 'canSave', target: 'Saving' },
                discard: { target: 'Pristine', actions: 'discardDraft' },
              },
            },
            Saving: {
              entry: 'forgetError',
              invoke: {
                id: 'saveCase',
                src: 'saveCase',
                input: ({ context }) => ({
                  id: context.caseId,
                  version: context.version,
                  changes: changedFields(context.base, context.draft),
                }),
                onDone: {
                  target: 'Saved',
                  actions: [
                    { type: 'takeRecord', params: ({ event }) => ({ record: event.output }) },
                    'reportSaved',
                  ],
                },
                onError: saveRefused('save'),
              },
            },
            Saved: {
              on: { edit: { target: 'Editing', actions: 'applyEdit' } },
            },
            /** 'This case was changed by someone else': the draft stays readable; reload takes theirs. */
            Conflict: conflictState('caseEditor'),
            Failed: {
              on: {
                edit: { target: 'Editing', actions: 'applyEdit' },
                save: { guard: 'canSave', target: 'Saving' },
                discard: { target: 'Pristine', actions: 'discardDraft' },
              },
            },
          },
        },
        Leave: leaveRegion('caseEditor', () => ({ to: '/cases', replace: false })),
      },
    },
  },
});

export type CaseEditorMachine = typeof caseEditorMachine;
