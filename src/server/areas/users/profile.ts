import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { audit } from '../../audit.ts';
import { MIN_PASSWORD_LENGTH } from '../../auth/invitations.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Handler } from '../../platform/handler.ts';
import { asCaller, principalOf } from '../../plugins/auth.ts';

export const changePassword: Handler<'changePassword'> = async (request, reply) => {
  const principal = principalOf(request);
  if (principal.impersonator)
    throw conflict('You cannot change the password of a user you are impersonating.');
  if (request.server.config.oidc.external)
    throw conflict('Your password is kept by your identity provider; change it there.');
  const { current_password: current, new_password: next } = request.body;
  const matches = await verifyPassword(current, principal.user.passwordHash).catch(() => false);
  if (!matches) throw badRequest('current_password', 'The current password is not correct.');
  if (next.length < MIN_PASSWORD_LENGTH)
    throw badRequest(
      'new_password',
      `The new password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
    );
  if (next === current)
    throw badRequest('new_password', 'The new password must differ from the current one.');
  const passwordHash = await hashPassword(next);
  await asCaller(request, async (tx) => {
    const self = principal.user.contactId;
    await tx.update(users).set({ passwordHash }).where(eq(users.contactId, self));
    // Whoever knew the old password is signed out everywhere but here.
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, self),
          ne(sessions.sessionId, principal.session.sessionId),
          isNull(sessions.revokedAt),
        ),
      );
    await audit(tx, principal, { action: 'change_password', entity: 'user', entityId: self });
  });
  reply.code(204);
  return undefined;
};

export const listSessions: Handler<'listSessions'> = async (request) => {
  const principal = principalOf(request);
  const rows = await asCaller(request, (tx) =>
    tx
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, principal.user.contactId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.createdAt)),
  );
  return {
    sessions: rows.map((s) => ({
      session_id: s.sessionId,
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      current: s.sessionId === principal.session.sessionId,
      impersonated: s.impersonatorId !== null,
    })),
  };
};

export const endSession: Handler<'endSession'> = async (request, reply) => {
  const principal = principalOf(request);
  const id = request.params.session_id;
  await asCaller(request, async (tx) => {
    const [ended] = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.sessionId, id),
          eq(sessions.userId, principal.user.contactId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.sessionId });
    if (!ended) throw notFound(`Session ${id}`);
    await audit(tx, principal, { action: 'end', entity: 'session', entityId: id });
  });
  reply.code(204);
  return undefined;
};
