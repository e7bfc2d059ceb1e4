import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers, partners } from './organisation.ts';

/** How a contact prefers to be told: an e-mail, a text message or a phone call. */
export type ContactMethod = 'email' | 'sms' | 'voice';

export interface EscalationContact {
  name: string;
  email: string;
  phone: string;
  method: ContactMethod;
}

/** When a step applies: always, only within the plan's hours, or only outside them. */
export type StepWhen = 'always' | 'office_hours' | 'out_of_hours';

export interface EscalationStep {
  name: string;
  contacts: EscalationContact[];
  /** How long the step's contacts have to acknowledge before the next step is told. */
  wait_minutes: number;
  when: StepWhen;
}

/** One stretch of a day, local time of the plan (`HH:MM`, end after start; `24:00` ends the day). */
export interface TimeSpan {
  start: string;
  end: string;
}

/** Regular hours by ISO day of week (1 Monday … 7 Sunday); a missing day is closed. */
export type WeeklyHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', TimeSpan[]>>;

export interface Holiday {
  date: string;
  description: string;
}

/** A date whose hours differ from the weekday's (a half day before a holiday). */
export interface PartialDay {
  date: string;
  description: string;
  hours: TimeSpan[];
}

const partnerRef = () =>
  uuid('partner_id')
    .notNull()
    .references(() => partners.partnerId, { onDelete: 'cascade' })
    .default(sql`current_partner_id()`);

/** Escalation plans: for one customer, or (customer_id null) every customer of the provider. */
export const escalationPlans = pgTable(
  'escalation_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: partnerRef(),
    customerId: uuid('customer_id').references(() => customers.customerId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull().default(''),
    steps: jsonb('steps').$type<EscalationStep[]>().notNull(),
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
    holidays: jsonb('holidays').$type<Holiday[]>().notNull(),
    partialDays: jsonb('partial_days').$type<PartialDay[]>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('escalation_plans_partner_idx').on(t.partnerId, t.customerId)],
);

/**
 * One escalation of an alert through a plan: the steps that applied when it started (a copy, so
 * editing the plan never changes a running escalation), the step being waited on and until when.
 * `state`: running, acknowledged (a contact or the console), stopped (the alert was handled),
 * exhausted (the last step's wait passed unanswered).
 */
export const escalations = pgTable(
  'escalations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: partnerRef(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.customerId, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => escalationPlans.id, { onDelete: 'set null' }),
    planName: text('plan_name').notNull(),
    alertId: bigint('alert_id', { mode: 'number' }).notNull(),
    steps: jsonb('steps').$type<EscalationStep[]>().notNull(),
    /** The step told last (0-based); -1 before the first is told. */
    step: integer('step').notNull().default(-1),
    /** When the current step's wait ends. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('running'),
    /** Signs the acknowledge links (HMAC); never answered by the API. */
    ackKey: text('ack_key').notNull(),
    /** The console's public address when it started: the links point there. */
    serverUrl: text('server_url').notNull(),
    startedBy: uuid('started_by'),
    acknowledgedBy: text('acknowledged_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('escalations_alert_idx').on(t.alertId),
    index('escalations_running_idx').on(t.state, t.dueAt),
  ],
);
