import { messageOf, statusOf } from '../shared/contract-error.ts';
import { muteDraftFrom, newMuteDraft } from './draft.ts';
import type { Mute, MuteLifecycleContext } from './mute-lifecycle.context.ts';
import { muteLifecycleSetup } from './setup.ts';

export type { MuteOperation } from './setup.ts';

const errorParams = (error: unknown) => ({ error });
/** A saved mute, as reported: created when the panel had none, else changed. */
const savedParams = ({ context, event }: { context: MuteLifecycleContext; event: { output: Mute } }) => ({
  mute: event.output,
  operation: context.mute ? ('update' as const) : ('create' as const),
});

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
 * Asking the panel for another mute or a new mute's form (`open-requested`: a row, n, New mute)
 * asks the same question over a dirty form; `confirm-leave` then hands the panel over
 * (`openInstead`) and this actor ends in `Closed`. Anywhere else the panel is handed over at once,
 * except during a save or an unmute, whose answer is waited for (a failure keeps the form, and
 * its changes, or the mute with its error).
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
      opening: null,
    };
  },
  initial: 'Routing',
  // The form's states and the questions override this: they ask first, wait or keep the modal answer.
  on: {
    'open-requested': {
      target: '.Closed',
      actions: { type: 'openInstead', params: ({ event }) => event.opening },
    },
  },
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
      // As a save: the unmute is on its way, and its answer (the toast, the lists reloaded) is
      // waited for before the panel moves on. A refused unmute keeps this mute, with its error.
      on: { 'open-requested': { actions: 'keepOpening' } },
      invoke: {
        id: 'unmuteMute',
        src: 'unmuteMute',
        input: ({ context }) => ({ id: context.mute!.id, version: context.mute!.version }),
        onDone: [
          {
            guard: 'opening',
            target: 'Closed',
            actions: [
              {
                type: 'reportChanged',
                params: ({ event }) => ({ mute: event.output, operation: 'unmute' as const }),
              },
              { type: 'openInstead', params: ({ context }) => context.opening! },
              'forgetLeave',
            ],
          },
          {
            target: 'Routing',
            actions: [
              { type: 'takeMute', params: ({ event }) => ({ mute: event.output }) },
              {
                type: 'reportChanged',
                params: ({ event }) => ({ mute: event.output, operation: 'unmute' as const }),
              },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => errorParams(event.error) },
            target: 'Conflict',
            actions: [{ type: 'keepError', params: ({ event }) => errorParams(event.error) }, 'forgetLeave'],
          },
          {
            target: 'Active',
            actions: [
              'forgetLeave',
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
        'open-requested': [
          { guard: 'dirty', target: 'ConfirmLeave', actions: 'keepOpening' },
          { target: 'Discarding', actions: 'keepOpening' },
        ],
      },
    },
    /** 'Leave without saving?': the form stays on screen, behind the question. */
    ConfirmLeave: {
      on: {
        'confirm-leave': 'Discarding',
        stay: { target: 'Editing', actions: 'forgetLeave' },
        // The question is modal: it answers what was asked first.
        'open-requested': {},
      },
    },
    /**
     * The form closes unsaved: to the address asked for, if any, and back to the mute (or none);
     * or the panel shows what was asked for instead.
     */
    Discarding: {
      entry: { type: 'navigate', params: ({ context }) => context.leave },
      always: [
        {
          guard: 'opening',
          target: 'Closed',
          actions: [{ type: 'openInstead', params: ({ context }) => context.opening! }, 'forgetLeave'],
        },
        { guard: 'isNew', target: 'Closed', actions: ['forgetLeave', 'reportClosed'] },
        { target: 'Routing', actions: ['forgetLeave', 'resetDraft'] },
      ],
    },
    Saving: {
      // Not asked about: the changes are on their way; the panel moves on once they are saved.
      on: { 'open-requested': { actions: 'keepOpening' } },
      invoke: {
        id: 'saveMute',
        src: 'saveMute',
        input: ({ context }) => ({
          id: context.mute?.id ?? null,
          version: context.mute?.version ?? null,
          draft: context.draft,
        }),
        onDone: [
          {
            guard: 'opening',
            target: 'Closed',
            actions: [
              { type: 'reportChanged', params: savedParams },
              { type: 'openInstead', params: ({ context }) => context.opening! },
              'forgetLeave',
            ],
          },
          {
            target: 'Routing',
            actions: [
              { type: 'reportChanged', params: savedParams },
              { type: 'takeMute', params: ({ event }) => ({ mute: event.output }) },
            ],
          },
        ],
        // A refused save keeps the form on screen, so what was asked for meanwhile is dropped.
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => errorParams(event.error) },
            target: 'Conflict',
            actions: [{ type: 'keepError', params: ({ event }) => errorParams(event.error) }, 'forgetLeave'],
          },
          {
            target: 'Editing',
            actions: [
              'forgetLeave',
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
    /** The new mute's form was closed, or the panel shows another: the screen drops this actor. */
    Closed: {
      on: { 'open-requested': {} },
    },
  },
});

export type MuteLifecycleMachine = typeof muteLifecycleMachine;
