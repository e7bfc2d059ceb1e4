import { assign, setup } from 'xstate';
import { messageOf } from '../shared/contract-error.ts';
import { conflictState, leaveRegion, loadRefused, saveGuards, saveRefused } from '../shared/save-fragment.ts';
import { workflowDraftsActors } from './actors.ts';
import {
  definitionOf,
  draftErrors,
  draftFrom,
  hasErrors,
  newStep,
  sameDraft,
  unsupportedSteps,
} from './draft.ts';
import {
  EMPTY_DRAFT,
  type LeaveTarget,
  type LoadedWorkflow,
  type TemplateRecord,
  type WorkflowDraftsContext,
  type WorkflowDraftsInput,
  type WorkflowRecord,
} from './workflow-drafts.context.ts';
import type { WorkflowDraftsEvent } from './workflow-drafts.events.ts';

type Ctx = WorkflowDraftsContext;
const isDirty = (c: Ctx) => !sameDraft(c.draft, c.base);
const needsName = (c: Ctx) => c.kind === 'template' || c.record?.name !== '';
const saveErrors = (c: Ctx) => draftErrors(c.draft, c.actions, { publish: false, needsName: needsName(c) });
const publishErrors = (c: Ctx) => draftErrors(c.draft, c.actions, { publish: true, needsName: true });
/** The workflow has something to publish: unsaved changes, or a saved draft not yet published. */
const hasUnpublished = (c: Ctx) =>
  c.kind === 'workflow' && (isDirty(c) || Boolean(c.record && 'draft' in c.record && c.record.draft));

const saveInput = (c: Ctx) => ({
  kind: c.kind,
  id: c.id,
  version: c.version,
  definition: definitionOf(c.draft, c.actions),
  customerIds: [...c.draft.customerIds],
});

/** Every change of the draft, taken in each state where the form may be edited. */
const EDITS = {
  edit: { target: '#workflowDrafts.Ready.Form.Editing', actions: 'applyEdit' },
  'change-trigger': [
    { guard: 'dropsSteps', target: '#workflowDrafts.Ready.Form.ConfirmTrigger', actions: 'keepTrigger' },
    { target: '#workflowDrafts.Ready.Form.Editing', actions: 'applyTrigger' },
  ],
  'add-step': { target: '#workflowDrafts.Ready.Form.Editing', actions: 'addStep' },
  'remove-step': { target: '#workflowDrafts.Ready.Form.Editing', actions: 'removeStep' },
  'move-step': { target: '#workflowDrafts.Ready.Form.Editing', actions: 'moveStep' },
  'edit-step': { target: '#workflowDrafts.Ready.Form.Editing', actions: 'editStep' },
} as const;

const SAVE_OR_PUBLISH = {
  save: [
    { guard: 'canSave', target: '#workflowDrafts.Ready.Form.Saving' },
    { guard: 'dirty', actions: 'attemptSave' },
  ],
  publish: [
    { guard: 'canPublish', target: '#workflowDrafts.Ready.Form.Publishing' },
    { guard: 'isWorkflow', actions: 'attemptPublish' },
  ],
} as const;

/**
 * Editing a workflow's draft, or a template (spec 2, sections 3 and 4; DESIGN section 4: stale
 * writes get 409).
 *
 * `Loading` fetches the item and the action catalogue; then `Ready` runs two regions:
 * - `Form`: Pristine → Editing → Saving | Publishing → Saved | Conflict | Failed. The draft is
 *   checked against each step's declared parameters; a save or publish it does not allow stays
 *   put and marks the attempt (the errors show from then on). Saving a workflow's draft never
 *   makes it run; publishing saves what is unsaved first. Picking a trigger that does not
 *   support some steps asks first (ConfirmTrigger) and drops them only when confirmed. A 409
 *   keeps the draft and offers a reload.
 * - `Leave`: leaving with unsaved changes asks first (the unsaved-changes guard); a save that
 *   finishes meanwhile makes the question moot.
 */
export const workflowDraftsMachine = setup({
  types: {
    context: {} as WorkflowDraftsContext,
    events: {} as WorkflowDraftsEvent,
    input: {} as WorkflowDraftsInput,
  },
  actors: workflowDraftsActors,
  actions: {
    /** Injected: goes to the address without asking again. */
    navigate: (_, _params: LeaveTarget) => undefined,
    /** Injected: says the draft was saved or published. */
    reportDone: (_, _params: { operation: 'save' | 'publish' }) => undefined,
    /** Injected: says a load, save or publish failed (not 404 or 409, which have their own view). */
    reportFailure: (_, _params: { operation: 'load' | 'save' | 'publish'; message: string }) => undefined,
    takeLoaded: assign((_, params: { loaded: LoadedWorkflow }) => {
      const draft = draftFrom(params.loaded.record);
      return {
        record: params.loaded.record,
        actions: params.loaded.actions,
        base: draft,
        draft,
        version: params.loaded.record.version,
        error: null,
        attempted: null,
        pendingTrigger: null,
      };
    }),
    takeRecord: assign((_, params: { record: WorkflowRecord | TemplateRecord }) => {
      const draft = draftFrom(params.record);
      return {
        record: params.record,
        base: draft,
        draft,
        version: params.record.version,
        error: null,
        attempted: null,
      };
    }),
    takeChange: assign(({ context, event }) => {
      if (event.type !== 'record-changed') return {};
      // Our own pause or resume: the content is the same, so the draft keeps going on the new version.
      if (isDirty(context)) return { record: event.record, version: event.record.version };
      const draft = draftFrom(event.record);
      return { record: event.record, base: draft, draft, version: event.record.version };
    }),
    applyEdit: assign(({ context, event }) =>
      event.type === 'edit' ? { draft: { ...context.draft, ...event.changes } } : {},
    ),
    applyTrigger: assign(({ context, event }) =>
      event.type === 'change-trigger' ? { draft: { ...context.draft, triggerId: event.triggerId } } : {},
    ),
    keepTrigger: assign(({ event }) =>
      event.type === 'change-trigger' ? { pendingTrigger: event.triggerId } : {},
    ),
    dropUnsupported: assign(({ context }) => {
      const triggerId = context.pendingTrigger ?? context.draft.triggerId;
      const gone = new Set(unsupportedSteps(context.draft, triggerId, context.actions).map((s) => s.id));
      return {
        draft: { ...context.draft, triggerId, steps: context.draft.steps.filter((s) => !gone.has(s.id)) },
        pendingTrigger: null,
      };
    }),
    forgetTrigger: assign({ pendingTrigger: null }),
    addStep: assign(({ context, event }) => {
      if (event.type !== 'add-step') return {};
      const action = context.actions.find((a) => a.action_id === event.actionId);
      if (!action) return {};
      return { draft: { ...context.draft, steps: [...context.draft.steps, newStep(context.draft, action)] } };
    }),
    removeStep: assign(({ context, event }) =>
      event.type === 'remove-step'
        ? { draft: { ...context.draft, steps: context.draft.steps.filter((_, i) => i !== event.index) } }
        : {},
    ),
    moveStep: assign(({ context, event }) => {
      if (event.type !== 'move-step') return {};
      const to = event.index + event.by;
      const steps = [...context.draft.steps];
      if (to < 0 || to >= steps.length || !steps[event.index]) return {};
      [steps[event.index], steps[to]] = [steps[to]!, steps[event.index]!];
      return { draft: { ...context.draft, steps } };
    }),
    editStep: assign(({ context, event }) => {
      if (event.type !== 'edit-step') return {};
      const steps = context.draft.steps.map((step, i) =>
        i === event.index
          ? {
              ...step,
              name: event.name ?? step.name,
              values: { ...step.values, ...event.values },
            }
          : step,
      );
      return { draft: { ...context.draft, steps } };
    }),
    attemptSave: assign({ attempted: 'save' as const }),
    attemptPublish: assign({ attempted: 'publish' as const }),
    discardDraft: assign(({ context }) => ({
      draft: context.base,
      error: null,
      attempted: null,
      pendingTrigger: null,
    })),
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
    isWorkflow: ({ context }) => context.kind === 'workflow',
    canSave: ({ context }) => isDirty(context) && !hasErrors(saveErrors(context)),
    canPublish: ({ context }) => hasUnpublished(context) && !hasErrors(publishErrors(context)),
    dropsSteps: ({ context, event }) =>
      event.type === 'change-trigger' &&
      event.triggerId !== context.draft.triggerId &&
      unsupportedSteps(context.draft, event.triggerId, context.actions).length > 0,
    ...saveGuards,
  },
}).createMachine({
  id: 'workflowDrafts',
  context: ({ input }) => ({
    kind: input.kind,
    id: input.id,
    record: null,
    actions: [],
    base: EMPTY_DRAFT,
    version: 0,
    draft: EMPTY_DRAFT,
    pendingTrigger: null,
    attempted: null,
    error: null,
    leave: null,
  }),
  initial: 'Loading',
  states: {
    Loading: {
      entry: 'forgetLeave',
      invoke: {
        id: 'loadWorkflow',
        src: 'loadWorkflow',
        input: ({ context }) => ({ kind: context.kind, id: context.id }),
        onDone: {
          target: 'Ready',
          actions: { type: 'takeLoaded', params: ({ event }) => ({ loaded: event.output }) },
        },
        // Spec 2, section 8: a 404 on workflows and templates is shown as empty.
        onError: loadRefused,
      },
    },
    NotFound: { on: { reload: 'Loading' } },
    LoadFailed: { on: { reload: 'Loading' } },
    Ready: {
      type: 'parallel',
      on: { 'record-changed': { actions: 'takeChange' } },
      states: {
        Form: {
          initial: 'Pristine',
          states: {
            Pristine: { on: { ...EDITS, ...SAVE_OR_PUBLISH } },
            Editing: {
              // An edit that puts every field back is no change at all.
              always: { guard: 'clean', target: 'Pristine' },
              on: {
                ...EDITS,
                ...SAVE_OR_PUBLISH,
                discard: { target: 'Pristine', actions: 'discardDraft' },
              },
            },
            /** 'Changing the trigger removes these steps': asked before anything is dropped. */
            ConfirmTrigger: {
              on: {
                'confirm-trigger': { target: 'Editing', actions: 'dropUnsupported' },
                'keep-trigger': { target: 'Editing', actions: 'forgetTrigger' },
              },
            },
            Saving: {
              entry: 'forgetError',
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => saveInput(context),
                onDone: {
                  target: 'Saved',
                  actions: [
                    { type: 'takeRecord', params: ({ event }) => ({ record: event.output }) },
                    { type: 'reportDone', params: { operation: 'save' as const } },
                  ],
                },
                onError: saveRefused('save'),
              },
            },
            Publishing: {
              entry: 'forgetError',
              invoke: {
                id: 'publishDraft',
                src: 'publishDraft',
                input: ({ context }) => ({
                  id: context.id,
                  version: context.version,
                  save: isDirty(context) ? saveInput(context) : null,
                }),
                onDone: {
                  target: 'Saved',
                  actions: [
                    { type: 'takeRecord', params: ({ event }) => ({ record: event.output }) },
                    { type: 'reportDone', params: { operation: 'publish' as const } },
                  ],
                },
                onError: saveRefused('publish'),
              },
            },
            Saved: { on: { ...EDITS, ...SAVE_OR_PUBLISH } },
            /** 'This workflow was changed by someone else': the draft stays readable; reload takes theirs. */
            Conflict: conflictState('workflowDrafts'),
            Failed: {
              on: {
                ...EDITS,
                ...SAVE_OR_PUBLISH,
                discard: { target: 'Pristine', actions: 'discardDraft' },
              },
            },
          },
        },
        Leave: leaveRegion('workflowDrafts', (context: WorkflowDraftsContext) => ({
          to: context.kind === 'template' ? '/workflows/templates' : '/workflows',
          replace: false,
        })),
      },
    },
  },
});

export type WorkflowDraftsMachine = typeof workflowDraftsMachine;
export { hasUnpublished, isDirty, publishErrors, saveErrors };
