import { and, count, desc, eq, gt, ilike, or } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { platformUpdates } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller } from '../../plugins/auth.ts';

type Category = components['schemas']['PlatformUpdate']['category'];

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
  };
}

export const listUpdates: Handler<'listUpdates'> = async (request) => {
  const { offset = 0, batch_size = 25, query, since } = request.query;
  const text = query?.trim();
  const where = and(
    text
      ? or(
          ilike(platformUpdates.title, `%${escapeLike(text)}%`),
          ilike(platformUpdates.body, `%${escapeLike(text)}%`),
        )
      : undefined,
    since ? gt(platformUpdates.createdAt, new Date(since)) : undefined,
  );
  return asCaller(request, async (tx) => {
    const [total] = await tx.select({ n: count() }).from(platformUpdates).where(where);
    const rows = await tx
      .select()
      .from(platformUpdates)
      .where(where)
      .orderBy(desc(platformUpdates.createdAt), desc(platformUpdates.id))
      .limit(batch_size)
      .offset(offset);
    return { total: total?.n ?? 0, updates: rows.map(presentUpdate) };
  });
};

export const getUpdate: Handler<'getUpdate'> = async (request) => {
  const [row] = await asCaller(request, (tx) =>
    tx.select().from(platformUpdates).where(eq(platformUpdates.id, request.params.id)),
  );
  if (!row) throw notFound(`Update ${request.params.id}`);
  return presentUpdate(row);
};
