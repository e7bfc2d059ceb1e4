import { and, eq, ilike, or } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { requireImpersonable } from '../../auth/impersonation.ts';
import { databaseReachable } from '../../db/reachable.ts';
import { users } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/sql-helpers.ts';
import { ApiError, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';
import { presentContact } from '../customers/index.ts';

/** Tasks the support menu offers administrators; each maps to calls of this API. */
const SUPPORT_TASKS = [
  {
    id: 'impersonate',
    name: 'Impersonate a user',
    description: 'Sign in as another user of your organisation to see what they see.',
  },
];

export const getHealth: Handler<'getHealth'> = async (request) => {
  await databaseReachable(request.server.db).catch((error: unknown) => {
    request.log.warn({ err: error }, 'health: the database does not answer');
    throw new ApiError(503, 'database_unavailable', 'The database does not answer.');
  });
  return { status: 'ok', database: request.server.databaseKind };
};

export const getCurrentUser: Handler<'getCurrentUser'> = async (request) => {
  const { user, partner, impersonator, permissions } = principalOf(request);
  return {
    user: {
      contact_id: user.contactId,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      role_level: user.roleLevel === 'Global' ? 'Global' : 'Customer',
      admin: user.isAdmin,
      impersonator: impersonator ? { email: impersonator.email } : null,
    },
    partner: {
      partner_id: partner.partnerId,
      name: partner.name,
      created_source:
        partner.createdSource === 'securecloud' || partner.createdSource === 'ecom'
          ? partner.createdSource
          : null,
      return_url: partner.returnUrl,
      data: { aviator_enabled: partner.data.aviator_enabled === true },
    },
    permissions: [...permissions],
    attributes: user.attributes,
  };
};

export const saveSettings: Handler<'saveSettings'> = async (request) => {
  const principal = principalOf(request);
  return asCaller(request, async (tx) => {
    const before = principal.user.attributes;
    const after = { ...before, ...request.body };
    await tx.update(users).set({ attributes: after }).where(eq(users.contactId, principal.user.contactId));
    await audit(tx, principal, {
      action: 'update',
      entity: 'settings',
      entityId: principal.user.contactId,
      before,
      after,
    });
    return after;
  });
};

export const listSupportTasks: Handler<'listSupportTasks'> = async (_request) => {
  return { tasks: SUPPORT_TASKS };
};

export const listSupportContacts: Handler<'listSupportContacts'> = async (request) => {
  const query = request.query.query?.trim();
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.isProvisioning, false),
          query
            ? or(
                ilike(users.email, `%${escapeLike(query)}%`),
                ilike(users.firstName, `%${escapeLike(query)}%`),
                ilike(users.lastName, `%${escapeLike(query)}%`),
              )
            : undefined,
        ),
      )
      .orderBy(users.email)
      .limit(200),
  );
  return { contacts: rows.map(presentContact) };
};

export const startImpersonation: Handler<'startImpersonation'> = async (request) => {
  const principal = principalOf(request);
  if (principal.impersonator) throw conflict('End the current impersonation first.');
  const target = await asCaller(request, async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.contactId, request.body.contact_id));
    if (!row) throw notFound('User');
    requireImpersonable(principal, row);
    await audit(tx, principal, {
      action: 'impersonate',
      entity: 'user',
      entityId: row.contactId,
      after: {
        impersonator: { contact_id: principal.user.contactId, email: principal.user.email },
        impersonated: { contact_id: row.contactId, email: row.email },
      },
    });
    return row;
  });
  await request.server.sessionTokens.revoke(principal.session.sessionId);
  return request.server.sessionTokens.issue(target.contactId, principal.user.contactId);
};

export const endImpersonation: Handler<'endImpersonation'> = async (request) => {
  const principal = principalOf(request);
  if (!principal.impersonator) throw conflict('This session is not an impersonation.');
  await asCaller(request, (tx) =>
    audit(tx, principal, {
      action: 'end_impersonation',
      entity: 'user',
      entityId: principal.user.contactId,
    }),
  );
  await request.server.sessionTokens.revoke(principal.session.sessionId);
  return request.server.sessionTokens.issue(principal.impersonator.contactId);
};
