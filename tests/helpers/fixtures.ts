import { hashPassword } from '../../src/server/auth/passwords.ts';
import { customers, partners, users } from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/types.ts';

export const FIXTURE_PASSWORD = 'correct horse battery staple';

/** Hashed once per worker: scrypt is slow on purpose, and every test database needs the same one. */
let fixtureHash: Promise<string> | undefined;

/** A small, known world for API tests: one partner, two customers, one user of each kind. */
export async function insertFixtures(db: Db) {
  const [partner] = await db.insert(partners).values({ name: 'Test MSSP' }).returning();
  const [acme, globex] = await db
    .insert(customers)
    .values([
      { partnerId: partner!.partnerId, name: 'Acme Test', hasSubscription: true },
      { partnerId: partner!.partnerId, name: 'Globex Test', hasSubscription: true },
    ])
    .returning();
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  const passwordHash = await fixtureHash;
  const everyPermission = [
    'global_user',
    'read_all',
    'modify_all',
    'read_workflow',
    'read_integration',
    'read_escalation',
    'modify_workflow',
  ];
  const [admin, analyst, acmeUser, globexUser, viewer] = await db
    .insert(users)
    .values([
      {
        partnerId: partner!.partnerId,
        email: 'admin@test.example',
        firstName: 'Ada',
        lastName: 'Admin',
        passwordHash,
        roleLevel: 'Global',
        isAdmin: true,
        permissions: everyPermission,
      },
      {
        partnerId: partner!.partnerId,
        email: 'analyst@test.example',
        firstName: 'Ana',
        lastName: 'Lyst',
        passwordHash,
        roleLevel: 'Global',
        permissions: ['global_user', 'read_all', 'modify_all'],
      },
      {
        partnerId: partner!.partnerId,
        email: 'user@acme.test',
        firstName: 'Cas',
        lastName: 'Tomer',
        passwordHash,
        roleLevel: 'Customer',
        validCustomerIds: [acme!.customerId],
      },
      {
        partnerId: partner!.partnerId,
        email: 'user@globex.test',
        firstName: 'Glo',
        lastName: 'Bex',
        passwordHash,
        roleLevel: 'Customer',
        validCustomerIds: [globex!.customerId],
      },
      // Staff who may read everything and change nothing (read_all without modify_all).
      {
        partnerId: partner!.partnerId,
        email: 'viewer@test.example',
        firstName: 'Vi',
        lastName: 'Ewer',
        roleLevel: 'Global',
        permissions: ['global_user', 'read_all'],
      },
    ])
    .returning();
  return {
    partner: partner!,
    acme: acme!,
    globex: globex!,
    admin: admin!,
    analyst: analyst!,
    acmeUser: acmeUser!,
    globexUser: globexUser!,
    viewer: viewer!,
  };
}

export type Fixtures = Awaited<ReturnType<typeof insertFixtures>>;
