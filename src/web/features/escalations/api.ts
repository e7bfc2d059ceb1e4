import { api } from '../../../api/client.ts';
import type { components } from '../../../api/schema.d.ts';
import { dataOf } from '../../api/errors.ts';
import { $api } from '../../api/query.ts';

/** The area's paths: a change here marks every cached answer under it stale. */
export const ESCALATIONS_AREA = '/api/escalations/';

export type EscalationPlan = components['schemas']['EscalationPlan'];
export type PlanInput = components['schemas']['EscalationPlanInput'];
export type Segment = components['schemas']['EscalationSegment'];
export type Escalation = components['schemas']['Escalation'];

/** Plans of these customers and those for every customer (every customer the caller sees when none given). */
export const listEscalationPlans = (customerIds: readonly string[]) =>
  $api.queryOptions(
    'get',
    '/api/escalations/v1/plans',
    { params: { query: { customer_ids: customerIds.length ? [...customerIds] : undefined } } },
    { select: (data): EscalationPlan[] => data.plans },
  );

export const getEscalationPlan = (planId: string) =>
  $api.queryOptions('get', '/api/escalations/v1/plans/{plan_id}', { params: { path: { plan_id: planId } } });

export async function createEscalationPlan(body: PlanInput): Promise<EscalationPlan> {
  return dataOf(await api.POST('/api/escalations/v1/plans', { body }));
}

export async function updateEscalationPlan(
  planId: string,
  body: PlanInput & { version: number },
): Promise<EscalationPlan> {
  return dataOf(
    await api.PUT('/api/escalations/v1/plans/{plan_id}', { params: { path: { plan_id: planId } }, body }),
  );
}

export async function deleteEscalationPlan(planId: string): Promise<void> {
  await api.DELETE('/api/escalations/v1/plans/{plan_id}', { params: { path: { plan_id: planId } } });
}

/** The periods of a plan being edited over the next `days` days, with who is told in each. */
export async function previewEscalationTimeline(
  plan: PlanInput,
  from: string | undefined,
  days: number,
  signal?: AbortSignal,
): Promise<{ time_zone: string; segments: Segment[] }> {
  return dataOf(
    await api.POST('/api/escalations/v1/timeline', {
      body: { plan, days, ...(from ? { from } : {}) },
      signal,
    }),
  );
}

/** Escalates an alert through a plan. */
export async function startEscalation(alertId: number, planId: string): Promise<Escalation> {
  return dataOf(
    await api.POST('/api/escalations/v1/escalations', { body: { alert_id: alertId, plan_id: planId } }),
  );
}

/** Plans for one customer (and for every customer), outside React (the palette's command). */
export async function plansForCustomer(customerId: string, signal?: AbortSignal): Promise<EscalationPlan[]> {
  return dataOf(
    await api.GET('/api/escalations/v1/plans', { params: { query: { customer_ids: [customerId] } }, signal }),
  ).plans;
}
