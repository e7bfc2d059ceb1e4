import { type SQL, sql } from 'drizzle-orm';
import { resultRows, VISIBLE_LOG_EVENTS } from '../../db/tenancy.ts';
import type { Db } from '../../db/types.ts';

/**
 * The read-only look-ups the model may ask for, as SQL run in the caller's own transaction: the
 * same row-level security as every request narrows them to the caller's customers (and to the
 * customers the console had selected). Each is capped in rows by its caller (tools.ts).
 */
export type Row = Record<string, unknown>;

const rows = async (tx: Db, query: SQL) => resultRows<Row>(await tx.execute(query));
const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function findAlerts(tx: Db, a: { text?: string; status?: string; priority?: string }, limit: number) {
  return rows(
    tx,
    sql`select a.id, a.title, a.status, a.priority, a.host_name, c.name as customer_name, a.case_id,
          a.agent_id, a.created_at
        from alerts a join customers c on c.customer_id = a.customer_id
        where (${a.text ?? null}::text is null or a.title ilike ${like(a.text ?? '')} or a.host_name ilike ${like(a.text ?? '')})
          and (${a.status ?? null}::text is null or a.status = ${a.status ?? null})
          and (${a.priority ?? null}::text is null or a.priority = ${a.priority ?? null})
        order by a.created_at desc, a.id desc limit ${limit}`,
  );
}

export function getAlert(tx: Db, id: number) {
  return rows(
    tx,
    sql`select a.id, a.title, a.type, a.status, a.priority, a.severity, a.classification, a.risk_score,
          a.host_name, a.host_os, c.name as customer_name, a.case_id, a.agent_id, a.fields, a.created_at,
          a.updated_at
        from alerts a join customers c on c.customer_id = a.customer_id where a.id = ${id}`,
  );
}

export function findCases(tx: Db, a: { text?: string; status?: string }, limit: number) {
  return rows(
    tx,
    sql`select k.id, k.title, k.status, k.risk_score, c.name as customer_name, k.created_at, k.updated_at
        from cases k join customers c on c.customer_id = k.customer_id
        where (${a.text ?? null}::text is null or k.title ilike ${like(a.text ?? '')})
          and (${a.status ?? null}::text is null or k.status = ${a.status ?? null})
        order by k.updated_at desc, k.id desc limit ${limit}`,
  );
}

export function getCase(tx: Db, id: number, alertLimit: number) {
  return rows(
    tx,
    sql`select k.id, k.title, k.description, k.status, k.tags, k.risk_score, c.name as customer_name,
          k.created_at, k.updated_at,
          array(select a.id from alerts a where a.case_id = k.id order by a.id limit ${alertLimit}) as alert_ids
        from cases k join customers c on c.customer_id = k.customer_id where k.id = ${id}`,
  );
}

export function findAgents(tx: Db, a: { text?: string }, limit: number) {
  return rows(
    tx,
    sql`select g.agent_id, g.host_name, g.platform, g.version, g.ip, g.is_isolated, g.health,
          g.heartbeat_at, c.name as customer_name
        from agents g join customers c on c.customer_id = g.customer_id
        where (${a.text ?? null}::text is null or g.host_name ilike ${like(a.text ?? '')} or g.ip = ${a.text ?? null})
        order by g.host_name, g.agent_id limit ${limit}`,
  );
}

export function searchLogs(tx: Db, a: { text: string; hours: number }, limit: number) {
  return rows(
    tx,
    sql`select e.time, e.source, e.host, host(e.src_ip) as src_ip, host(e.dst_ip) as dst_ip, e.user_name,
          e.severity, e.message
        from ${sql.raw(VISIBLE_LOG_EVENTS)} e
        where e.time >= now() - make_interval(hours => ${a.hours})
          and (e.message ilike ${like(a.text)} or e.host ilike ${like(a.text)} or e.user_name ilike ${like(a.text)})
        order by e.time desc limit ${limit}`,
  );
}

export function lookupThreat(tx: Db, value: string) {
  return rows(
    tx,
    sql`select kind, value, risk, det as verdict, threat_categories, malware_group, source, last_seen
        from threat_indicators
        where lower(value) = lower(${value}) and (expires_at is null or expires_at > now()) limit 5`,
  );
}

export function vulnerabilitySummary(tx: Db, limit: number) {
  return rows(
    tx,
    sql`select v.kind, coalesce(v.severity, 'unknown') as severity, v.title, count(distinct v.agent_id)::int as agents
        from agent_vulnerabilities v
        group by 1, 2, 3
        order by case coalesce(v.severity, 'unknown') when 'critical' then 0 when 'high' then 1
          when 'medium' then 2 when 'low' then 3 else 4 end, 4 desc, 3 limit ${limit}`,
  );
}

export async function dashboardFigures(tx: Db, days: number): Promise<Row[]> {
  const [figures] = await rows(
    tx,
    sql`select
          (select count(*)::int from alerts where created_at >= now() - make_interval(days => ${days})) as alerts,
          (select coalesce(jsonb_object_agg(status, n), '{}') from (select status, count(*)::int n from alerts
            where created_at >= now() - make_interval(days => ${days}) group by status) s) as alerts_by_status,
          (select coalesce(jsonb_object_agg(priority, n), '{}') from (select priority, count(*)::int n from alerts
            where created_at >= now() - make_interval(days => ${days}) group by priority) p) as alerts_by_priority,
          (select count(*)::int from cases where status not in ('closed', 'resolved')) as open_cases,
          (select count(*)::int from agents) as agents,
          (select count(*)::int from agents where is_isolated) as isolated_agents`,
  );
  return figures ? [{ days, ...figures }] : [];
}

/** Which of the cited ids the caller may see (the panel links only those). */
export async function visibleIds(
  tx: Db,
  cited: { alert: number[]; case: number[]; agent: string[] },
): Promise<{ alert: Set<string>; case: Set<string>; agent: Set<string> }> {
  const ints = (ids: number[]) => `{${ids.join(',')}}`;
  const alerts = cited.alert.length
    ? await rows(tx, sql`select id::text as id from alerts where id = any(${ints(cited.alert)}::bigint[])`)
    : [];
  const cases = cited.case.length
    ? await rows(tx, sql`select id::text as id from cases where id = any(${ints(cited.case)}::bigint[])`)
    : [];
  const agents = cited.agent.length
    ? await rows(
        tx,
        sql`select agent_id::text as id from agents where agent_id = any(${`{${cited.agent.join(',')}}`}::uuid[])`,
      )
    : [];
  const ids = (list: Row[]) => new Set(list.map((r) => String(r.id)));
  return { alert: ids(alerts), case: ids(cases), agent: ids(agents) };
}
