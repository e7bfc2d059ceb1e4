import type { components } from '../../src/api/schema.d.ts';
import type { LeaveTarget } from '../shared/save-fragment.ts';

export type { LeaveTarget };

export type WorkflowRecord = components['schemas']['Workflow'];
export type TemplateRecord = components['schemas']['WorkflowTemplate'];
export type WorkflowAction = components['schemas']['WorkflowAction'];
export type ActionParameter = components['schemas']['WorkflowActionParameter'];

/** A workflow, or a template edited by the same screen (template mode: no customers, no publish). */
export type DraftKind = 'workflow' | 'template';

/** What the editor loaded: the item and the action catalogue its steps are drawn from. */
export interface LoadedWorkflow {
  record: WorkflowRecord | TemplateRecord;
  actions: WorkflowAction[];
}

/**
 * A parameter as the form holds it: text as typed (a whole number stays text until it is sent, a
 * list is one entry a line) or a checkbox.
 */
export type ParamValue = string | boolean;

/** One step of the ordered list: a task of the contract with its parameters as typed. */
export interface DraftStep {
  /** The task id (unique in the workflow; order_list names it, `{{steps.<id>...}}` reads it). */
  id: string;
  actionId: string;
  name: string;
  values: Record<string, ParamValue>;
  timeoutSeconds: number;
  retries: number;
}

/** The alert trigger's filter as typed: lists of words as comma-separated text. */
export interface DraftFilter {
  types: string;
  priorities: string[];
  statuses: string;
  minRisk: string;
  maxRisk: string;
}

/** The editable fields of a workflow (spec 2, section 3 "Workflow"). */
export interface WorkflowDraft {
  name: string;
  /** Empty: every customer of the provider. */
  customerIds: string[];
  triggerId: string;
  filter: DraftFilter;
  scheduled: boolean;
  scheduledTime: string;
  scheduledDays: number[];
  steps: DraftStep[];
}

/** What the user last tried that the draft did not allow: errors show from then on. */
export type Attempt = 'save' | 'publish' | null;

export interface WorkflowDraftsContext {
  kind: DraftKind;
  id: string;
  record: WorkflowRecord | TemplateRecord | null;
  actions: WorkflowAction[];
  base: WorkflowDraft;
  /** The version `base` was read at: sent back with a save or publish (409 when stale). */
  version: number;
  draft: WorkflowDraft;
  /** A trigger chosen that would drop steps, waiting for the user's answer. */
  pendingTrigger: string | null;
  attempted: Attempt;
  error: string | null;
  leave: LeaveTarget | null;
}

export interface WorkflowDraftsInput {
  kind: DraftKind;
  id: string;
}

export const EMPTY_FILTER: DraftFilter = {
  types: '',
  priorities: [],
  statuses: '',
  minRisk: '',
  maxRisk: '',
};

/** The default new workflow (spec 2, section 3): empty name, scheduled at 9:00 on days 0-4. */
export const EMPTY_DRAFT: WorkflowDraft = {
  name: '',
  customerIds: [],
  triggerId: 'scheduled',
  filter: EMPTY_FILTER,
  scheduled: true,
  scheduledTime: '09:00',
  scheduledDays: [0, 1, 2, 3, 4],
  steps: [],
};
