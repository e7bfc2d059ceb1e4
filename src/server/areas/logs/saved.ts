import { and, desc, eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { savedSearches, searchJobs } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { checkedSharedScope, requireVisibleCustomer, type SharedScope } from '../../platform/scope.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { checkedSearch } from './search-request.ts';

type SavedRow = typeof savedSearches.$inferSelect;
type Scope = SharedScope;

function present(row: SavedRow, principal: Principal) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as Scope,
    customer_id: row.customerId,
    customer_ids: row.customerIds,
    owner_id: row.ownerId,
    mine: row.ownerId === principal.user.contactId,
    search: row.search,
    period: row.period,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const checkScope = (principal: Principal, scope: Scope, customerId: string | null | undefined) =>
  checkedSharedScope(principal, scope, customerId, {
    missingCustomer: 'is required for a customer search',
    globalDenied: 'Only provider staff can save global searches.',
  });

/**
 * The customers a search is narrowed to: each one the caller may see; a customer search covers
 * its own customer only.
 */
function checkNarrowing(
  principal: Principal,
  customerId: string | null,
  customerIds: readonly string[] = [],
) {
  if (customerId && customerIds.some((id) => id !== customerId))
    throw badRequest('customer_ids', 'a customer search covers its own customer only');
  customerIds.forEach((id) => {
    requireVisibleCustomer(principal, id);
  });
  return [...customerIds];
}

export const listSavedSearches: Handler<'listSavedSearches'> = async (request) => {
  const principal = principalOf(request);
  // Row-level security applies the scopes; names sort within each scope.
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.partnerId, principal.user.partnerId))
      .orderBy(savedSearches.name),
  );
  return { saved: rows.map((row) => present(row, principal)) };
};

export const createSavedSearch: Handler<'createSavedSearch'> = async (request, reply) => {
  const principal = principalOf(request);
  const body = request.body;
  const customerId = checkScope(principal, body.scope, body.customer_id);
  const customerIds = checkNarrowing(principal, customerId, body.customer_ids);
  // Checked as a search request is, so what is kept always runs (as a search, a rule, a backtest).
  checkedSearch(body.search, body.period, []);
  const row = await asCaller(request, async (tx) => {
    const [created] = await tx
      .insert(savedSearches)
      .values({
        partnerId: principal.user.partnerId,
        ownerId: principal.user.contactId,
        customerId,
        customerIds,
        name: body.name,
        scope: body.scope,
        search: body.search as Record<string, unknown>,
        period: (body.period ?? null) as Record<string, unknown> | null,
      })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'saved_search',
      entityId: created!.id,
      customerId,
      after: { name: body.name, scope: body.scope },
    });
    return created!;
  });
  reply.status(201);
  return present(row, principal);
};

/** Only the owner changes or deletes a saved search; others may only see it (404 when they cannot). */
async function ownSaved(tx: Db, principal: Principal, id: string) {
  const [row] = await tx.select().from(savedSearches).where(eq(savedSearches.id, id)).for('update');
  if (!row) throw notFound(`Saved search ${id}`);
  if (row.ownerId !== principal.user.contactId)
    throw forbidden('Only its owner can change this saved search.');
  return row;
}

export const updateSavedSearch: Handler<'updateSavedSearch'> = async (request) => {
  const principal = principalOf(request);
  const body = request.body;
  const customerId = checkScope(principal, body.scope, body.customer_id);
  const customerIds = checkNarrowing(principal, customerId, body.customer_ids);
  // Checked as a search request is, so what is kept always runs (as a search, a rule, a backtest).
  checkedSearch(body.search, body.period, []);
  const row = await asCaller(request, async (tx) => {
    const before = await ownSaved(tx, principal, request.params.id);
    const [updated] = await tx
      .update(savedSearches)
      .set({
        name: body.name,
        scope: body.scope,
        customerId,
        customerIds,
        search: body.search as Record<string, unknown>,
        period: (body.period ?? null) as Record<string, unknown> | null,
        updatedAt: new Date(),
      })
      .where(eq(savedSearches.id, before.id))
      .returning();
    await audit(tx, principal, {
      action: 'update',
      entity: 'saved_search',
      entityId: before.id,
      customerId: customerId ?? before.customerId,
      before: { name: before.name, scope: before.scope },
      after: { name: body.name, scope: body.scope },
    });
    return updated!;
  });
  return present(row, principal);
};

export const deleteSavedSearch: Handler<'deleteSavedSearch'> = async (request, reply) => {
  const principal = principalOf(request);
  await asCaller(request, async (tx) => {
    const row = await ownSaved(tx, principal, request.params.id);
    await tx.delete(savedSearches).where(eq(savedSearches.id, row.id));
    await audit(tx, principal, {
      action: 'delete',
      entity: 'saved_search',
      entityId: row.id,
      customerId: row.customerId,
      before: { name: row.name, scope: row.scope },
    });
  });
  reply.status(204);
  return undefined;
};

/** The caller's own searches, newest first: what they searched, when, and how it ended. */
export const listSearchHistory: Handler<'listSearchHistory'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(searchJobs)
      .where(eq(searchJobs.userId, principal.user.contactId))
      .orderBy(desc(searchJobs.createdAt))
      .limit(request.query.size ?? 50),
  );
  return {
    history: rows.map((row) => {
      const r = row.request as { search_term?: string; mode?: string; source?: string | null };
      return {
        id: row.id,
        search_term: r.search_term ?? '',
        mode: (r.mode ?? 'keyword') as 'keyword' | 'exact' | 'lucene',
        source: r.source ?? null,
        status: row.status as 'running' | 'done' | 'cancelled' | 'failed',
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
};

export const deleteSearchHistoryEntry: Handler<'deleteSearchHistoryEntry'> = async (request, reply) => {
  const principal = principalOf(request);
  const deleted = await asCaller(request, (tx) =>
    tx
      .delete(searchJobs)
      .where(and(eq(searchJobs.id, request.params.id), eq(searchJobs.userId, principal.user.contactId)))
      .returning({ id: searchJobs.id }),
  );
  if (deleted.length === 0) throw notFound(`Search ${request.params.id}`);
  reply.status(204);
  return undefined;
};
