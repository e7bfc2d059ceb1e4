import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { escalationPlans } from '../../db/schema/index.ts';
import { inIds } from '../../db/sql-helpers.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { requestedCustomers, requireVisibleCustomer } from '../../platform/scope.ts';
import { changedSinceRead, changeVersioned, nextVersion } from '../../platform/versioned.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { segmentAt, timeline } from './calendar.ts';
import { type PlanRow, presentPlan, presentSegment } from './present.ts';
import { type CheckedPlan, checkedPlan } from './validate.ts';

/** Most plans one list answers. */
const MAX_LISTED = 1000;
const PREVIEW_DAYS = 7;

/** The plans a caller reaches: of their customers, or for every customer. */
export const reachablePlan = (principal: Principal) =>
  or(isNull(escalationPlans.customerId), inIds(escalationPlans.customerId, principal.scope.customerIds));

export async function loadPlan(tx: Db, principal: Principal, id: string, lock = false): Promise<PlanRow> {
  const query = tx
    .select()
    .from(escalationPlans)
    .where(and(eq(escalationPlans.id, id), reachablePlan(principal)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(`Escalation plan ${id}`);
  return row;
}

function stored(plan: CheckedPlan) {
  return {
    name: plan.name,
    customerId: plan.customerId,
    timeZone: plan.timeZone,
    location: plan.location,
    steps: plan.steps,
    hours: plan.hours,
    holidays: plan.holidays,
    partialDays: plan.partialDays,
  };
}

const audited = (row: PlanRow) => ({ ...stored(row), version: row.version });

export const listEscalationPlans: Handler<'listEscalationPlans'> = async (request) => {
  const principal = principalOf(request);
  const asked = request.query.customer_ids;
  const ids = requestedCustomers(principal.scope.customerIds, asked);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(escalationPlans)
      // Asking for customers lists theirs and the plans for every customer, which apply to them too.
      .where(or(isNull(escalationPlans.customerId), inIds(escalationPlans.customerId, ids)))
      .orderBy(asc(escalationPlans.name), asc(escalationPlans.id))
      .limit(MAX_LISTED),
  );
  return { plans: rows.map(presentPlan) };
};

export const getEscalationPlan: Handler<'getEscalationPlan'> = async (request) => {
  const principal = principalOf(request);
  const row = await asCaller(request, (tx) => loadPlan(tx, principal, request.params.plan_id));
  return presentPlan(row);
};

export const createEscalationPlan: Handler<'createEscalationPlan'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const plan = checkedPlan(request.body);
  if (plan.customerId) requireVisibleCustomer(principal, plan.customerId);
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx.insert(escalationPlans).values(stored(plan)).returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'escalation_plan',
      entityId: created!.id,
      customerId: created!.customerId,
      after: audited(created!),
    });
    return created!;
  });
  reply.status(201);
  return presentPlan(row);
};

export const updateEscalationPlan: Handler<'updateEscalationPlan'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const plan = checkedPlan(request.body);
  if (plan.customerId) requireVisibleCustomer(principal, plan.customerId);
  const version = request.body.version;
  const row = await asCaller(request, async (tx) => {
    const { changed } = await changeVersioned(tx, principal, {
      lock: () => loadPlan(tx, principal, request.params.plan_id, true),
      expectedVersion: version,
      staleMessage: (current) => changedSinceRead(`Escalation plan ${current.id}`, current, version),
      apply: async (before) => {
        const [after] = await tx
          .update(escalationPlans)
          .set({ ...stored(plan), ...nextVersion(escalationPlans) })
          .where(eq(escalationPlans.id, before.id))
          .returning();
        return after!;
      },
      audit: (before, after) => ({
        action: 'update',
        entity: 'escalation_plan',
        entityId: before.id,
        customerId: after.customerId,
        before: audited(before),
        after: audited(after),
      }),
    });
    return changed!;
  });
  return presentPlan(row);
};

export const deleteEscalationPlan: Handler<'deleteEscalationPlan'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await loadPlan(tx, principal, request.params.plan_id, true);
    await tx.delete(escalationPlans).where(eq(escalationPlans.id, row.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'escalation_plan',
      entityId: row.id,
      customerId: row.customerId,
      before: audited(row),
    });
  });
  reply.status(204);
  return null as never;
};

export const resolveEscalationPlan: Handler<'resolveEscalationPlan'> = async (request) => {
  const principal = principalOf(request);
  const row = await asCaller(request, (tx) => loadPlan(tx, principal, request.params.plan_id));
  const at = request.query.at ? new Date(request.query.at) : new Date();
  if (Number.isNaN(at.getTime())) throw badRequest('at', 'must be a date and time');
  return presentSegment(segmentAt(row, at), row.steps);
};

export const previewEscalationTimeline: Handler<'previewEscalationTimeline'> = async (request) => {
  rejectNulCharacters(request);
  const plan = checkedPlan(request.body.plan);
  const from = request.body.from ? new Date(request.body.from) : new Date();
  if (Number.isNaN(from.getTime())) throw badRequest('from', 'must be a date and time');
  const segments = timeline(plan, from, request.body.days ?? PREVIEW_DAYS);
  return { time_zone: plan.timeZone, segments: segments.map((s) => presentSegment(s, plan.steps)) };
};
