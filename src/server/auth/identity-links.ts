import { and, eq, sql } from 'drizzle-orm';
import { userIdentities, users } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';

/** Who the identity provider says signed in, from the verified ID token. */
export interface AssertedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * The user an identity provider's sign-in stands for, or null. A known (issuer, subject) decides
 * alone. Otherwise the first sign-in links by e-mail, only when the provider has verified the
 * address and the account has no identity at that provider yet, so whoever controls an address
 * at the provider cannot take over an account that is already someone else's. System connection:
 * nobody is signed in yet.
 */
export async function userForIdentity(db: Db, identity: AssertedIdentity): Promise<string | null> {
  const linked = async () => {
    const [row] = await db
      .select({ contactId: userIdentities.contactId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    return row?.contactId ?? null;
  };
  const known = await linked();
  if (known) return known;
  if (!identity.email || !identity.emailVerified) return null;
  const [user] = await db
    .select({ contactId: users.contactId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()));
  if (!user) return null;
  // One identity per user and provider: a second subject for the same account is refused by the
  // unique key, and so is a concurrent sign-in that linked first; either way the stored link decides.
  await db
    .insert(userIdentities)
    .values({ issuer: identity.issuer, subject: identity.subject, contactId: user.contactId })
    .onConflictDoNothing();
  return linked();
}
