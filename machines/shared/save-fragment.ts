import { isConflict, isNotFound, messageOf } from './contract-error.ts';

/**
 * The save-and-conflict part of an editor whose record has a version (DESIGN section 4: stale
 * writes get 409), written once for every editor machine that has it (the case editor, workflow
 * drafts). The machine that spreads these pieces names, in its `setup`, the actions `takeRecord`
 * (params `{ record }`), `keepError` and `reportFailure` (params `{ error }` and
 * `{ operation, message }`), `applyEdit`, `discardDraft`, `keepLeave`, `forgetLeave` and
 * `navigate` (params a LeaveTarget), and the guards `dirty`, `clean`, `conflict` and `notFound`
 * (the last two from `saveGuards`); its top states are `Loading`, `NotFound`, `LoadFailed` and
 * `Ready`, and `Ready.Form` has `Saved`, `Conflict` and `Failed`.
 */

/** Where a confirmed leave goes; `replace` when the browser's back or forward button asked. */
export interface LeaveTarget {
  to: string;
  replace: boolean;
}

type Failed = { event: { error: unknown } };
const errorOf = ({ event }: Failed) => ({ error: event.error });

/** The guards that tell a refusal apart: a stale version (409) and a record that is not there (404). */
export const saveGuards = {
  conflict: (_: unknown, params: { error: unknown }) => isConflict(params.error),
  notFound: (_: unknown, params: { error: unknown }) => isNotFound(params.error),
};

/**
 * What a failed load leads to: `NotFound` for a 404 (the screen's own view, no toast), else
 * `LoadFailed`, told to the user.
 */
export const loadRefused = [
  {
    guard: { type: 'notFound', params: errorOf },
    target: 'NotFound',
    actions: 'forgetRecord',
  },
  {
    target: 'LoadFailed',
    actions: [
      'forgetRecord',
      { type: 'keepError', params: errorOf },
      {
        type: 'reportFailure',
        params: ({ event }: Failed) => ({ operation: 'load' as const, message: messageOf(event.error) }),
      },
    ],
  },
] as const;

/**
 * A failed save-like call (save, publish): a 409 keeps the draft in `Conflict`; any other failure
 * keeps the draft in `Failed` and is told as this operation's. (A success differs by the record's
 * type, so each machine writes its own `onDone`: the answer becomes the record, the form `Saved`.)
 */
export function saveRefused<const Operation extends string>(operation: Operation) {
  return [
    {
      guard: { type: 'conflict', params: errorOf },
      target: 'Conflict',
      actions: { type: 'keepError', params: errorOf },
    },
    {
      target: 'Failed',
      actions: [
        { type: 'keepError', params: errorOf },
        {
          type: 'reportFailure',
          params: ({ event }: Failed) => ({ operation, message: messageOf(event.error) }),
        },
      ],
    },
  ] as const;
}

/**
 * Someone else changed the record: the draft stays readable (and editable, to copy from), and
 * reload or discard takes theirs.
 */
export function conflictState<const Id extends string>(machineId: Id) {
  return {
    on: {
      edit: { actions: 'applyEdit' },
      reload: `#${machineId}.Loading`,
      discard: `#${machineId}.Loading`,
    },
  } as const;
}

/**
 * The `Leave` region beside the form (spec 2, section 4 "Leaving with unsaved changes asks for
 * confirmation"): a navigation while the draft is dirty asks first; leaving throws the draft away
 * and runs the injected `navigate` (to `fallback` when no address was asked for); a save that
 * finishes while the question is open makes it moot, so the navigation goes on.
 */
export function leaveRegion<const Id extends string, Context extends { leave: LeaveTarget | null }>(
  machineId: Id,
  fallback: (context: Context) => LeaveTarget,
) {
  return {
    initial: 'Idle',
    states: {
      Idle: {
        on: {
          'leave-requested': [
            { guard: 'dirty', target: 'ConfirmLeave', actions: 'keepLeave' },
            { target: 'Left', actions: 'keepLeave' },
          ],
        },
      },
      ConfirmLeave: {
        // Saved meanwhile: nothing would be lost, so the question answers itself.
        always: { guard: 'clean', target: 'Left' },
        on: {
          'confirm-leave': 'Left',
          stay: { target: 'Idle', actions: 'forgetLeave' },
        },
      },
      Left: {
        entry: [
          'discardDraft',
          {
            type: 'navigate',
            params: ({ context }: { context: Context }) => context.leave ?? fallback(context),
          },
        ],
        on: { resume: `#${machineId}.Loading` },
      },
    },
  } as const;
}
