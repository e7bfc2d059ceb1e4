import { messageOf, statusOf } from '../shared/contract-error.ts';
import { muteDraftFrom, newMuteDraft } from './draft.ts';
import { muteLifecycleSetup } from './setup.ts';

export type { MuteOperation } from './setup.ts';

const errorParams = (error: unknown) => ({ error });

/**
 * One mute's life on the mute conditions screen (spec 2, sections 2 "Alert mutes", 4 "Mute states"
 * and 9 "Mute default expiry 1 day").
 *
 * `Routing` shows the mute in its state: `Active` (muting until it expires), `Inactive` (unmuted by
 * hand) or `Expired`. An active mute can be unmuted after a confirmation (`ConfirmUnmute` →
 * `Unmuting`); any mute can be edited (`Editing` → `Saving`), and a new expiry makes an inactive
 * or expired mute active again (the server decides the state; the answer routes us). A new mute
 * starts in `Editing` with no mute and leaves through `Closed` when cancelled. Saves and unmutes
 * carry the version read; a 409 goes to `Conflict`, where only a reload helps.
 *
 * Spec 2, section 4 "Leaving with unsaved changes asks for confirmation": closing the form (Cancel,
 * Esc) or navigating away (`leave-requested`) while the draft differs from the form as opened asks
 * first (`ConfirmLeave`); `stay` goes back to the form with everything kept, `confirm-leave` throws
 * the draft away (`Discarding`), goes where the user asked, if anywhere, and closes the form.
 */
export const muteLifecycleMachine = muteLifecycleSetup.createMachine({
  id: 'muteLifecycle',
  context: ({ input }) => {
    const draft = input.mute ? muteDraftFrom(input.mute) : newMuteDraft(input.customerId);
    return {
      mute: input.mute,
      draft,
      base: draft,
      nextKey: (input.mute?.conditions.length ?? 1) + 1,
      attempted: false,
      error: null,
      leave: null,
    };
  },
  initial: 'Routing',
  states: {
    Routing: {
      always: [
        { guard: 'isNew', target: 'Editing' },
        { guard: 'isActive', target: 'Active' },
        { guard: 'isInactive', target: 'Inactive' },
        { target: 'Expired' },
      ],
    },
    Active: {
      on: {
        edit: { target: 'Editing', actions: 'startEditing' },
        unmute: { target: 'ConfirmUnmute', actions: 'forgetError' },
        tick: { guard: 'pastExpiry', target: 'Expired', actions: 'markExpired' },
        refreshed: {
          guard: 'sameMute',
          target: 'Routing',
          actions: { type: 'takeMute', params: ({ event }) => ({ mute: event.mute }) },
        },
      },
    },
    Inactive: {
      on: {
        edit: { target: 'Editing', actions: 'startEditing' },
        refreshed: {
          guard: 'sameMute',
          target: 'Routing',
          actions: { type: 'takeMute', params: ({ event }) => ({ mute: event.mute }) },
        },
      },
    },
    Expired: {
      on: {
        edit: { target: 'Editing', actions: 'startEditing' },
        refreshed: {
          guard: 'sameMute',
          target: 'Routing',
          actions: { type: 'takeMute', params: ({ event }) => ({ mute: event.mute }) },
        },
      },
    },
    /** 'Unmute this condition? New matching alerts will no longer be muted.' */
    ConfirmUnmute: {
      on: {
        'confirm-unmute': 'Unmuting',
        cancel: 'Active',
      },
    },
    Unmuting: {
      invoke: {
        id: 'unmuteMute',
        src: 'unmuteMute',
        input: ({ context }) => ({ id: context.mute!.id, version: context.mute!.version }),
        onDone: {
          target: 'Routing',
          actions: [
            { type: 'takeMute', params: ({ event }) => ({ mute: event.output }) },
            {
              type: 'reportChanged',
              params: ({ event }) => ({ mute: event.output, operation: 'unmute' as const }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => errorParams(event.error) },
            target: 'Conflict',
            actions: { type: 'keepError', params: ({ event }) => errorParams(event.error) },
          },
          {
            target: 'Active',
            actions: [
              { type: 'keepError', params: ({ event }) => errorParams(event.error) },
              {
                type: 'reportFailure',
                params: ({ event }) => ({
                  operation: 'unmute' as const,
                  message: messageOf(event.error),
                  status: statusOf(event.error),
                }),
              },
            ],
          },
        ],
      },
    },
    Editing: {
      on: {
        change: { actions: 'change' },
        'add-condition': { actions: 'addCondition' },
        'remove-condition': { guard: 'canRemove', actions: 'removeCondition' },
        'change-condition': { actions: 'changeCondition' },
        save: [{ guard: 'canSave', target: 'Saving', actions: 'forgetError' }, { actions: 'markAttempted' }],
        cancel: [
          { guard: 'dirty', target: 'ConfirmLeave', actions: 'forgetLeave' },
          { target: 'Discarding' },
        ],
        'leave-requested': [
          { guard: 'dirty', target: 'ConfirmLeave', actions: 'keepLeave' },
          { target: 'Discarding', actions: 'keepLeave' },
        ],
      },
    },
    /** 'Leave without saving?': the form stays on screen, behind the question. */
    ConfirmLeave: {
      on: {
        'confirm-leave': 'Discarding',
        stay: { target: 'Editing', actions: 'forgetLeave' },
      },
    },
    /** The form closes unsaved: to the address asked for, if any, and back to the mute (or none). */
    Discarding: {
      entry: { type: 'navigate', params: ({ context }) => context.leave },
      always: [
        { guard: 'isNew', target: 'Closed', actions: ['forgetLeave', 'reportClosed'] },
        { target: 'Routing', actions: ['forgetLeave', 'resetDraft'] },
      ],
    },
    Saving: {
      invoke: {
        id: 'saveMute',
        src: 'saveMute',
        input: ({ context }) => ({
          id: context.mute?.id ?? null,
          version: context.mute?.version ?? null,
          draft: context.draft,
        }),
        onDone: {
          target: 'Routing',
          actions: [
            {
              type: 'reportChanged',
              params: ({ context, event }) => ({
                mute: event.output,
                operation: context.mute ? ('update' as const) : ('create' as const),
              }),
            },
            { type: 'takeMute', params: ({ event }) => ({ mute: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => errorParams(event.error) },
            target: 'Conflict',
            actions: { type: 'keepError', params: ({ event }) => errorParams(event.error) },
          },
          {
            target: 'Editing',
            actions: [
              { type: 'keepError', params: ({ event }) => errorParams(event.error) },
              {
                type: 'reportFailure',
                params: ({ context, event }) => ({
                  operation: context.mute ? ('update' as const) : ('create' as const),
                  message: messageOf(event.error),
                  status: statusOf(event.error),
                }),
              },
            ],
          },
        ],
      },
    },
    /** Someone else changed the mute meanwhile: its current copy must be read first. */
    Conflict: {
      on: { reload: 'Reloading', cancel: 'Reloading' },
    },
    Reloading: {
      invoke: {
        id: 'loadMute',
        src: 'loadMute',
        input: ({ context }) => ({ id: context.mute!.id }),
        onDone: {
          target: 'Routing',
          actions: { type: 'takeMute', params: ({ event }) => ({ mute: event.output }) },
        },
        onError: {
          target: 'Conflict',
          actions: [
            { type: 'keepError', params: ({ event }) => errorParams(event.error) },
            {
              type: 'reportFailure',
              params: ({ event }) => ({
                operation: 'load' as const,
                message: messageOf(event.error),
                status: statusOf(event.error),
              }),
            },
          ],
        },
      },
    },
    /** The new mute's form was closed; the screen drops this actor. */
    Closed: {},
  },
});

export type MuteLifecycleMachine = typeof muteLifecycleMachine;
