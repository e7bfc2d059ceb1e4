import { assign, setup } from 'xstate';
import { isConflict, messageOf } from '../shared/contract-error.ts';
import { muteLifecycleActors } from './actors.ts';
import { blankCondition, isValidMuteDraft, muteDraftFrom, sameMuteDraft } from './draft.ts';
import type {
  LeaveTarget,
  Mute,
  MuteLifecycleContext,
  MuteLifecycleInput,
  MuteOpening,
} from './mute-lifecycle.context.ts';
import type { MuteLifecycleEvent } from './mute-lifecycle.events.ts';

/** What failed, for the injected report. */
export type MuteOperation = 'create' | 'update' | 'unmute' | 'load';

/** The form of a mute as the server has it, with nothing typed, tried or failed. */
function freshForm(mute: Mute) {
  const draft = muteDraftFrom(mute);
  return { draft, base: draft, nextKey: mute.conditions.length + 1, attempted: false, error: null };
}

/**
 * Everything the mute lifecycle machine names: its types, actors, actions and guards. The
 * `report*` actions are side effects the web app provides with `.provide({ actions })`.
 */
export const muteLifecycleSetup = setup({
  types: {
    context: {} as MuteLifecycleContext,
    events: {} as MuteLifecycleEvent,
    input: {} as MuteLifecycleInput,
  },
  actors: muteLifecycleActors,
  actions: {
    /** Injected: the mute was created, changed or unmuted (lists reload). */
    reportChanged: (_, _params: { mute: Mute; operation: MuteOperation }) => undefined,
    /** Injected: a call failed (not for 409, which has its own view). */
    reportFailure: (_, _params: { operation: MuteOperation; message: string; status: number | null }) =>
      undefined,
    /** Injected: the new mute's form was closed without saving. */
    reportClosed: () => undefined,
    /** Injected: goes to the address without asking again (nothing to do when only the form closes). */
    navigate: (_, _params: LeaveTarget | null) => undefined,
    /** Injected: the panel shows this instead (another mute, or a new mute's form); this actor is dropped. */
    openInstead: (_, _params: MuteOpening) => undefined,
    /** A mute from the server; the form starts over from it. */
    takeMute: assign((_, params: { mute: Mute }) => ({ mute: params.mute, ...freshForm(params.mute) })),
    /** Leaving the form of an existing mute forgets what was typed. */
    resetDraft: assign(({ context }) => (context.mute ? freshForm(context.mute) : {})),
    startEditing: assign(({ context }) => (context.mute ? freshForm(context.mute) : {})),
    change: assign(({ context, event }) =>
      event.type === 'change' ? { draft: { ...context.draft, ...event.changes } } : {},
    ),
    addCondition: assign(({ context }) => ({
      draft: { ...context.draft, conditions: [...context.draft.conditions, blankCondition(context.nextKey)] },
      nextKey: context.nextKey + 1,
    })),
    removeCondition: assign(({ context, event }) =>
      event.type === 'remove-condition'
        ? {
            draft: {
              ...context.draft,
              conditions: context.draft.conditions.filter((c) => c.key !== event.key),
            },
          }
        : {},
    ),
    changeCondition: assign(({ context, event }) =>
      event.type === 'change-condition'
        ? {
            draft: {
              ...context.draft,
              conditions: context.draft.conditions.map((c) =>
                c.key === event.key ? { ...c, ...event.changes } : c,
              ),
            },
          }
        : {},
    ),
    markAttempted: assign({ attempted: true }),
    markExpired: assign(({ context }) =>
      context.mute ? { mute: { ...context.mute, state: 'expired' as const, ttl_seconds: null } } : {},
    ),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    forgetError: assign({ error: null }),
    // One request waits for the answer at a time: the latest replaces any other.
    keepLeave: assign(({ event }) =>
      event.type === 'leave-requested'
        ? { leave: { to: event.to, replace: event.replace }, opening: null }
        : {},
    ),
    keepOpening: assign(({ event }) =>
      event.type === 'open-requested' ? { opening: event.opening, leave: null } : {},
    ),
    forgetLeave: assign({ leave: null, opening: null }),
  },
  guards: {
    dirty: ({ context }) => !sameMuteDraft(context.draft, context.base),
    isNew: ({ context }) => context.mute === null,
    opening: ({ context }) => context.opening !== null,
    isActive: ({ context }) => context.mute?.state === 'active',
    isInactive: ({ context }) => context.mute?.state === 'inactive',
    canRemove: ({ context, event }) =>
      event.type === 'remove-condition' &&
      context.draft.conditions.length > 1 &&
      context.draft.conditions.some((c) => c.key === event.key),
    canSave: ({ context, event }) =>
      event.type === 'save' && isValidMuteDraft(context.draft, context.mute === null, event.now),
    pastExpiry: ({ context, event }) =>
      event.type === 'tick' &&
      context.mute?.expires_at != null &&
      Date.parse(context.mute.expires_at) <= event.now,
    sameMute: ({ context, event }) => event.type === 'refreshed' && event.mute.id === context.mute?.id,
    // Only a change of an existing mute can be stale; a 409 on creation is an ordinary failure.
    conflict: ({ context }, params: { error: unknown }) => context.mute !== null && isConflict(params.error),
  },
});
