import { type BreachEntry, breachLookups } from '../db/schema/index.ts';
import type { Db } from '../db/types.ts';
import type { Rng } from './prng.ts';
import type { CustomerRef } from './types.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Breaches as the provider describes them (public, well-known incidents). */
const KNOWN_BREACHES: readonly BreachEntry[] = [
  {
    name: 'Adobe',
    title: 'Adobe',
    domain: 'adobe.com',
    breach_date: '2013-10-04',
    pwn_count: 152_445_165,
    data_classes: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
    verified: true,
  },
  {
    name: 'LinkedIn',
    title: 'LinkedIn',
    domain: 'linkedin.com',
    breach_date: '2012-05-05',
    pwn_count: 164_611_595,
    data_classes: ['Email addresses', 'Passwords'],
    verified: true,
  },
  {
    name: 'Dropbox',
    title: 'Dropbox',
    domain: 'dropbox.com',
    breach_date: '2012-07-01',
    pwn_count: 68_648_009,
    data_classes: ['Email addresses', 'Passwords'],
    verified: true,
  },
  {
    name: 'Canva',
    title: 'Canva',
    domain: 'canva.com',
    breach_date: '2019-05-24',
    pwn_count: 137_272_116,
    data_classes: ['Email addresses', 'Geographic locations', 'Names', 'Passwords', 'Usernames'],
    verified: true,
  },
];

/**
 * A short breach history per customer, as past look-ups left it: a few staff members' accounts
 * looked up, most done (some with breaches, some clean), the odd one failed after its attempts.
 */
export async function seedBreachLookups(
  db: Db,
  rng: Rng,
  partnerId: string,
  customers: readonly CustomerRef[],
  requestedBy: string,
  now: number,
) {
  const rows: (typeof breachLookups.$inferInsert)[] = [];
  for (const customer of customers) {
    const people = customer.people.slice(0, 3);
    for (const [i, person] of people.entries()) {
      const requestedAt = now - rng.int(1, 40) * DAY - rng.int(0, 600) * MINUTE;
      const failed = i === 2 && rng.chance(0.5);
      const found = failed ? [] : KNOWN_BREACHES.filter((_, b) => (i === 0 ? b < 2 : rng.chance(0.3)));
      rows.push({
        partnerId,
        customerId: customer.customerId,
        account: person.upn.toLowerCase(),
        status: failed ? 'failed' : 'done',
        breaches: found,
        attempts: failed ? 5 : 1,
        lastError: failed ? 'the provider answered 503 Service Unavailable' : null,
        requestedBy,
        requestedAt: new Date(requestedAt),
        finishedAt: new Date(requestedAt + (failed ? 4 * MINUTE : rng.int(2, 40) * 1000)),
      });
    }
  }
  if (rows.length > 0) await db.insert(breachLookups).values(rows).onConflictDoNothing();
  return rows.length;
}
