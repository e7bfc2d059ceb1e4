import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, partners } from './organisation.ts';

/** What a workflow runs: trigger, filter, tasks in order and schedule (frozen as a version when published). */
export interface WorkflowDefinition {
  trigger_id: string;
  trigger_filter: Record<string, unknown>;
  task_list: WorkflowTask[];
  order_list: string[];
  scheduled: boolean;
  scheduled_time: string;
  scheduled_days: number[];
}

/** A task parameter: text (which may hold `{{…}}` references), a number, a flag or a list. */
export type TaskValue = string | number | boolean | (string | number)[];

export interface WorkflowTask {
  id: string;
  action_id: string;
  name?: string;
  parameters: Record<string, TaskValue>;
  timeout_seconds: number;
  retries: number;
  /** A condition's next step when it holds (a later task id, or `$end`); the next task when unset. */
  on_true?: string;
  /** A condition's next step when it fails (a later task id, or `$end`); the end of the run when unset. */
  on_false?: string;
}

const partnerRef = () =>
  uuid('partner_id')
    .notNull()
    .references(() => partners.partnerId, { onDelete: 'cascade' })
    .default(sql`current_partner_id()`);

/**
 * Workflows: the editable draft (`definition`) and which published version runs. For the
 * customers in `customer_ids`, or every customer of the provider when empty. `state` is draft
 * (never published), published or paused; `draft` says the definition differs from what runs.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: partnerRef(),
    customerIds: uuid('customer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    name: text('name').notNull().default(''),
    definition: jsonb('definition').$type<WorkflowDefinition>().notNull(),
    state: text('state').notNull().default('draft'),
    /** The content hash of the published version (null before the first publish). */
    publishedHash: text('published_hash'),
    publishedVersion: integer('published_version'),
    templateId: uuid('template_id'),
    /** Who made it: runs act with this person's reach as it is when they run. */
    ownerId: uuid('owner_id').notNull(),
    apiKeyId: uuid('api_key_id'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflows_partner_idx').on(t.partnerId, t.state)],
);

/** Published versions: frozen definitions with their content hash; never updated. */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    workflowId: uuid('workflow_id').notNull(),
    version: integer('version').notNull(),
    partnerId: partnerRef(),
    customerIds: uuid('customer_ids').array().notNull().default(sql`'{}'::uuid[]`),
    definition: jsonb('definition').$type<WorkflowDefinition>().notNull(),
    contentHash: text('content_hash').notNull(),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.version] })],
);

/**
 * One row whose counter moves in the transaction of any change to which workflows triggers start
 * and how (migration 0058's triggers: a workflow added, published, paused, resumed, moved or
 * deleted; a version added or removed). The dispatcher keeps each provider's published workflows
 * only while the counter stays where it was when it loaded them (engine/published.ts). System table.
 */
export const workflowTriggerEpoch = pgTable(
  'workflow_trigger_epoch',
  {
    id: boolean('id').primaryKey().default(true),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('workflow_trigger_epoch_one_row', sql`${t.id}`)],
);

/**
 * One run of a published version for one customer: what triggered it (an alert, a schedule),
 * its status and the chain depth that guards against a workflow triggering itself.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: partnerRef(),
    workflowId: uuid('workflow_id').notNull(),
    version: integer('version').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    alertId: bigint('alert_id', { mode: 'number' }),
    triggerId: text('trigger_id').notNull(),
    triggerData: jsonb('trigger_data').$type<Record<string, unknown>>().notNull().default({}),
    /** 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    depth: integer('depth').notNull().default(0),
    rerunOf: uuid('rerun_of'),
    /** What started it (dispatch job, workflow and alert; schedule and minute): a re-delivered trigger starts nothing twice. */
    dispatchKey: text('dispatch_key'),
    fromStep: integer('from_step').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('workflow_runs_workflow_idx').on(t.workflowId, t.createdAt),
    index('workflow_runs_alert_idx').on(t.alertId),
    uniqueIndex('workflow_runs_dispatch_key_idx').on(t.dispatchKey),
  ],
);

/**
 * Each step of a run: its resolved input, output, attempts and error. `effect_key` (run and step)
 * is set when the step's side effect is done, in the same transaction: a retried or re-delivered
 * step that finds it set does not act again.
 */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    runId: uuid('run_id').notNull(),
    stepIndex: integer('step_index').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId),
    taskId: text('task_id').notNull(),
    actionId: text('action_id').notNull(),
    /** 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped' | 'cancelled' */
    status: text('status').notNull().default('pending'),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    effectKey: text('effect_key'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.stepIndex] }),
    uniqueIndex('workflow_steps_effect_key_idx').on(t.effectKey),
  ],
);

/** Templates new workflows start from, per provider. */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: partnerRef(),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<WorkflowDefinition>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_templates_partner_idx').on(t.partnerId, t.name)],
);
