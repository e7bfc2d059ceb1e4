import { sql } from 'drizzle-orm';
import { resultRows, type Scope } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';
import type { EntityKind, Pseudonyms } from './pseudonyms.ts';

/** Names of one kind kept at most: a bound on memory and on the work of every question. */
const KNOWN_NAMES_CAP = 5000;
/** Scopes kept at once; the least recently asked is dropped first. */
const SCOPES_KEPT = 200;

type KnownKind = Exclude<EntityKind, 'IP'>;
interface KnownName {
  kind: KnownKind;
  value: string;
}
interface Entry {
  fingerprint: string;
  names: KnownName[];
}

/** The names the caller can see, one row each, as the policies of the transaction allow. */
const VISIBLE_NAMES = sql`
  (select 'CUSTOMER' as kind, name as value from customers)
  union all (select 'HOST', host_name from agents)
  union all (select 'USER', trim(first_name || ' ' || last_name) from users)
  union all (select 'EMAIL', email from users)`;

/**
 * Every name the caller's scope holds, folded into a count and an order-free sum of hashes: any
 * name added, renamed or removed (by a request, a job or another server) changes it, so a kept
 * list is used only while it is still exactly what the database holds.
 */
async function fingerprintOf(tx: Db): Promise<string> {
  const [row] = resultRows<{ n: number | string; h: string | null }>(
    await tx.execute(sql`
      select count(*) as n, sum(hashtextextended(kind || ':' || coalesce(value, ''), 0))::text as h
      from (${VISIBLE_NAMES}) names`),
  );
  return `${row?.n ?? 0}:${row?.h ?? ''}`;
}

async function loadNames(tx: Db): Promise<KnownName[]> {
  const rows = resultRows<{ kind: KnownKind; value: string | null }>(
    await tx.execute(sql`
      select kind, value from (
        select kind, value, row_number() over (partition by kind) as n from (${VISIBLE_NAMES}) names
      ) numbered
      where n <= ${KNOWN_NAMES_CAP} and value is not null`),
  );
  return rows.map(({ kind, value }) => ({ kind, value: value! }));
}

/** Kept lists per database (a process may serve more than one, as tests do), per scope. */
const kept = new WeakMap<Db, Map<string, Entry>>();

const keyOf = (scope: Scope) =>
  JSON.stringify([scope.partnerId, scope.userId, scope.global, [...scope.customerIds].sort()]);

/**
 * The customers, hosts and people the caller can see, for a question to hide. Reading and
 * registering thousands of names took most of a question's time before the model was asked, so the
 * list is kept per scope between questions and checked against the database's fingerprint of the
 * same rows each time (`tx` runs in the caller's scope).
 */
export async function knownNamesOf(db: Db, tx: Db, scope: Scope): Promise<readonly KnownName[]> {
  const byScope = kept.get(db) ?? new Map<string, Entry>();
  kept.set(db, byScope);
  const key = keyOf(scope);
  const fingerprint = await fingerprintOf(tx);
  const entry = byScope.get(key);
  byScope.delete(key);
  if (entry?.fingerprint === fingerprint) {
    byScope.set(key, entry);
    return entry.names;
  }
  // Read after the fingerprint: a change between the two only makes the next check miss.
  const names = await loadNames(tx);
  byScope.set(key, { fingerprint, names });
  if (byScope.size > SCOPES_KEPT) byScope.delete(byScope.keys().next().value!);
  return names;
}

/** Registers the known names with a conversation's placeholders. */
export function registerKnownNames(pseudonyms: Pseudonyms, names: readonly KnownName[]): void {
  for (const { kind, value } of names) pseudonyms.register(kind, value);
}
