import { eq } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { platformUpdates } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentUpdate } from './handlers.ts';

/** A title of spaces only is no title (spec 2, section 5: 'Please provide a value.'). */
function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badRequest('title', 'Please provide a value.');
  return trimmed;
}

export const createUpdate: Handler<'createUpdate'> = async (request, reply) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { category, title, body = '', published = false } = request.body;
  const row = await asCaller(request, async (tx) => {
    const now = new Date();
    const [created] = await tx
      .insert(platformUpdates)
      .values({ category, title: checkedTitle(title), body, publishedAt: published ? now : null })
      .returning();
    await audit(tx, principal, {
      action: 'create',
      entity: 'platform_update',
      entityId: String(created!.id),
      after: presentUpdate(created!),
    });
    return created!;
  });
  reply.code(201);
  return presentUpdate(row);
};

export const changeUpdate: Handler<'changeUpdate'> = async (request) => {
  rejectNulCharacters(request);
  const principal = principalOf(request);
  const { id } = request.params;
  const { published, title, ...fields } = request.body;
  return asCaller(request, async (tx) => {
    const [before] = await tx.select().from(platformUpdates).where(eq(platformUpdates.id, id)).for('update');
    if (!before) throw notFound(`Update ${id}`);
    // Publishing stamps now (so the badge counts it as new); publishing again keeps the first time.
    const publishedAt =
      published === undefined ? before.publishedAt : published ? (before.publishedAt ?? new Date()) : null;
    const [after] = await tx
      .update(platformUpdates)
      .set({
        ...fields,
        ...(title === undefined ? {} : { title: checkedTitle(title) }),
        publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(platformUpdates.id, id))
      .returning();
    const action =
      published === undefined || Boolean(before.publishedAt) === published
        ? 'update'
        : published
          ? 'publish'
          : 'unpublish';
    await audit(tx, principal, {
      action,
      entity: 'platform_update',
      entityId: String(id),
      before: presentUpdate(before),
      after: presentUpdate(after!),
    });
    return presentUpdate(after!);
  });
};

export const deleteUpdate: Handler<'deleteUpdate'> = async (request, reply) => {
  const principal = principalOf(request);
  const { id } = request.params;
  await asCaller(request, async (tx) => {
    const [gone] = await tx.delete(platformUpdates).where(eq(platformUpdates.id, id)).returning();
    if (!gone) throw notFound(`Update ${id}`);
    await audit(tx, principal, {
      action: 'delete',
      entity: 'platform_update',
      entityId: String(id),
      before: presentUpdate(gone),
    });
  });
  reply.code(204);
  return undefined;
};
