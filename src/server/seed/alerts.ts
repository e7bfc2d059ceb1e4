import { PRIORITIES, type Priority, STATUSES, type Status } from '../../common/statuses.ts';
import type { alerts } from '../db/schema/index.ts';
import { AlertContext } from './alert-context.ts';
import type { CasePlan } from './cases.ts';
import { CLOUD_TEMPLATES } from './catalogue/alerts-cloud.ts';
import { SERVER_AND_OTHER_TEMPLATES } from './catalogue/alerts-hosts.ts';
import { WINDOWS_TEMPLATES } from './catalogue/alerts-windows.ts';
import { weights } from './catalogue/table.ts';
import { type Rng, WeightedTable } from './prng.ts';
import type { AgentRef, AlertTemplate, CustomerRef, IndicatorPool } from './types.ts';

export const TEMPLATES: readonly AlertTemplate[] = [
  ...WINDOWS_TEMPLATES,
  ...SERVER_AND_OTHER_TEMPLATES,
  ...CLOUD_TEMPLATES,
];

const DAY = 86_400_000;
/** Alerts span the last 90 days. */
export const SPAN_DAYS = 90;
/** Share of alerts that belong to a case (each case also gets one alert for certain). */
const CASE_SHARE = 0.2;

type AlertRow = typeof alerts.$inferInsert;
type Weights = readonly (readonly [Status, number])[];

// Fresh alerts are mostly untouched, alerts of the last two weeks are being worked, older ones mostly closed.
const FRESH: Weights = weights(
  'new:55 open:15 acknowledged:10 escalated:6 preview:4 muted:2 false_positive:3 closed:5',
);
const RECENT: Weights = weights(
  'new:15 open:18 acknowledged:14 escalated:8 deferred:5 reopened:3 closed:20 false_positive:9 accepted_risk:3 muted:3 preview:2',
);
const OLD: Weights = weights(
  'new:2 open:4 acknowledged:3 escalated:2 deferred:3 reopened:2 closed:55 false_positive:18 accepted_risk:7 muted:4',
);
/** Alerts of a case follow the case: worked while it is open, resolved once it is closed. */
const ACTIVE_FOR_CASE: Weights = weights('open:40 acknowledged:25 escalated:20 new:10 reopened:5');
const INACTIVE_FOR_CASE: Weights = weights('closed:70 false_positive:15 accepted_risk:15');
const CLASSIFICATION = weights('true_positive:55 benign_positive:30 informational:15');

/** Risk score ranges per priority: ranges do not overlap, so sorting by risk agrees with priority. */
const RISK: Record<Priority, readonly [number, number]> = {
  critical: [90, 100],
  high: [70, 89],
  medium: [40, 69],
  low: [5, 39],
};
const LOG_LEVEL: Record<Priority, string> = {
  critical: 'critical',
  high: 'error',
  medium: 'warning',
  low: 'info',
};

/** Whether a host can raise a template's alerts. */
export function fits(template: AlertTemplate, host: AgentRef): boolean {
  const need = template.host;
  if (need === null || need === 'any') return true;
  if (need === 'windows') return host.kind === 'workstation' || host.kind === 'server' || host.kind === 'dc';
  if (need === 'server') return host.kind === 'server' || host.kind === 'dc';
  return host.kind === need;
}

/** The templates a customer's estate can raise: host-less ones always, the others when a host fits. */
export function feasibleTemplates(customer: CustomerRef): AlertTemplate[] {
  return TEMPLATES.filter((t) => t.host === null || customer.agents.some((a) => fits(t, a)));
}

/** Time at `fraction` of the alert sequence: recent days are denser (age ∝ (1 − fraction)²). */
export function alertTime(now: number, fraction: number): number {
  return now - 60_000 - SPAN_DAYS * DAY * (1 - fraction) ** 2;
}

/** One in five alerts is a level above or below its template's usual priority, as real detections vary. */
function nudge(rng: Rng, priority: Priority): Priority {
  if (!rng.chance(0.2)) return priority;
  const index = PRIORITIES.indexOf(priority) + (rng.chance(0.5) ? 1 : -1);
  return PRIORITIES[Math.max(0, Math.min(PRIORITIES.length - 1, index))]!;
}

/** Spreads `count` marks evenly over `total` positions; used so small seeds still hold every value. */
function spread<T>(values: readonly T[], total: number, offset: number): Map<number, T> {
  const marks = new Map<number, T>();
  for (const [k, v] of values.entries()) {
    marks.set(Math.min(total - 1, Math.floor(((k + offset) * total) / values.length)), v);
  }
  return marks;
}

/**
 * Makes alert rows one at a time, in id order: `row(i)` for i = 0 … total-1, oldest first, so ids
 * and created_at agree. Nothing is kept per alert; memory stays constant however many are made.
 */
export class AlertFactory {
  private readonly ctx: AlertContext;
  private readonly byCustomer = new Map<
    CustomerRef,
    { templates: WeightedTable<AlertTemplate>; hosts: Map<AlertTemplate, AgentRef[]> }
  >();
  private readonly forcedStatus: Map<number, Status>;
  private readonly forcedPriority: Map<number, Priority>;

  constructor(
    private readonly rng: Rng,
    private readonly customers: WeightedTable<CustomerRef>,
    private readonly cases: readonly CasePlan[],
    private readonly analysts: readonly string[],
    private readonly total: number,
    private readonly now: number,
    pool: IndicatorPool,
  ) {
    this.ctx = new AlertContext(rng, pool);
    this.forcedStatus = spread(
      STATUSES.map((s) => s.key),
      total,
      0.5,
    );
    this.forcedPriority = spread(PRIORITIES, total, 0.3);
    for (const customer of customers.items) {
      const templates = feasibleTemplates(customer);
      const hosts = new Map(templates.map((t) => [t, customer.agents.filter((a) => fits(t, a))] as const));
      this.byCustomer.set(customer, { templates: new WeightedTable(templates, (t) => t.weight), hosts });
    }
  }

  /** The case alert i belongs to: cases own consecutive runs of alerts, so a case's alerts are close in time. */
  private caseFor(i: number): CasePlan | null {
    if (this.cases.length === 0) return null;
    const c = Math.floor((i * this.cases.length) / this.total);
    const first = Math.ceil((c * this.total) / this.cases.length);
    return i === first || this.rng.chance(CASE_SHARE) ? this.cases[c]! : null;
  }

  row(i: number): AlertRow {
    const { rng, ctx } = this;
    const created = alertTime(this.now, (i + rng.float()) / this.total);
    const ageDays = (this.now - created) / DAY;
    const plan = this.caseFor(i);
    const customer = plan?.customer ?? this.customers.pick(rng);
    const own = this.byCustomer.get(customer)!;
    const template = (plan?.templates ?? own.templates).pick(rng);
    let host: AgentRef | null = null;
    // A case's alerts stay on the case's host where the template allows; otherwise any host that fits.
    if (template.host !== null) {
      host = plan?.host && fits(template, plan.host) ? plan.host : rng.pick(own.hosts.get(template)!);
    }
    ctx.customer = customer;
    ctx.host = host;
    ctx.person = plan && rng.chance(0.7) ? plan.person : rng.pick(customer.people);

    const title = typeof template.title === 'string' ? template.title : template.title(ctx);
    const fields = template.fields(ctx);
    const priority = this.forcedPriority.get(i) ?? nudge(rng, template.priority);
    const status =
      this.forcedStatus.get(i) ??
      (plan
        ? rng.weighted(plan.active ? ACTIVE_FOR_CASE : INACTIVE_FOR_CASE)
        : rng.weighted(ageDays < 1 ? FRESH : ageDays < 14 ? RECENT : OLD));
    const touched = status !== 'new' && status !== 'preview';
    const [low, high] = RISK[priority];
    const updated = touched ? Math.min(this.now, created + rng.int(5, 60 * 24 * 7) * 60_000) : created;
    return {
      customerId: customer.customerId,
      caseId: plan?.id ?? null,
      title,
      type: template.type,
      status,
      priority,
      riskScore: rng.int(low, high),
      classification: this.classification(status),
      severity: rng.chance(0.85) ? priority : PRIORITIES[rng.int(0, 3)]!,
      confidence: rng.int(50, 100),
      entityId: host?.agentId ?? ctx.person.upn,
      hostName: host?.hostName ?? null,
      // The demo host is one of the customer's demo agents: the alert carries it, as live ones do.
      agentId: host?.agentId ?? null,
      hostOs: host?.osName ?? null,
      logLevel: LOG_LEVEL[priority],
      externalSource: rng.pick(template.sources),
      assignedUsers: touched && rng.chance(0.75) ? rng.sample(this.analysts, rng.chance(0.15) ? 2 : 1) : [],
      fields: { ...fields, source_alert_id: ctx.sourceId('wf') },
      createdAt: new Date(created),
      updatedAt: new Date(updated),
    };
  }

  /** Closed alerts say what they turned out to be; open ones have not been classified yet. */
  private classification(status: Status): string | null {
    if (status === 'false_positive') return 'false_positive';
    if (status === 'accepted_risk') return 'benign_positive';
    if (status === 'closed') return this.rng.weighted(CLASSIFICATION);
    return null;
  }
}
