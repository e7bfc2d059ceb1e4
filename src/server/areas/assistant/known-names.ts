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
 * The names a scope holds, folded per table into a count and an order-free sum of hashes: any name
 * added, renamed or removed (by a request, a job or another server) changes it. Read on the system
 * connection over every row the scope's policies could allow (a superset changes whenever the
 * scope's rows do; the figure itself shows nothing), which costs a tenth of the policies per row.
 */
export async function namesFingerprint(db: Db, scope: Scope): Promise<string> {
  const customerIds = sql`${`{${scope.customerIds.join(',')}}`}::uuid[]`;
  const [row] = resultRows<{ agents: string; customers: string; users: string }>(
    await db.execute(sql`select
      (select count(*) || ':' || coalesce(sum(hashtext(host_name)), 0)
        from agents where customer_id = any(${customerIds})) as agents,
      (select count(*) || ':' || coalesce(sum(hashtext(name)), 0)
        from customers where partner_id = ${scope.partnerId}) as customers,
      (select count(*) || ':' || coalesce(sum(hashtext(concat_ws(':', first_name, last_name, email))), 0)
        from users where partner_id = ${scope.partnerId}) as users`),
  );
  return `${row?.agents}/${row?.customers}/${row?.users}`;
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
 * registering thousands of names took most of a question's time before the model was asked, so
 * the list is kept per scope between questions while the scope's fingerprint (read before the
 * caller's transaction) is unchanged; otherwise it is read again through the caller's policies.
 * `keep` is called after that transaction, and keeps a list read again only if the fingerprint
 * still holds: a change while it was read could otherwise be undone unnoticed.
 */
export async function knownNamesOf(
  db: Db,
  tx: Db,
  scope: Scope,
  fingerprint: string,
): Promise<{ names: readonly KnownName[]; keep: () => Promise<void> }> {
  const byScope = kept.get(db) ?? new Map<string, Entry>();
  kept.set(db, byScope);
  const key = keyOf(scope);
  const entry = byScope.get(key);
  byScope.delete(key);
  if (entry?.fingerprint === fingerprint) {
    byScope.set(key, entry);
    return { names: entry.names, keep: async () => undefined };
  }
  const names = await loadNames(tx);
  const keep = async () => {
    if ((await namesFingerprint(db, scope)) !== fingerprint) return;
    byScope.set(key, { fingerprint, names });
    if (byScope.size > SCOPES_KEPT) byScope.delete(byScope.keys().next().value!);
  };
  return { names, keep };
}

/** Registers the known names with a conversation's placeholders. */
export function registerKnownNames(pseudonyms: Pseudonyms, names: readonly KnownName[]): void {
  for (const { kind, value } of names) pseudonyms.register(kind, value);
}
