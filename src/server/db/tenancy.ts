import { type SQL, sql } from 'drizzle-orm';
import { isGlobal } from './policies.ts';
import type { Db } from './types.ts';

/**
 * Tenant isolation, second line of defence (the first is every query filtering by the caller's
 * customers). Request work runs as APP_ROLE, which is neither superuser nor BYPASSRLS, with the
 * caller's scope in transaction-local settings that the policies below read.
 */
export const APP_ROLE = 'watchfloor_app';

/** The caller's reach, set per transaction. */
export interface Scope {
  partnerId: string;
  userId: string;
  /** Customers the caller may see: every customer of the partner for Global users. */
  customerIds: readonly string[];
  global: boolean;
}

/**
 * Columns request work may write but never read back: sealed credentials are opened only by jobs
 * and integrations' own calls on the system connection, so no query a request makes (a bug, an
 * injection) can carry them out. Select is granted column by column on the rest.
 */
export const WRITE_ONLY_COLUMNS: Record<string, readonly string[]> = {
  integrations: ['secrets'],
  agent_installers: ['enrolment_token'],
  escalations: ['ack_key'],
  terminal_certificates: ['secret_hash'],
  connector_credentials: ['secret_hash'],
  // The file and its link's key are read by the download route on the system connection only.
  log_exports: ['content', 'download_key_hash'],
};

/** Tables every signed-in user may read but not change. */
export const SHARED_READ_ONLY = ['threat_warning_list', 'cves'];

/**
 * Shared tables only staff (role level Global) may change, with who may read them: everyone, or
 * staff alone (feed addresses may carry a publisher's key).
 */
export const STAFF_WRITABLE: Record<string, 'everyone' | 'staff'> = {
  threat_indicators: 'everyone',
  threat_feeds: 'staff',
  // Administrators author platform updates; drafts are filtered out for everyone else by the queries.
  platform_updates: 'everyone',
};

/**
 * The log events of the caller's customers (`app.customer_ids`), for searches. It reads the table
 * with its owner's rights and applies the tenant predicate itself; nothing for a connection
 * without a scope.
 */
export const VISIBLE_LOG_EVENTS = 'log_events_visible';

/** Tables request work may add to but never read back: mail a change promises goes out with it. */
export const APPEND_ONLY = ['mail_outbox', 'user_invitations'];

/**
 * Job kinds request work may add (never read back), in the transaction of the change: a mail's
 * delivery job is queued with the mail (mail/outbox.ts); an alert event's workflow dispatch with the
 * alert change, and a re-run's first step with the re-run (areas/workflows). The rest of the job queue is the system's.
 */
export const REQUEST_ENQUEUED_JOBS = ['deliver-mail', 'workflow-dispatch', 'workflow-step'];

/**
 * Tables request work is granted nothing on: sign-in and the identity provider's store are the
 * system connection's (auth/, idp/), as are server settings; request work reads the job queue
 * only through the admin handlers on the system connection and adds only REQUEST_ENQUEUED_JOBS.
 */
export const NOT_GRANTED_TO_REQUESTS = [
  'user_identities',
  'sign_in_attempts',
  'idp_store',
  'server_settings',
  'jobs',
  'auth_epoch',
  // Which workflows triggers start changed: moved by the database's triggers, read by the dispatcher.
  'workflow_trigger_epoch',
  'integration_webhook_receipts',
  // The Graph pull's cursors and seen alert ids: the pull job alone reads and writes them.
  'integration_pull_cursors',
  'integration_pulled_alerts',
  // Which API process relays which agent's terminal: the relay reads and writes them, nothing else.
  'terminal_relay_nodes',
  'terminal_channels',
  // A live session's recording as it is written: the relay alone appends and gathers it.
  'terminal_recording_chunks',
];

/**
 * Creates the app role, grants it the tenant tables and (re)creates FORCE'd row-level security
 * policies: `policies` is db/tenant-policies.ts's TENANT_POLICIES (passed in: see there). Idempotent.
 */
export async function ensureTenancy(db: Db, policies: Readonly<Record<string, string>>): Promise<void> {
  await db.execute(
    sql.raw(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin nosuperuser nobypassrls;
      end if;
    exception when duplicate_object then null; end $$`),
  );
  // Request work switches to the app role (SET LOCAL ROLE), which a connecting user who is not a
  // superuser may only do as a member of it. Creating the role does not make its creator a member
  // (PostgreSQL 16+ gives the admin option only), so the server joins it; a role an administrator
  // created and granted already needs nothing here.
  await db.execute(
    sql.raw(`do $$ begin
      if not pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') then
        execute format('grant ${APP_ROLE} to %I', current_user);
      end if;
    end $$`),
  );
  await db.execute(sql.raw(`grant usage on schema public to ${APP_ROLE}`));
  await db.execute(sql.raw(`grant usage, select on all sequences in schema public to ${APP_ROLE}`));
  for (const [table, predicate] of Object.entries(policies)) {
    await grantTable(db, table);
    await db.execute(sql.raw(`alter table ${table} enable row level security`));
    await db.execute(sql.raw(`alter table ${table} force row level security`));
    await db.execute(sql.raw(`drop policy if exists tenant_isolation on ${table}`));
    // The system connection (migrations, seed, sign-in, jobs) reads and writes every row. A
    // superuser does anyway; a connecting user who is not one is held by FORCE like any other
    // role, so it gets a policy of its own.
    await db.execute(sql.raw(`drop policy if exists system_connection on ${table}`));
    await db.execute(
      sql.raw(
        `do $$ begin execute format('create policy system_connection on ${table} to %I using (true) with check (true)', current_user); end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create policy tenant_isolation on ${table} to ${APP_ROLE} using (${predicate}) with check (${predicate})`,
      ),
    );
  }
  // Searches read log events through this view (areas/logs/README.md, "Contains-searches under
  // row-level security"): the same predicate as the table's policy, applied by the view, so the
  // planner may use the trigram index for ILIKE, which it will not do under the policy.
  await db.execute(
    sql.raw(
      `create or replace view ${VISIBLE_LOG_EVENTS} as select * from log_events where ${policies.log_events}`,
    ),
  );
  await db.execute(sql.raw(`grant select on ${VISIBLE_LOG_EVENTS} to ${APP_ROLE}`));
  for (const table of SHARED_READ_ONLY) {
    await db.execute(sql.raw(`grant select on ${table} to ${APP_ROLE}`));
  }
  for (const [table, readers] of Object.entries(STAFF_WRITABLE)) {
    await db.execute(sql.raw(`grant select, insert, update, delete on ${table} to ${APP_ROLE}`));
    await db.execute(sql.raw(`alter table ${table} enable row level security`));
    await db.execute(sql.raw(`alter table ${table} force row level security`));
    for (const policy of ['system_connection', 'shared_read', 'staff_write'])
      await db.execute(sql.raw(`drop policy if exists ${policy} on ${table}`));
    await db.execute(
      sql.raw(
        `do $$ begin execute format('create policy system_connection on ${table} to %I using (true) with check (true)', current_user); end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create policy shared_read on ${table} for select to ${APP_ROLE} using (${readers === 'everyone' ? 'true' : isGlobal})`,
      ),
    );
    await db.execute(
      sql.raw(
        `create policy staff_write on ${table} for all to ${APP_ROLE} using (${isGlobal}) with check (${isGlobal})`,
      ),
    );
  }
  for (const table of APPEND_ONLY) {
    await db.execute(sql.raw(`grant insert on ${table} to ${APP_ROLE}`));
  }
  await allowRequestEnqueuedJobs(db);
}

/** Lets the app role add jobs of REQUEST_ENQUEUED_JOBS and nothing else: no other kind, no reading, no change. */
async function allowRequestEnqueuedJobs(db: Db): Promise<void> {
  const kinds = REQUEST_ENQUEUED_JOBS.map((kind) => `'${kind}'`).join(', ');
  await db.execute(sql.raw(`grant insert on jobs to ${APP_ROLE}`));
  await db.execute(sql.raw('alter table jobs enable row level security'));
  await db.execute(sql.raw('alter table jobs force row level security'));
  for (const policy of ['system_connection', 'request_enqueue'])
    await db.execute(sql.raw(`drop policy if exists ${policy} on jobs`));
  await db.execute(
    sql.raw(
      `do $$ begin execute format('create policy system_connection on jobs to %I using (true) with check (true)', current_user); end $$`,
    ),
  );
  await db.execute(
    sql.raw(
      `create policy request_enqueue on jobs for insert to ${APP_ROLE} with check (kind in (${kinds}))`,
    ),
  );
}

async function grantTable(db: Db, table: string): Promise<void> {
  const hidden = WRITE_ONLY_COLUMNS[table];
  if (!hidden) {
    await db.execute(sql.raw(`grant select, insert, update, delete on ${table} to ${APP_ROLE}`));
    return;
  }
  const columns = resultRows<{ column_name: string }>(
    await db.execute(
      sql`select column_name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
    ),
  )
    .map((row) => row.column_name)
    .filter((column) => !hidden.includes(column));
  // A table-wide select (granted before, or by hand) would reach every column: take it back first.
  await db.execute(sql.raw(`revoke select on ${table} from ${APP_ROLE}`));
  await db.execute(sql.raw(`grant insert, update, delete on ${table} to ${APP_ROLE}`));
  await db.execute(
    sql.raw(`grant select (${columns.map((c) => `"${c}"`).join(', ')}) on ${table} to ${APP_ROLE}`),
  );
}

/** Refuses to run when the role request work uses could bypass row-level security. */
export async function assertAppRoleCannotBypassRls(db: Db): Promise<void> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    const result = await tx.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
    );
    return resultRows<{ rolsuper: boolean; rolbypassrls: boolean }>(result);
  });
  const role = rows[0];
  if (!role || role.rolsuper || role.rolbypassrls) {
    throw new Error(`Refusing to start: role ${APP_ROLE} is missing or can bypass row-level security`);
  }
}

/**
 * The settings that put a transaction in the caller's scope: the role (as SET LOCAL ROLE), then
 * the caller's reach for the policies, as one expression. Requests are short and many: parallel
 * workers cost more to start than they save on a page of rows, take cores from other requests,
 * and their plans misjudge the policies' scope parameter. Selected as a transaction's first
 * statement (withScope), or within one it sends first anyway (a workflow step's lock); the
 * statement that selects it still runs as the connection's own role.
 */
export function scopeSettings(scope: Scope): SQL<string> {
  return sql<string>`set_config('role', ${APP_ROLE}, true)
      || set_config('max_parallel_workers_per_gather', '0', true)
      || set_config('app.partner_id', ${scope.partnerId}, true)
      || set_config('app.user_id', ${scope.userId}, true)
      || set_config('app.customer_ids', ${scope.customerIds.join(',')}, true)
      || set_config('app.global', ${scope.global ? 'on' : 'off'}, true)`;
}

/** Runs fn in a transaction as the app role, with the caller's scope visible to the RLS policies. */
export function withScope<T>(db: Db, scope: Scope, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${scopeSettings(scope)}`);
    return fn(tx as unknown as Db);
  });
}

/** node-postgres returns { rows }, PGlite returns { rows } too; drizzle's typing differs, so normalise here. */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
