import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import { inviteUser } from '../../auth/invitations.ts';
import type { Principal } from '../../auth/principal.ts';
import { customerSubscriptions, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/types.ts';
import { conflict } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { rejectNulCharacters } from '../../platform/input.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentContact } from '../customers/index.ts';
import { PROVISIONING_ROBOT_SUFFIX, visibleContacts } from './contacts.ts';
import { presentManagedContact } from './present.ts';
import { checkEmail, checkGrant, requireManageable } from './rules.ts';

type UserRow = typeof users.$inferSelect;

/** Invited and not yet signed in: no password of the embedded identity provider and no sign-in so far. */
const present = (row: UserRow) =>
  presentManagedContact(row, row.passwordHash === null && row.lastLogin === null);
/** What the audit keeps of a user: the contract's view, never the password hash. */
const auditView = present;

async function findUser(tx: Db, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.contactId, id));
  // Provisioning robots are the platform's, not people to manage: as if they did not exist.
  if (row?.email.endsWith(PROVISIONING_ROBOT_SUFFIX)) return undefined;
  return row;
}

/** The invitation names who sent it, so the person knows whom to ask. */
const inviterName = (principal: Principal) =>
  [principal.user.firstName, principal.user.lastName].filter(Boolean).join(' ') || principal.user.email;

/** Changes to a user are audited once per customer they belong to, or once without one for staff. */
async function auditUser(
  tx: Db,
  principal: Principal,
  action: string,
  row: UserRow,
  before?: unknown,
  after?: unknown,
) {
  const customerIds = row.validCustomerIds.length > 0 ? row.validCustomerIds : [null];
  for (const customerId of customerIds)
    await audit(tx, principal, {
      action,
      entity: 'user',
      entityId: row.contactId,
      customerId,
      before,
      after,
    });
}

function publicUrl(request: FastifyRequest) {
  return request.server.config.publicUrl;
}

export const listContacts: Handler<'listContacts'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) => visibleContacts(tx, principal));
  return { contacts: rows.map(presentContact) };
};

export const getContact: Handler<'getContact'> = async (request) => {
  const principal = principalOf(request);
  const id = request.params.contact_id;
  const row = await asCaller(request, async (tx) => requireManageable(principal, await findUser(tx, id), id));
  return present(row);
};

export const createContact: Handler<'createContact'> = async (request, reply) => {
  const principal = principalOf(request);
  rejectNulCharacters(request);
  const body = request.body;
  const email = checkEmail(body.email);
  const grant = checkGrant(principal, {
    roleLevel: body.role_level,
    validCustomerIds: body.valid_customer_ids ?? [],
    permissions: body.permissions ?? [],
  });
  const contactId = randomUUID();
  const row = await asCaller(request, async (tx) => {
    // The address is unique across organisations; the system connection is not needed to learn
    // that: the unique index answers, and the answer names no other tenant.
    const [created] = await tx
      .insert(users)
      .values({
        contactId,
        partnerId: principal.user.partnerId,
        email,
        firstName: body.first_name?.trim() ?? '',
        lastName: body.last_name?.trim() ?? '',
        roleLevel: grant.roleLevel,
        validCustomerIds: grant.validCustomerIds,
        permissions: grant.permissions,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(`A user with the e-mail address ${email} already exists.`);
    await inviteUser(tx, {
      contactId,
      email,
      name: [created.firstName, created.lastName].filter(Boolean).join(' '),
      invitedBy: principal.user.contactId,
      inviterName: inviterName(principal),
      publicUrl: publicUrl(request),
      externalIdp: request.server.config.oidc.external,
    });
    await auditUser(tx, principal, 'create', created, undefined, auditView(created));
    return created;
  });
  reply.code(201);
  return present(row);
};

export const updateContact: Handler<'updateContact'> = async (request) => {
  const principal = principalOf(request);
  rejectNulCharacters(request);
  const id = request.params.contact_id;
  const body = request.body;
  const row = await asCaller(request, async (tx) => {
    const before = requireManageable(principal, await findUser(tx, id), id);
    if (before.isProvisioning) throw conflict('Provisioning users are changed via the distributor.');
    const changesAccess =
      body.role_level !== undefined ||
      body.valid_customer_ids !== undefined ||
      body.permissions !== undefined;
    if (changesAccess && before.contactId === principal.user.contactId)
      throw conflict('You cannot change your own role level, customers or permissions.');
    const roleLevel = body.role_level ?? (before.roleLevel === 'Global' ? 'Global' : 'Customer');
    const grant = changesAccess
      ? checkGrant(principal, {
          roleLevel,
          // Customers outside the caller's reach cannot be among them (requireManageable), so none is lost.
          validCustomerIds: body.valid_customer_ids ?? before.validCustomerIds,
          permissions: body.permissions ?? before.permissions,
        })
      : null;
    const [after] = await tx
      .update(users)
      .set({
        ...(body.first_name !== undefined && { firstName: body.first_name.trim() }),
        ...(body.last_name !== undefined && { lastName: body.last_name.trim() }),
        ...(grant && {
          roleLevel: grant.roleLevel,
          validCustomerIds: grant.validCustomerIds,
          permissions: grant.permissions,
        }),
      })
      .where(eq(users.contactId, id))
      .returning();
    await auditUser(tx, principal, 'update', after!, auditView(before), auditView(after!));
    return after!;
  });
  return present(row);
};

/** A provisioning user of a customer that has a live subscription is the distributor's to change. */
async function tiedToSubscription(tx: Db, row: UserRow) {
  if (!row.isProvisioning || row.validCustomerIds.length === 0) return false;
  const [live] = await tx
    .select({ n: sql<number>`1` })
    .from(customerSubscriptions)
    .where(
      and(
        inArray(customerSubscriptions.customerId, row.validCustomerIds),
        ne(customerSubscriptions.status, 'cancelled'),
      ),
    )
    .limit(1);
  return Boolean(live);
}

export const deleteContact: Handler<'deleteContact'> = async (request, reply) => {
  const principal = principalOf(request);
  const id = request.params.contact_id;
  await asCaller(request, async (tx) => {
    const row = requireManageable(principal, await findUser(tx, id), id);
    if (row.contactId === principal.user.contactId) throw conflict('You cannot delete your own account.');
    if (await tiedToSubscription(tx, row))
      throw conflict(
        'This provisioning user is tied to a subscription and cannot be deleted. Change the contact via the distributor first.',
      );
    await tx.delete(users).where(eq(users.contactId, id));
    await auditUser(tx, principal, 'delete', row, auditView(row));
  });
  reply.code(204);
  return undefined;
};

export const resendInvitation: Handler<'resendInvitation'> = async (request, reply) => {
  const principal = principalOf(request);
  const id = request.params.contact_id;
  const row = await asCaller(request, async (tx) => {
    const target = requireManageable(principal, await findUser(tx, id), id);
    if (target.passwordHash !== null || target.lastLogin !== null)
      throw conflict('This user has already set a password or signed in.');
    await inviteUser(tx, {
      contactId: id,
      email: target.email,
      name: [target.firstName, target.lastName].filter(Boolean).join(' '),
      invitedBy: principal.user.contactId,
      inviterName: inviterName(principal),
      publicUrl: publicUrl(request),
      externalIdp: request.server.config.oidc.external,
    });
    await auditUser(tx, principal, 'invite', target);
    return target;
  });
  reply.code(202);
  return present(row);
};
