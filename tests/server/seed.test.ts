import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/common/permissions.ts';
import { PRIORITIES, STATUSES } from '../../src/common/statuses.ts';
import { PROVISIONING_ROBOT_SUFFIX } from '../../src/server/areas/users/index.ts';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import type { Database } from '../../src/server/db/client.ts';
import { partners } from '../../src/server/db/schema/index.ts';
import { fingerprint, NOW, PASSWORD, rows, seeded } from './seed/helpers.ts';

describe('seedDemoData', () => {
  let one: Database;
  let again: Database;
  let other: Database;

  beforeAll(async () => {
    [one, again, other] = await Promise.all([seeded(1), seeded(1), seeded(2)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.close(), again?.close(), other?.close()]);
  });

  it('is deterministic: the same seed gives the same alerts and hosts, another seed different ones', async () => {
    const a = await fingerprint(one);
    expect(a.titles).toHaveLength(300);
    expect(await fingerprint(again)).toEqual(a);
    const b = await fingerprint(other);
    expect(b.titles).not.toEqual(a.titles);
    expect(b.agents).not.toEqual(a.agents);
  });

  it('has every status and every priority, with risk scores that agree with priority', async () => {
    const statuses = await rows<{ status: string }>(one, sql`select distinct status from alerts`);
    expect(statuses.map((s) => s.status).sort()).toEqual(STATUSES.map((s) => s.key).sort());
    const priorities = await rows<{ priority: string; low: number; high: number }>(
      one,
      sql`select priority, min(risk_score) as low, max(risk_score) as high from alerts group by priority`,
    );
    expect(priorities.map((p) => p.priority).sort()).toEqual([...PRIORITIES].sort());
    const critical = priorities.find((p) => p.priority === 'critical')!;
    const low = priorities.find((p) => p.priority === 'low')!;
    expect(critical.low).toBeGreaterThan(low.high);
  });

  it('spreads alerts over the last 90 days with updated_at never before created_at', async () => {
    const [span] = await rows<{ oldest: string; newest: string; backwards: number }>(
      one,
      sql`select min(created_at) as oldest, max(created_at) as newest,
                 count(*) filter (where updated_at < created_at)::int as backwards from alerts`,
    );
    expect(new Date(span!.oldest).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 91 * 86_400_000);
    expect(new Date(span!.newest).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(span!.backwards).toBe(0);
    const distinct = await rows<{ n: number }>(one, sql`select count(distinct type)::int as n from alerts`);
    expect(distinct[0]!.n).toBeGreaterThan(5);
  });

  it('creates Acme Corp and exactly one customer without a subscription', async () => {
    const customers = await rows<{
      name: string;
      has_subscription: boolean;
      phone: string;
      country_iso: string;
    }>(one, sql`select name, has_subscription, phone, country_iso from customers`);
    expect(customers).toHaveLength(6);
    expect(customers.find((c) => c.name === 'Acme Corp')?.has_subscription).toBe(true);
    expect(customers.filter((c) => !c.has_subscription)).toHaveLength(1);
    for (const c of customers) {
      expect(c.phone).toMatch(/^\+[1-9]\d{1,14}$/);
      expect(c.country_iso).toMatch(/^[A-Z]{2}$/);
    }
    const [partner] = await one.db.select().from(partners);
    expect(partner).toMatchObject({
      name: 'Watchfloor Demo MSSP',
      createdSource: null,
      data: { aviator_enabled: false },
    });
  });

  it('creates the fixed demo accounts with the right roles, permissions and password', async () => {
    type User = {
      email: string;
      role_level: string;
      is_admin: boolean;
      is_provisioning: boolean;
      permissions: string[];
      valid_customer_ids: string[];
      password_hash: string;
    };
    const users = await rows<User>(one, sql`select * from users`);
    const by = (email: string) => users.find((u) => u.email === email)!;
    const [acme] = await rows<{ customer_id: string }>(
      one,
      sql`select customer_id from customers where name = 'Acme Corp'`,
    );

    expect(by('admin@watchfloor.example')).toMatchObject({ role_level: 'Global', is_admin: true });
    expect([...by('admin@watchfloor.example').permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(by('analyst@watchfloor.example')).toMatchObject({ role_level: 'Global', is_admin: false });
    expect([...by('analyst@watchfloor.example').permissions].sort()).toEqual([
      'global_user',
      'modify_all',
      'read_all',
    ]);
    const customerUser = by('user@acme.example');
    expect(customerUser.role_level).toBe('Customer');
    expect(customerUser.valid_customer_ids).toEqual([acme!.customer_id]);
    expect(customerUser.permissions).not.toContain('global_user');
    // The customer administrator of spec 6: role level Customer with modify_all, Acme only.
    const customerAdmin = by('admin@acme.example');
    expect(customerAdmin).toMatchObject({ role_level: 'Customer', is_admin: false });
    expect(customerAdmin.valid_customer_ids).toEqual([acme!.customer_id]);
    expect([...customerAdmin.permissions].sort()).toEqual(['modify_all', 'read_all']);

    const robots = users.filter((u) => u.email.endsWith(PROVISIONING_ROBOT_SUFFIX));
    expect(robots).toHaveLength(1);
    expect(robots[0]!.is_provisioning).toBe(true);
    expect(users.length).toBeGreaterThan(8);
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1);
    expect(await verifyPassword(PASSWORD, customerUser.password_hash)).toBe(true);
    expect(await verifyPassword('wrong', customerUser.password_hash)).toBe(false);
  });

  it('links cases only to alerts of their own customer, and every case has alerts', async () => {
    const [check] = await rows<{ cases: number; foreign: number; empty: number }>(
      one,
      sql`select
        (select count(*)::int from cases) as cases,
        (select count(*)::int from alerts a join cases c on c.id = a.case_id where a.customer_id <> c.customer_id) as foreign,
        (select count(*)::int from cases c where not exists (select 1 from alerts a where a.case_id = c.id)) as empty`,
    );
    expect(check!.cases).toBeGreaterThanOrEqual(5);
    expect(check!.foreign).toBe(0);
    expect(check!.empty).toBe(0);
  });

  it("names only hosts that are agents of the alert's own customer", async () => {
    const [check] = await rows<{ with_host: number; orphans: number }>(
      one,
      sql`select count(*) filter (where host_name is not null)::int as with_host,
        count(*) filter (where host_name is not null and not exists (
          select 1 from agents g where g.customer_id = a.customer_id and g.host_name = a.host_name))::int as orphans
        from alerts a`,
    );
    expect(check!.with_host).toBeGreaterThan(100);
    expect(check!.orphans).toBe(0);
  });

  it('links every alert that names a host to that agent of its own customer, and no other alert', async () => {
    const [check] = await rows<{ linked: number; unlinked: number; wrong: number; stray: number }>(
      one,
      sql`select
        count(*) filter (where a.host_name is not null and a.agent_id is not null)::int as linked,
        count(*) filter (where a.host_name is not null and a.agent_id is null)::int as unlinked,
        count(*) filter (where a.agent_id is not null and not exists (
          select 1 from agents g where g.agent_id = a.agent_id and g.customer_id = a.customer_id
            and g.host_name = a.host_name))::int as wrong,
        count(*) filter (where a.host_name is null and a.agent_id is not null)::int as stray
        from alerts a`,
    );
    expect(check!.linked).toBeGreaterThan(100);
    expect(check!.unlinked).toBe(0);
    expect(check!.wrong).toBe(0);
    expect(check!.stray).toBe(0);
  });

  it('has platform updates of every category and threat indicators that alerts refer to', async () => {
    const categories = await rows<{ category: string }>(
      one,
      sql`select distinct category from platform_updates`,
    );
    expect(categories).toHaveLength(6);
    const [counts] = await rows<{ updates: number; bad: number; good: number; referenced: number }>(
      one,
      sql`select
        (select count(*)::int from platform_updates) as updates,
        (select count(*)::int from threat_indicators where det = 'B' and risk between 60 and 100) as bad,
        (select count(*)::int from threat_indicators where det = 'G') as good,
        (select count(distinct t.value)::int from alerts a join threat_indicators t on t.value in (
          a.fields->>'source_ip', a.fields->>'destination_ip', a.fields->>'file_sha256', a.fields->>'query')) as referenced`,
    );
    expect(counts!.updates).toBeGreaterThanOrEqual(12);
    expect(counts!.bad + counts!.good).toBeGreaterThanOrEqual(40);
    expect(counts!.good).toBeGreaterThan(0);
    expect(counts!.referenced).toBeGreaterThan(5);
  });

  it('has integrations with a tenant per customer, and alerts point at the one of their source', async () => {
    const [check] = await rows<{
      integrations: number;
      mappings: number;
      linked: number;
      wrong: number;
      unlinked: number;
    }>(
      one,
      sql`select
        (select count(*)::int from integrations) as integrations,
        (select count(*)::int from integration_mappings) as mappings,
        (select count(*)::int from alerts where integration_id is not null) as linked,
        (select count(*)::int from alerts a join integrations i on i.id = a.integration_id
          where i.kind <> case a.external_source when 'Microsoft Defender' then 'microsoft_defender'
            when 'Entra ID' then 'entra_id' when 'O365' then 'microsoft_365' when 'Webroot' then 'webroot'
            when 'Acronis EDR' then 'acronis_edr' when 'Email Security' then 'email_security' end) as wrong,
        (select count(*)::int from alerts where integration_id is null
          and external_source not in ('Sysmon', 'Syslog')) as unlinked`,
    );
    expect(check!.integrations).toBe(6);
    expect(check!.mappings).toBe(6 * 6);
    expect(check!.linked).toBeGreaterThan(100);
    expect(check!.wrong).toBe(0);
    expect(check!.unlinked).toBe(0);
  });

  it('has detections, comments (some private, some by customer users), mutes of every state and rules', async () => {
    const [check] = await rows<{
      detections: number;
      bad_detections: number;
      alert_comments: number;
      case_comments: number;
      private_comments: number;
      private_by_customer: number;
      by_customer: number;
      rules_min: number;
      rules_max: number;
    }>(
      one,
      sql`select
        (select count(*)::int from detections) as detections,
        (select count(*)::int from (select alert_id from detections group by alert_id having count(*) > 5) x) as bad_detections,
        (select count(*)::int from discussions where entity = 'alert') as alert_comments,
        (select count(*)::int from discussions where entity = 'case') as case_comments,
        (select count(*)::int from discussions where private) as private_comments,
        (select count(*)::int from discussions d join users u on u.contact_id = d.author_id
          where d.private and u.role_level <> 'Global') as private_by_customer,
        (select count(*)::int from discussions d join users u on u.contact_id = d.author_id
          where u.role_level = 'Customer') as by_customer,
        (select min(n)::int from (select count(*) as n from alert_rules group by customer_id) r) as rules_min,
        (select max(n)::int from (select count(*) as n from alert_rules group by customer_id) r) as rules_max`,
    );
    expect(check!.detections).toBeGreaterThan(20);
    expect(check!.bad_detections).toBe(0);
    expect(check!.alert_comments).toBeGreaterThan(5);
    expect(check!.case_comments).toBeGreaterThan(0);
    expect(check!.private_comments).toBeGreaterThan(0);
    expect(check!.private_by_customer).toBe(0);
    expect(check!.by_customer).toBeGreaterThan(0);
    expect(check!.rules_min).toBeGreaterThanOrEqual(10);
    expect(check!.rules_max).toBeLessThanOrEqual(20);

    const mutes = await rows<{ state: string; expires_at: string | null }>(
      one,
      sql`select state, expires_at from mutes`,
    );
    expect(new Set(mutes.map((m) => m.state))).toEqual(new Set(['active', 'inactive', 'expired']));
    for (const m of mutes) {
      if (m.state === 'expired') expect(new Date(m.expires_at!).getTime()).toBeLessThan(NOW.getTime());
      if (m.state === 'active' && m.expires_at)
        expect(new Date(m.expires_at).getTime()).toBeGreaterThan(NOW.getTime());
    }
  });

  it("records status activity that leads to each alert's status, within its lifetime", async () => {
    const [check] = await rows<{
      touched: number;
      missing: number;
      mismatched: number;
      outside: number;
      untouched: number;
    }>(
      one,
      sql`with last as (
          select distinct on (alert_id) alert_id, after #>> '{}' as status from alert_activity
          where action = 'updated' and field = 'status' order by alert_id, at desc, id desc)
        select
          (select count(*)::int from alerts where status not in ('new', 'preview', 'muted')) as touched,
          (select count(*)::int from alerts a where a.status not in ('new', 'preview', 'muted')
            and not exists (select 1 from last l where l.alert_id = a.id)) as missing,
          (select count(*)::int from alerts a join last l on l.alert_id = a.id where l.status <> a.status) as mismatched,
          (select count(*)::int from alert_activity v join alerts a on a.id = v.alert_id
            where v.action = 'updated' and (v.at < a.created_at or v.at > a.updated_at)) as outside,
          (select count(*)::int from alert_activity v join alerts a on a.id = v.alert_id
            where v.action = 'updated' and a.status in ('new', 'preview')) as untouched`,
    );
    expect(check!.touched).toBeGreaterThan(100);
    expect(check!.missing).toBe(0);
    expect(check!.mismatched).toBe(0);
    expect(check!.outside).toBe(0);
    expect(check!.untouched).toBe(0);
    const [classified] = await rows<{ missing: number }>(
      one,
      sql`select count(*)::int as missing from alerts a where a.classification is not null and not exists (
        select 1 from alert_activity v where v.alert_id = a.id and v.field = 'classification'
          and v.after #>> '{}' = a.classification)`,
    );
    expect(classified!.missing).toBe(0);
  });

  it("has the administrator's report with sections and a recorded terminal session, its certificate since expired", async () => {
    const reports = await rows<{ owner: string; scope: string; kinds: string[] }>(
      one,
      sql`select u.email as owner, r.scope,
        array(select c->>'section' from jsonb_array_elements(r.document->'components') c
          where c->>'type' = 'section') as kinds
        from reports r join users u on u.contact_id = r.owner_id`,
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ owner: 'admin@watchfloor.example', scope: 'global' });
    expect(reports[0]!.kinds).toEqual(expect.arrayContaining(['kpis', 'alerts_over_time', 'agent_health']));

    const sessions = await rows<{
      email: string;
      terminal: boolean;
      same_customer: boolean;
      host_matches: boolean;
      within_certificate: boolean;
      expired: boolean;
      recording: string;
      bytes: number;
    }>(
      one,
      sql`select s.email, a.terminal_enabled as terminal, a.customer_id = s.customer_id as same_customer,
        a.host_name = s.host_name as host_matches,
        s.started_at between c.created_at and c.expires_at as within_certificate,
        c.expires_at < ${NOW.toISOString()}::timestamptz as expired, s.recording, s.recording_bytes as bytes
        from terminal_sessions s join agents a on a.agent_id = s.agent_id
        join terminal_certificates c on c.certificate_id = s.certificate_id`,
    );
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toMatchObject({
      email: 'admin@watchfloor.example',
      terminal: true,
      same_customer: true,
      host_matches: true,
      within_certificate: true,
      expired: true,
    });
    const [header, ...events] = session!.recording
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({ version: 2, width: 120, height: 32 });
    expect(events.every(([seconds, code]) => typeof seconds === 'number' && ['i', 'o'].includes(code))).toBe(
      true,
    );
    expect(session!.bytes).toBe(Buffer.byteLength(session!.recording));
  });
});
