import type { components } from '../../../api/schema.d.ts';
import type { escalationPlans, escalations } from '../../db/schema/index.ts';
import { type Segment, stepsFor } from './calendar.ts';

export type PlanRow = typeof escalationPlans.$inferSelect;
export type EscalationRow = Omit<typeof escalations.$inferSelect, 'ackKey'>;
type EscalationSegment = components['schemas']['EscalationSegment'];

export function presentPlan(row: PlanRow): components['schemas']['EscalationPlan'] {
  return {
    plan_id: row.id,
    name: row.name,
    customer_id: row.customerId,
    time_zone: row.timeZone,
    location: row.location,
    steps: row.steps,
    hours: row.hours,
    holidays: row.holidays,
    partial_days: row.partialDays,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A segment with who is told then, in order, at the address of their preferred method. */
export function presentSegment(segment: Segment, steps: PlanRow['steps']): EscalationSegment {
  return {
    from: segment.from.toUTC().toISO()!,
    to: segment.to.toUTC().toISO()!,
    local_from: segment.from.toISO()!,
    local_to: segment.to.toISO()!,
    kind: segment.kind,
    description: segment.description,
    steps: stepsFor(steps, segment.kind).map(({ index, step }) => ({
      index,
      name: step.name,
      wait_minutes: step.wait_minutes,
      contacts: step.contacts.map((c) => ({
        name: c.name,
        method: c.method,
        address: c.method === 'email' ? c.email : c.phone,
      })),
    })),
  };
}

export function presentEscalation(row: EscalationRow): components['schemas']['Escalation'] {
  return {
    escalation_id: row.id,
    alert_id: row.alertId,
    customer_id: row.customerId,
    plan_id: row.planId,
    plan_name: row.planName,
    state: row.state as components['schemas']['Escalation']['state'],
    step: row.step,
    steps: row.steps.map((s) => ({ name: s.name, wait_minutes: s.wait_minutes })),
    due_at: row.dueAt.toISOString(),
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    acknowledged_by: row.acknowledgedBy,
  };
}
