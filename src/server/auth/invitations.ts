import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { auditLog, userInvitations, users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import { queueMail } from '../mail/outbox.ts';
import { hashPassword } from './passwords.ts';

/** A week: long enough to come back from holiday, short enough that a forgotten mail goes stale. */
export const INVITATION_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 12;
/** Where the embedded identity provider shows the set-password page. */
export const INVITATION_PATH = '/idp/invitation';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Makes a fresh invitation link for the user (only the newest link works) and puts the mail in the
 * outbox, in the caller's transaction: the user, the link and the mail are kept together or not at all.
 */
export async function inviteUser(
  tx: Db,
  input: {
    contactId: string;
    email: string;
    name: string;
    invitedBy: string;
    inviterName: string;
    publicUrl: string;
    /** Passwords are kept by an external identity provider: the mail says where to sign in, no link. */
    externalIdp?: boolean;
  },
) {
  if (input.externalIdp) {
    await queueMail(tx, {
      to: [input.email],
      subject: 'You are invited to Watchfloor',
      text: [
        `Hello ${input.name || input.email},`,
        '',
        `${input.inviterName} has invited you to the Watchfloor security console.`,
        `Sign in at ${input.publicUrl}/ with your organisation's account for ${input.email}.`,
      ].join('\n'),
    });
    return null;
  }
  const secret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const invitationId = crypto.randomUUID();
  await tx.insert(userInvitations).values({
    invitationId,
    contactId: input.contactId,
    secretHash: sha256(secret),
    invitedBy: input.invitedBy,
    createdAt: new Date(),
    expiresAt,
  });
  const link = `${input.publicUrl}${INVITATION_PATH}/${invitationId}.${secret}`;
  await queueMail(tx, {
    to: [input.email],
    subject: 'You are invited to Watchfloor',
    text: [
      `Hello ${input.name || input.email},`,
      '',
      `${input.inviterName} has invited you to the Watchfloor security console.`,
      'Set your password here (the link works once, until',
      `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC):`,
      '',
      link,
      '',
      `Then sign in at ${input.publicUrl}/ with ${input.email}.`,
    ].join('\n'),
  });
  return { invitationId, expiresAt };
}

/**
 * The live invitation behind a link, or null: unknown, wrong secret, used or expired all look the
 * same from outside. System connection (the person is not signed in).
 */
export async function findInvitation(db: Db, link: string) {
  const [id, secret] = link.split('.');
  if (!id || !secret || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db
    .select({ invitation: userInvitations, email: users.email })
    .from(userInvitations)
    .innerJoin(users, eq(users.contactId, userInvitations.contactId))
    .where(eq(userInvitations.invitationId, id));
  if (!row || row.invitation.usedAt || row.invitation.expiresAt.getTime() <= Date.now()) return null;
  // A link sent again replaces the earlier ones: only the newest invitation of the user counts.
  const [newest] = await db
    .select({ id: userInvitations.invitationId })
    .from(userInvitations)
    .where(eq(userInvitations.contactId, row.invitation.contactId))
    .orderBy(desc(userInvitations.createdAt))
    .limit(1);
  if (newest?.id !== id) return null;
  const given = Buffer.from(sha256(secret), 'hex');
  if (!timingSafeEqual(given, Buffer.from(row.invitation.secretHash, 'hex'))) return null;
  return { invitationId: id, contactId: row.invitation.contactId, email: row.email };
}

/**
 * Sets the password and spends the link in one transaction; the row is locked, so a link opened
 * twice at once sets one password. False when the link was spent meanwhile.
 */
export async function acceptInvitation(db: Db, link: string, password: string): Promise<boolean> {
  const found = await findInvitation(db, link);
  if (!found) return false;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(userInvitations)
      .set({ usedAt: new Date() })
      .where(and(eq(userInvitations.invitationId, found.invitationId), isNull(userInvitations.usedAt)))
      .returning({ id: userInvitations.invitationId });
    if (!spent) return false;
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.contactId, found.contactId))
      .returning({ partnerId: users.partnerId });
    await tx.insert(auditLog).values({
      partnerId: user!.partnerId,
      actorId: found.contactId,
      action: 'accept_invitation',
      entity: 'user',
      entityId: found.contactId,
    });
    return true;
  });
}
