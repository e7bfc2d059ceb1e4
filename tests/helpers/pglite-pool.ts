import type { PGlite } from '@electric-sql/pglite';
import { type Database, openPgliteClient, pgliteDatabase } from '../../src/server/db/client.ts';
import { assertAppRoleCannotBypassRls } from '../../src/server/db/tenancy.ts';

/**
 * PGlite test databases, handed from test file to test file in a worker. Opening a copy of the
 * migrated snapshot (unpacking 45 MB into PGlite's memory and starting it) took 0.5 s alone and
 * 1.7 s on average in a busy run, for each of the 180 files' PGlite halves. A closed test database
 * is instead put back as it was migrated (its rows, sequences and session) and kept for the next
 * file; one whose schema, roles or grants a test changed (beyond a partition it added, which is
 * dropped) is closed for good.
 */

/** How the migrated database was, read from the first instance the worker opens. */
interface Pristine {
  tables: string[];
  /** Partitions as migrated: those made since (a day of log events) are dropped. */
  partitions: string[];
  /** The rows the migrations wrote, by table: only the columns an insert may give. */
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  catalog: string;
}

const KEPT_AT_MOST = 2;
const idle: PGlite[] = [];
let pristine: Pristine | undefined;
/** How many databases this worker handed out on an instance it kept, for the pool's own test. */
export const pglitePool = { reused: 0 };

/** A fresh migrated database: a kept instance put back as migrated, or a new copy of the snapshot. */
export async function pgliteTestDatabase(open: () => Promise<PGlite>): Promise<Database> {
  const kept = idle.pop();
  if (kept) pglitePool.reused += 1;
  const instance = kept ?? (await open());
  pristine ??= await readPristine(instance);
  const lease = leased(instance, async () => {
    if (idle.length < KEPT_AT_MOST && (await putBack(instance))) idle.push(instance);
    else await instance.close();
  });
  const database = await pgliteDatabase(lease);
  await assertAppRoleCannotBypassRls(database.db);
  return database;
}

export const openSnapshotCopy = (snapshot: Blob, settings: Record<string, string>) =>
  openPgliteClient('memory://', snapshot, true, settings);

/**
 * The instance as one test file sees it: closing it hands it back, and from then on every call
 * fails as on a closed PGlite, so work a file's app left running never reaches the next file's
 * database. What it listened to is unlistened when it is handed back.
 */
function leased(instance: PGlite, handBack: () => Promise<void>): PGlite {
  let closed = false;
  const unlisten: (() => Promise<void>)[] = [];
  return new Proxy(instance, {
    get(target, property) {
      if (property === 'closed') return closed;
      if (property === 'close')
        return async () => {
          if (closed) return;
          closed = true;
          for (const stop of unlisten.splice(0)) await stop().catch(() => undefined);
          await handBack();
        };
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) throw new Error('PGlite is closed');
        const answer = value.apply(target, args);
        if (property === 'listen')
          return (answer as Promise<() => Promise<void>>).then((stop) => {
            unlisten.push(stop);
            return stop;
          });
        return answer;
      };
    },
  });
}

/** Puts the instance back as migrated; false when a test changed what a reset does not restore. */
async function putBack(instance: PGlite): Promise<boolean> {
  const was = pristine!;
  try {
    // A transaction a test left open, then the session: settings, prepared statements, locks.
    await instance.exec('ROLLBACK');
    await instance.exec('DISCARD ALL');
    const made = (await partitionsOf(instance)).filter((name) => !was.partitions.includes(name));
    if (made.length) await instance.exec(`DROP TABLE ${made.join(', ')}`);
    if ((await catalogOf(instance)) !== was.catalog) return false;
    await instance.transaction(async (tx) => {
      await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${was.tables.join(', ')};`);
      for (const { table, columns, json } of was.rows) {
        const list = columns.join(', ');
        await tx.query(
          `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(null::${table}, $1)`,
          [json],
        );
      }
      for (const { name, value, called } of was.sequences)
        await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, value, called]);
    });
    return true;
  } catch {
    return false;
  }
}

async function readPristine(instance: PGlite): Promise<Pristine> {
  const { rows: tables } = await instance.query<{ name: string; columns: string[] }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name,
            array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_%'
      GROUP BY 1 ORDER BY 1`,
  );
  const rows: Pristine['rows'] = [];
  for (const { name, columns } of tables) {
    const { rows: found } = await instance.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${name} t`,
    );
    if (found[0]?.json) rows.push({ table: name, columns, json: found[0].json });
  }
  const { rows: sequences } = await instance.query<Pristine['sequences'][number]>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name,
            coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
       FROM pg_sequences`,
  );
  return {
    tables: tables.map((table) => table.name),
    partitions: await partitionsOf(instance),
    rows,
    sequences,
    catalog: await catalogOf(instance),
  };
}

async function partitionsOf(instance: PGlite): Promise<string[]> {
  const { rows } = await instance.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relispartition AND c.relkind IN ('r', 'p')`,
  );
  return rows.map((row) => row.name);
}

/**
 * What a reset leaves as it finds it, in one digest: relations and their columns, constraints,
 * policies, triggers, functions, roles and their memberships and settings, and grants.
 */
async function catalogOf(instance: PGlite): Promise<string> {
  const { rows } = await instance.query<{ digest: string }>(
    `SELECT md5(string_agg(line, E'\\n' ORDER BY line)) AS digest FROM (
       SELECT format('rel %s %s %s %s %s', c.oid::regclass, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.relacl) AS line
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
       UNION ALL SELECT format('col %s %s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.attnum > 0 AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
       UNION ALL SELECT format('con %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace)
       UNION ALL SELECT format('pol %s %s %s %s', polrelid::regclass, polname, pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid)) FROM pg_policy
       UNION ALL SELECT format('trg %s %s %s', tgrelid::regclass, tgname, tgenabled) FROM pg_trigger
       UNION ALL SELECT format('fn %s %s %s', oid::regprocedure, md5(prosrc), proacl) FROM pg_proc WHERE pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
       UNION ALL SELECT format('role %s %s %s %s %s', rolname, rolsuper, rolbypassrls, rolcanlogin, rolinherit) FROM pg_roles
       UNION ALL SELECT format('member %s %s', roleid, member) FROM pg_auth_members
       UNION ALL SELECT format('setting %s %s %s', setdatabase, setrole, setconfig) FROM pg_db_role_setting
       UNION ALL SELECT format('ns %s %s', nspname, nspacl) FROM pg_namespace
       UNION ALL SELECT format('default acl %s', defaclacl) FROM pg_default_acl
     ) lines`,
  );
  return rows[0]!.digest;
}
