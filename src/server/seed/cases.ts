import { sql } from 'drizzle-orm';
import { STATUSES } from '../../common/statuses.ts';
import { cases } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { alertTime, feasibleTemplates, fits } from './alerts.ts';
import { CASE_THEMES } from './catalogue/cases.ts';
import { type Rng, WeightedTable } from './prng.ts';
import type { AgentRef, AlertTemplate, CustomerRef, Person } from './types.ts';

/** One case per this many alerts, as a busy SOC groups related alerts. */
export const ALERTS_PER_CASE = 40;
export const MIN_CASES = 5;

export interface CasePlan {
  id: number;
  customer: CustomerRef;
  /** Templates its alerts are drawn from: the theme's types that fit the customer's estate. */
  templates: WeightedTable<AlertTemplate>;
  host: AgentRef | null;
  person: Person;
  active: boolean;
}

const CASE_STATUS_WEIGHTS = [
  ['new', 12],
  ['open', 30],
  ['acknowledged', 14],
  ['escalated', 10],
  ['deferred', 5],
  ['reopened', 4],
  ['closed', 25],
] as const;

const ACTIVE = new Set<string>(STATUSES.filter((s) => s.active).map((s) => s.key));

function fill(text: string, customer: CustomerRef, host: AgentRef | null, person: Person): string {
  return text
    .replaceAll('{host}', host?.hostName ?? 'several hosts')
    .replaceAll('{upn}', person.upn)
    .replaceAll('{customer}', customer.name);
}

/** Inserts the cases before the alerts, so alerts can carry their case_id as they are generated. */
export async function seedCases(
  db: Db,
  rng: Rng,
  count: number,
  customers: WeightedTable<CustomerRef>,
  analysts: readonly string[],
  now: number,
): Promise<CasePlan[]> {
  const drafts: { plan: Omit<CasePlan, 'id'>; row: typeof cases.$inferInsert }[] = [];
  const themes = new WeightedTable(CASE_THEMES, (t) => t.weight);
  for (let c = 0; c < count; c++) {
    const customer = customers.pick(rng);
    const options = feasibleTemplates(customer);
    // A theme whose alert types this estate cannot raise (no Linux host for a miner) is skipped.
    let theme = themes.pick(rng);
    let templates = options.filter((t) => theme.types.includes(t.type));
    for (let tries = 0; templates.length === 0 && tries < 20; tries++) {
      theme = themes.pick(rng);
      templates = options.filter((t) => theme.types.includes(t.type));
    }
    if (templates.length === 0) templates = [...options];
    const anchor = templates.find((t) => t.host !== null);
    const hosts = anchor ? customer.agents.filter((a) => fits(anchor, a)) : [];
    const host = hosts.length > 0 ? rng.pick(hosts) : null;
    const person = rng.pick(customer.people);
    const status = rng.weighted(CASE_STATUS_WEIGHTS);
    const created = alertTime(now, c / count);
    drafts.push({
      plan: {
        customer,
        templates: new WeightedTable(templates, (t) => t.weight),
        host,
        person,
        active: ACTIVE.has(status),
      },
      row: {
        customerId: customer.customerId,
        title: fill(theme.title, customer, host, person),
        description: fill(theme.description, customer, host, person),
        status,
        tags: theme.tags,
        assignedUsers: rng.sample(analysts, rng.int(1, 2)),
        // Replaced by the riskiest linked alert's score once the alerts exist (finishCases).
        riskScore: 50,
        fields: { theme: theme.tags[0] },
        createdAt: new Date(created),
        updatedAt: new Date(created),
      },
    });
  }
  const plans: CasePlan[] = [];
  // Cases are at most one per forty alerts (25 000 for a million), small enough for 1 000-row inserts.
  for (let start = 0; start < drafts.length; start += 1000) {
    const batch = drafts.slice(start, start + 1000);
    const ids = await db
      .insert(cases)
      .values(batch.map((d) => d.row))
      .returning({ id: cases.id });
    // PostgreSQL returns the rows of a multi-row insert in the order they were given.
    for (const [i, d] of batch.entries()) plans.push({ ...d.plan, id: ids[i]!.id });
  }
  return plans;
}

/** After the alerts: a case is as risky as its riskiest alert and spans its alerts' time. */
export async function finishCases(db: Db): Promise<void> {
  await db.execute(sql`
    update cases c set
      risk_score = s.risk,
      created_at = least(c.created_at, s.first_at),
      updated_at = greatest(c.updated_at, s.last_at)
    from (
      select case_id, max(risk_score) as risk, min(created_at) as first_at, max(updated_at) as last_at
      from alerts where case_id is not null group by case_id
    ) s
    where c.id = s.case_id`);
}
