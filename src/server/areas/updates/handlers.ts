import { and, asc, count, desc, eq, gt, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { components, operations } from '../../../api/schema.d.ts';
import { platformUpdates } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { isStaff } from '../../platform/permissions.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

type Category = components['schemas']['PlatformUpdate']['category'];
type UpdateSort = NonNullable<NonNullable<operations['listUpdates']['parameters']['query']>['sort']>;

// Text sorts case aside, so both databases agree whatever their collation's view of case.
const SORT_KEYS: Record<UpdateSort, SQL> = {
  title: sql`lower(${platformUpdates.title})`,
  category: sql`${platformUpdates.category}`,
  // What the list shows as published: a draft's creation time until it is published.
  published: sql`coalesce(${platformUpdates.publishedAt}, ${platformUpdates.createdAt})`,
  body: sql`lower(${platformUpdates.body})`,
};

/** The column asked for, then newest first; without one, drafts first, then the newest publication. */
function orderOf(sort: UpdateSort | undefined, order: 'asc' | 'desc'): SQL[] {
  const newest = [desc(platformUpdates.createdAt), desc(platformUpdates.id)];
  if (!sort) return [sql`${platformUpdates.publishedAt} desc nulls first`, ...newest];
  return [(order === 'desc' ? desc : asc)(SORT_KEYS[sort]), ...newest];
}

export function presentUpdate(
  u: typeof platformUpdates.$inferSelect,
): components['schemas']['PlatformUpdate'] {
  return {
    id: u.id,
    category: u.category as Category,
    title: u.title,
    body: u.body,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    published_at: u.publishedAt?.toISOString() ?? null,
  };
}

/** The provider's administrators write platform updates and see drafts. */
export const isUpdateAuthor = (principal: ReturnType<typeof principalOf>) =>
  principal.user.isAdmin && isStaff(principal);

export const listUpdates: Handler<'listUpdates'> = async (request) => {
  const {
    offset = 0,
    batch_size = 25,
    query,
    since,
    include_drafts = false,
    sort,
    order = 'asc',
  } = request.query;
  if (include_drafts && !isUpdateAuthor(principalOf(request)))
    throw forbidden('Only administrators can see drafts of platform updates.');
  const text = query?.trim();
  const where = and(
    include_drafts ? undefined : isNotNull(platformUpdates.publishedAt),
    text
      ? or(
          ilike(platformUpdates.title, `%${escapeLike(text)}%`),
          ilike(platformUpdates.body, `%${escapeLike(text)}%`),
        )
      : undefined,
    // New since the user last looked: published after it (a draft published later is still new).
    since ? gt(platformUpdates.publishedAt, new Date(since)) : undefined,
  );
  return asCaller(request, async (tx) => {
    const [total] = await tx.select({ n: count() }).from(platformUpdates).where(where);
    const rows = await tx
      .select()
      .from(platformUpdates)
      .where(where)
      .orderBy(...orderOf(sort, order))
      .limit(batch_size)
      .offset(offset);
    return { total: total?.n ?? 0, updates: rows.map(presentUpdate) };
  });
};

export const getUpdate: Handler<'getUpdate'> = async (request) => {
  const author = isUpdateAuthor(principalOf(request));
  const [row] = await asCaller(request, (tx) =>
    tx.select().from(platformUpdates).where(eq(platformUpdates.id, request.params.id)),
  );
  // A draft is nobody's business but its authors': not found, as if it did not exist.
  if (!row || (!row.publishedAt && !author)) throw notFound(`Update ${request.params.id}`);
  return presentUpdate(row);
};
