import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { audit, auditPerCustomer } from '../../audit.ts';
import type { Principal } from '../../auth/principal.ts';
import { discussions, users } from '../../db/schema/index.ts';
import { isoTimestamp } from '../../db/sql-helpers.ts';
import { resultRows } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { isStaff } from '../../platform/permissions.ts';

/**
 * Comments on alerts and cases, one service for both (spec 2: "comments with a private option,
 * edit and delete"). Rules:
 * - private comments are for the provider's staff (role level Global): only they post them and
 *   only they see them; customer users never learn they exist (not even as a count);
 * - writing needs the triage write permission: staff need `modify_all`, customer users may comment
 *   publicly on their own customers' items;
 * - only the author edits or deletes a comment;
 * - a comment whose author no longer exists keeps its text and shows `user: null`.
 *
 * Callers check first that the alert or case exists and is visible (answering 404 otherwise) and
 * pass its id and customer; every function here runs inside the caller's transaction (`asCaller`).
 */
export type Discussion = components['schemas']['Discussion'];
export type DiscussionEntity = 'alert' | 'case';

export interface DiscussionPage {
  batchSize: number;
  offset: number;
  /** Newest first (an activity feed keeps the latest comments); else oldest first, as a thread reads. */
  newestFirst?: boolean;
}

export interface DiscussionInput {
  body: string;
  private?: boolean | undefined;
}

type DiscussionRow = typeof discussions.$inferSelect;
/** What the bulk insert returns, as the driver gives it (ids may come as strings). */
interface InsertedRow {
  id: string | number;
  customer_id: string;
  entity_id: string | number;
  created_at: string;
  updated_at: string;
}
type Author = Pick<typeof users.$inferSelect, 'contactId' | 'email' | 'firstName' | 'lastName'> | null;

/** Longest comment, as in the contract. */
export const MAX_BODY_LENGTH = 10_000;

/** The comments of one alert or case the caller may see, oldest first. */
export async function listDiscussions(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityId: number,
  page: DiscussionPage,
): Promise<Discussion[]> {
  const rows = await tx
    .select({ discussion: discussions, author: authorColumns })
    .from(discussions)
    .leftJoin(users, eq(users.contactId, discussions.authorId))
    .where(and(...visible(principal, entity, entityId)))
    .orderBy(
      ...(page.newestFirst
        ? [desc(discussions.createdAt), desc(discussions.id)]
        : [asc(discussions.createdAt), asc(discussions.id)]),
    )
    .limit(page.batchSize)
    .offset(page.offset);
  return rows.map((row) => present(row.discussion, authorOf(row.author), principal));
}

/** Adds a comment; 403 when the caller may not write, or asks for private without being staff. */
export async function postDiscussion(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityId: number,
  customerId: string,
  input: DiscussionInput,
): Promise<Discussion> {
  const [created] = await postDiscussions(tx, principal, entity, [{ entityId, customerId }], input);
  return created!;
}

/**
 * The same comment on many alerts or cases at once (bulk updates): one row each, in the order
 * given, and one audit entry for the lot.
 */
export async function postDiscussions(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  targets: readonly { entityId: number; customerId: string }[],
  input: DiscussionInput,
): Promise<Discussion[]> {
  const body = checkedBody(input.body);
  const isPrivate = input.private === true;
  if (isPrivate && !isStaff(principal)) throw forbidden('Only provider staff can post private comments.');
  if (targets.length === 0) return [];
  // One statement with one parameter (a JSON array), however many alerts a bulk update comments on.
  const result = await tx.execute(sql`
    insert into ${discussions} (customer_id, entity, entity_id, author_id, body, private)
    select r.customer_id, ${entity}::text, r.entity_id, ${principal.user.contactId}::uuid, ${body}::text, ${isPrivate}::boolean
    from jsonb_to_recordset(${JSON.stringify(targets.map((t) => ({ customer_id: t.customerId, entity_id: t.entityId })))}::jsonb)
      as r(customer_id uuid, entity_id bigint)
    returning id, customer_id, entity_id, created_at::text as created_at, updated_at::text as updated_at`);
  const rows: DiscussionRow[] = resultRows<InsertedRow>(result).map((r) => ({
    id: Number(r.id),
    customerId: r.customer_id,
    entity,
    entityId: Number(r.entity_id),
    authorId: principal.user.contactId,
    body,
    private: isPrivate,
    createdAt: new Date(isoTimestamp(r.created_at)),
    updatedAt: new Date(isoTimestamp(r.updated_at)),
  }));
  // Answer in the order asked (each alert or case appears once in a bulk comment).
  const byEntity = new Map(rows.map((row) => [row.entityId, row]));
  if (byEntity.size === targets.length) {
    rows.splice(0, rows.length, ...targets.map((t) => byEntity.get(t.entityId)!));
  }
  if (rows.length === 1) {
    const row = rows[0]!;
    await audit(tx, principal, {
      action: 'create',
      entity: 'discussion',
      entityId: String(row.id),
      customerId: row.customerId,
      after: { entity, entity_id: row.entityId, ...auditedText(row) },
    });
  } else {
    // One entry per customer for the whole bulk comment: thousands of identical entries would say no more.
    await auditPerCustomer(tx, principal, rows, (_, own) => ({
      action: 'create',
      entity: 'discussion',
      after: {
        entity,
        entity_ids: own.map((r) => r.entityId),
        ids: own.map((r) => r.id),
        ...auditedText({ body, private: isPrivate }),
      },
    }));
  }
  return rows.map((row) => present(row, principal.user, principal));
}

/** Edits the caller's own comment: 404 when it is not there (or not visible), 403 when someone else wrote it. */
export async function updateDiscussion(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityId: number,
  commentId: number,
  input: DiscussionInput,
): Promise<Discussion> {
  const before = await ownComment(tx, principal, entity, entityId, commentId, 'edit');
  const body = checkedBody(input.body);
  const isPrivate = input.private ?? before.private;
  if (isPrivate && !isStaff(principal)) throw forbidden('Only provider staff can post private comments.');
  const [after] = await tx
    .update(discussions)
    .set({ body, private: isPrivate, updatedAt: sql`now()` })
    .where(eq(discussions.id, commentId))
    .returning();
  await audit(tx, principal, {
    action: 'update',
    entity: 'discussion',
    entityId: String(commentId),
    customerId: before.customerId,
    before: auditedText(before),
    after: auditedText(after!),
  });
  return present(after!, principal.user, principal);
}

/** Deletes the caller's own comment and returns it as it was. Same 404/403 rules as editing. */
export async function deleteDiscussion(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityId: number,
  commentId: number,
): Promise<Discussion> {
  const before = await ownComment(tx, principal, entity, entityId, commentId, 'delete');
  await tx.delete(discussions).where(eq(discussions.id, commentId));
  await audit(tx, principal, {
    action: 'delete',
    entity: 'discussion',
    entityId: String(commentId),
    customerId: before.customerId,
    before: { entity, entity_id: entityId, ...auditedText(before) },
  });
  return present(before, principal.user, principal);
}

/** How many comments each alert or case has that the caller may see (private ones only for staff). */
export async function countDiscussions(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityIds: readonly number[],
): Promise<Map<number, number>> {
  if (entityIds.length === 0) return new Map();
  const rows = await tx
    .select({ entityId: discussions.entityId, n: sql<number>`count(*)::int` })
    .from(discussions)
    .where(
      and(
        eq(discussions.entity, entity),
        inArray(discussions.entityId, [...entityIds]),
        isStaff(principal) ? undefined : eq(discussions.private, false),
      ),
    )
    .groupBy(discussions.entityId);
  return new Map(rows.map((r) => [r.entityId, r.n]));
}

/**
 * A comment as the audit log keeps it. The customer's own users may read that customer's audit
 * rows, so a private comment's text stays out of them (the comment itself keeps it, for staff).
 */
function auditedText(comment: { body: string; private: boolean }) {
  return comment.private ? { private: true } : { body: comment.body, private: false };
}

const authorColumns = {
  contactId: users.contactId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

function visible(principal: Principal, entity: DiscussionEntity, entityId: number) {
  return [
    eq(discussions.entity, entity),
    eq(discussions.entityId, entityId),
    isStaff(principal) ? undefined : eq(discussions.private, false),
  ];
}

function checkedBody(body: string): string {
  if (body.trim() === '') throw badRequest('body.body', 'must not be blank');
  if (body.length > MAX_BODY_LENGTH)
    throw badRequest('body.body', `must be at most ${MAX_BODY_LENGTH} characters`);
  return body;
}

async function ownComment(
  tx: Db,
  principal: Principal,
  entity: DiscussionEntity,
  entityId: number,
  commentId: number,
  verb: 'edit' | 'delete',
): Promise<DiscussionRow> {
  const [row] = await tx
    .select()
    .from(discussions)
    .where(and(eq(discussions.id, commentId), ...visible(principal, entity, entityId)))
    .for('update');
  if (!row) throw notFound(`Comment ${commentId}`);
  if (row.authorId !== principal.user.contactId) throw forbidden(`Only the author can ${verb} this comment.`);
  return row;
}

/** The left join gives null when the author's account is gone. */
function authorOf(author: Author): Author {
  return author?.contactId ? author : null;
}

function present(row: DiscussionRow, author: Author, principal: Principal): Discussion {
  return {
    id: row.id,
    body: row.body,
    private: row.private,
    user: author
      ? {
          contact_id: author.contactId,
          email: author.email,
          name: [author.firstName, author.lastName].filter(Boolean).join(' '),
        }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    editable: row.authorId !== null && row.authorId === principal.user.contactId,
  };
}
