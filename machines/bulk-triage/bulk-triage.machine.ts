import { assign, fromPromise, setup } from 'xstate';
import { allowedTargets } from '../../src/common/transitions.ts';
import type {
  BulkFields,
  BulkRequest,
  BulkResult,
  BulkTargets,
  BulkTriageContext,
} from './bulk-triage.context.ts';
import type { BulkTriageEvent } from './bulk-triage.events.ts';

/** Statuses that every one of `statuses` may move to (src/common/transitions.ts). */
export function commonTargets(statuses: readonly string[]): string[] {
  const distinct = [...new Set(statuses)];
  if (distinct.length === 0) return [];
  const [first, ...rest] = distinct.map((s) => allowedTargets(s) as readonly string[]);
  return (first ?? []).filter((to) => rest.every((list) => list.includes(to)));
}

/** How many alerts the targets name. */
export const targetCount = (targets: BulkTargets | null): number =>
  targets === null ? 0 : targets.mode === 'ids' ? targets.ids.length : targets.count;

function hasChange(fields: BulkFields, comment: string | null): boolean {
  return Object.values(fields).some((v) => v !== undefined) || comment !== null;
}

const EMPTY = { fields: {}, comment: null, commentPrivate: false, result: null, error: null } as const;

/**
 * Bulk triage from the alert list (spec 2, section 2: "bulk update of N alerts or update all"):
 * Idle → Selecting (the form: status, priority, classification, assignees, comment) → Confirming
 * (what will happen to how many) → Running → Done (per-alert results: updated and failed) or
 * Failed (the request as a whole). The status offered is only one every target may move to.
 * The update itself is the injected `bulkUpdate` actor.
 */
export const bulkTriageMachine = setup({
  types: {
    context: {} as BulkTriageContext,
    events: {} as BulkTriageEvent,
  },
  actors: {
    bulkUpdate: fromPromise<BulkResult, BulkRequest>(async () => {
      throw new Error('bulkUpdate is provided by the screen');
    }),
  },
  actions: {
    open: assign(({ event }) => {
      if (event.type !== 'open') return {};
      return { ...EMPTY, targets: event.targets, allowedStatuses: commonTargets(event.targets.statuses) };
    }),
    review: assign(({ event }) => {
      if (event.type !== 'review') return {};
      return {
        fields: event.fields,
        comment: event.comment?.trim() || null,
        commentPrivate: event.commentPrivate === true,
        error: null,
      };
    }),
    reset: assign({ targets: null, allowedStatuses: [], ...EMPTY }),
  },
  guards: {
    validReview: ({ context, event }) => {
      if (event.type !== 'review') return false;
      const comment = event.comment?.trim() || null;
      if (!hasChange(event.fields, comment)) return false;
      const { status } = event.fields;
      return status === undefined || context.allowedStatuses.includes(status);
    },
    hasTargets: ({ event }) => event.type === 'open' && targetCount(event.targets) > 0,
  },
}).createMachine({
  id: 'bulkTriage',
  context: { targets: null, allowedStatuses: [], ...EMPTY },
  initial: 'Idle',
  states: {
    Idle: {
      on: { open: { guard: 'hasTargets', target: 'Selecting', actions: 'open' } },
    },
    Selecting: {
      on: {
        review: { guard: 'validReview', target: 'Confirming', actions: 'review' },
        close: { target: 'Idle', actions: 'reset' },
      },
    },
    Confirming: {
      on: {
        confirm: 'Running',
        back: 'Selecting',
        close: { target: 'Idle', actions: 'reset' },
      },
    },
    Running: {
      invoke: {
        id: 'bulkUpdate',
        src: 'bulkUpdate',
        input: ({ context }) => ({
          targets: context.targets!,
          fields: context.fields,
          comment: context.comment,
          commentPrivate: context.commentPrivate,
        }),
        onDone: { target: 'Done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'Failed',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    Done: {
      on: { close: { target: 'Idle', actions: 'reset' } },
    },
    Failed: {
      on: {
        retry: 'Running',
        back: 'Selecting',
        close: { target: 'Idle', actions: 'reset' },
      },
    },
  },
});
