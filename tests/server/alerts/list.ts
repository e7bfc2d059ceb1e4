import { beforeAll, describe, expect, it } from 'vitest';
import { alertRules, cases } from '../../../src/server/db/schema/index.ts';
import type { TestApp } from '../../helpers/app.ts';
import { type AlertsContext, insertAlerts, type NewAlertRow } from './helpers.ts';

interface Summary {
  id: number;
  title: string;
  priority: string;
  host_name: string | null;
  customer_id: string;
}
interface Page {
  alerts: Summary[];
  total: number;
  search_after: string | null;
}

const PRIORITIES = ['low', 'critical', 'medium', 'high'] as const;
const STATUSES = ['new', 'open', 'closed', 'escalated'] as const;

/** Registers the alert list tests on the shared app of the enclosing backend. */
export function listSuite(ctx: AlertsContext) {
  describe('alert list', () => {
    let t: TestApp;
    let acmeCase: number;
    let globexCase: number;
    const acmeIds: number[] = [];

    beforeAll(async () => {
      t = ctx.t;
      const { acme, globex } = t.fixtures;
      const [a, g] = await t.database.db
        .insert(cases)
        .values([
          { customerId: acme.customerId, title: 'Acme case' },
          { customerId: globex.customerId, title: 'Globex case' },
        ])
        .returning();
      acmeCase = a!.id;
      globexCase = g!.id;
      // 40 acme alerts; several share a timestamp so the id tiebreaker matters; every 5th has no host.
      const base = Date.parse('2025-03-01T10:00:00.000Z');
      const rows: NewAlertRow[] = Array.from({ length: 40 }, (_, i) => ({
        customerId: acme.customerId,
        title: i === 0 ? 'Suspicious PowerShell on ACME-WS-01' : `Acme alert ${String(i).padStart(2, '0')}`,
        type: i % 2 ? 'execution' : 'phishing',
        status: STATUSES[i % 4]!,
        priority: PRIORITIES[i % 4]!,
        hostName: i % 5 === 0 ? null : `ACME-WS-${i % 3}`,
        externalSource: i % 2 ? 'Microsoft Defender' : 'Mimecast',
        caseId: i < 6 ? acmeCase : null,
        assignedUsers: i % 7 === 0 ? ['analyst@test.example'] : [],
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      }));
      const inserted = await insertAlerts(t, rows);
      acmeIds.push(...inserted.map((r) => r.id));
      await insertAlerts(t, [
        {
          customerId: globex.customerId,
          title: 'Globex secret ransomware',
          type: 'ransomware',
          priority: 'critical',
          caseId: globexCase,
        },
        {
          customerId: globex.customerId,
          title: 'Globex PowerShell',
          type: 'execution',
          priority: 'high',
          hostName: 'GLOBEX-01',
        },
      ]);
      await t.database.db.insert(alertRules).values([
        { customerId: acme.customerId, name: 'Acme rule' },
        { customerId: globex.customerId, name: 'Globex rule' },
      ]);
    });

    const list = async (query: string, user = t.fixtures.analyst) => {
      const response = await t.as(user, { url: `/api/alerts/v1/alerts/?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };

    /** Follows search_after until the last page and returns every id seen. */
    const allPages = async (query: string, batch: number) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 100; guard++) {
        const page: Page = await list(
          `${query}&batch_size=${batch}${cursor ? `&search_after=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.alerts.map((a) => a.id));
        cursor = page.search_after;
        if (!cursor) break;
      }
      return seen;
    };

    describe('listAlerts', () => {
      it('requires sign-in', async () => {
        const response = await t.as(null, { url: '/api/alerts/v1/alerts/' });
        expect(response.statusCode).toBe(401);
      });

      it.each([
        ['batch_size=0', 'querystring.batch_size'],
        ['batch_size=10001', 'querystring.batch_size'],
        ['sort=risk', 'querystring.sort'],
        ['order=up', 'querystring.order'],
        ['statuses=bogus', 'querystring.statuses[0]'],
        ['priorities=urgent', 'querystring.priorities[0]'],
        ['days=5', 'querystring.days'],
        ['case=maybe', 'querystring.case'],
        ['case_id=abc', 'querystring.case_id'],
        ['from=yesterday', 'querystring.from'],
        ['customer_ids=not-a-uuid', 'querystring.customer_ids[0]'],
        ['assigned_to=nobody', 'querystring.assigned_to'],
        ['search_after=garbage', 'querystring.search_after'],
        ['days=7&from=2025-01-01T00:00:00Z', 'querystring.days'],
        ['from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z', 'querystring.to'],
      ])('rejects %s with 400 naming the field', async (query, field) => {
        const response = await t.as(t.fixtures.analyst, { url: `/api/alerts/v1/alerts/?${query}` });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      });

      it('refuses a cursor made for another sort', async () => {
        const first = await list('sort=id&batch_size=5');
        const response = await t.as(t.fixtures.analyst, {
          url: `/api/alerts/v1/alerts/?sort=title&batch_size=5&search_after=${first.search_after}`,
        });
        expect(response.statusCode).toBe(400);
      });

      it.each([
        ['an impossible date', ['@timestamp', 'desc', '2025-02-30 10:00:00+00', 5]],
        ['a NUL character', ['title', 'desc', 'a\u0000b', 5]],
        ['a rank out of range', ['priority', 'desc', '99999999999', 5]],
        ['a negative id', ['id', 'desc', '1', -1]],
      ])('refuses a hand-made cursor with %s with 400, never 500', async (_, parts) => {
        const [sort, order] = parts as [string, string];
        const cursor = Buffer.from(JSON.stringify(parts)).toString('base64url');
        const response = await t.as(t.fixtures.analyst, {
          url: `/api/alerts/v1/alerts/?sort=${encodeURIComponent(sort)}&order=${order}&search_after=${cursor}`,
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.details[0].field).toBe('querystring.search_after');
      });

      it('shows a customer user only their customer, even when they ask for another', async () => {
        const own = await list('batch_size=100', t.fixtures.acmeUser);
        expect(own.total).toBe(40);
        expect(own.alerts.every((a) => a.customer_id === t.fixtures.acme.customerId)).toBe(true);
        const asked = await list(`customer_ids=${t.fixtures.globex.customerId}`, t.fixtures.acmeUser);
        expect(asked).toEqual({
          alerts: [],
          total: 0,
          total_exact: true,
          search_after: null,
          as_of: expect.any(String),
        });
        const byCase = await list(`case_id=${globexCase}`, t.fixtures.acmeUser);
        expect(byCase.total).toBe(0);
        const byQuery = await list('query=globex', t.fixtures.acmeUser);
        expect(byQuery.total).toBe(0);
      });

      it('lists every customer for staff, newest first by default', async () => {
        const page = await list('batch_size=5');
        expect(page.total).toBe(42);
        expect(page.alerts).toHaveLength(5);
        expect(page.search_after).toEqual(expect.any(String));
      });

      it('filters by title case-insensitively, as the omnibox opens it', async () => {
        const page = await list('title=powershell');
        expect(page.alerts.map((a) => a.title).sort()).toEqual([
          'Globex PowerShell',
          'Suspicious PowerShell on ACME-WS-01',
        ]);
        expect((await list('title=100%25')).total).toBe(0);
      });

      it('filters by free text over host, type and source, and by id', async () => {
        expect((await list('query=acme-ws-1')).total).toBe(
          new Set(acmeIds.filter((_, i) => i % 5 !== 0 && i % 3 === 1)).size,
        );
        expect((await list('query=mimecast')).total).toBe(20);
        const byId = await list(`query=${acmeIds[7]}`);
        expect(byId.alerts.map((a) => a.id)).toContain(acmeIds[7]);
      });

      it('filters by status, priority, case and assignee', async () => {
        expect((await list('statuses=new&statuses=open')).total).toBe(20 + 1 + 1);
        expect((await list(`priorities=critical&customer_ids=${t.fixtures.acme.customerId}`)).total).toBe(10);
        expect((await list('case=assigned')).total).toBe(7);
        expect((await list('case=none')).total).toBe(35);
        expect((await list(`case_id=${acmeCase}`)).total).toBe(6);
        expect((await list('assigned_to=ANALYST@test.example')).total).toBe(6);
        expect((await list('assigned_to=me')).total).toBe(6);
        expect((await list('assigned_to=me', t.fixtures.acmeUser)).total).toBe(0);
      });

      it('filters by date window and days', async () => {
        expect((await list('from=2025-03-01T10:00:00Z&to=2025-03-01T10:02:00Z')).total).toBe(6);
        expect((await list('days=-1')).total).toBe(42);
        // The acme alerts are from 2025; the globex ones were created now.
        expect((await list('days=1')).total).toBe(2);
      });

      it('sorts priority by rank, not alphabetically', async () => {
        const desc = await list(
          `sort=priority&order=desc&batch_size=100&customer_ids=${t.fixtures.acme.customerId}`,
        );
        const ranks = desc.alerts.map((a) => ['low', 'medium', 'high', 'critical'].indexOf(a.priority));
        expect(ranks).toEqual([...ranks].sort((x, y) => y - x));
        expect(desc.alerts[0]!.priority).toBe('critical');
        const asc = await list('sort=priority&order=asc&batch_size=1');
        expect(asc.alerts[0]!.priority).toBe('low');
      });

      it.each([
        '@timestamp',
        'priority',
        'host_name',
        'case_id',
        'title',
        'assigned_users',
        'updated_at',
        'id',
      ])('keyset paging by %s returns every row exactly once, in both orders', async (sort) => {
        for (const order of ['asc', 'desc']) {
          const seen = await allPages(`sort=${sort}&order=${order}`, 10);
          expect(seen).toHaveLength(42);
          expect(new Set(seen).size).toBe(42);
          const single = await list(`sort=${sort}&order=${order}&batch_size=100`);
          expect(seen).toEqual(single.alerts.map((a) => a.id));
        }
      });

      it('combines offset with the cursor', async () => {
        const first = await list('sort=id&order=asc&batch_size=5');
        const next = await list(`sort=id&order=asc&batch_size=5&offset=5&search_after=${first.search_after}`);
        const everything = await list('sort=id&order=asc&batch_size=100');
        expect(next.alerts.map((a) => a.id)).toEqual(everything.alerts.slice(10, 15).map((a) => a.id));
      });
    });

    describe('aggregateAlerts', () => {
      it('requires sign-in', async () => {
        expect(
          (await t.as(null, { url: '/api/alerts/v1/alerts/aggregate/status/priority' })).statusCode,
        ).toBe(401);
      });

      it('rejects a column outside the whitelist with 400', async () => {
        const response = await t.as(t.fixtures.analyst, {
          url: '/api/alerts/v1/alerts/aggregate/status/title',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.details[0].field).toBe('params.b');
      });

      it('counts only the caller’s customers', async () => {
        const response = await t.as(t.fixtures.acmeUser, {
          url: `/api/alerts/v1/alerts/aggregate/customer_id/type?customer_ids=${t.fixtures.globex.customerId}`,
        });
        expect(response.json()).toEqual({ buckets: [] });
      });

      it('counts per pair of values, largest first, with the list’s filters', async () => {
        const response = await t.as(t.fixtures.analyst, {
          url: `/api/alerts/v1/alerts/aggregate/status/type?customer_ids=${t.fixtures.acme.customerId}`,
        });
        const { buckets } = response.json() as { buckets: { a: string; b: string; count: number }[] };
        expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(40);
        expect(buckets).toContainEqual({ a: 'new', b: 'phishing', count: 10 });
        const counts = buckets.map((b) => b.count);
        expect(counts).toEqual([...counts].sort((x, y) => y - x));
        const hosts = await t.as(t.fixtures.analyst, {
          url: '/api/alerts/v1/alerts/aggregate/host_name/host_name?priorities=critical',
        });
        expect(hosts.json().buckets).toContainEqual({ a: null, b: null, count: 3 });
      });
    });

    describe('listAlertRules', () => {
      it('requires sign-in', async () => {
        expect((await t.as(null, { url: '/api/alerts/v1/rules/' })).statusCode).toBe(401);
      });

      it('rejects a page larger than 1000 with 400', async () => {
        const response = await t.as(t.fixtures.analyst, { url: '/api/alerts/v1/rules/?batch_size=1001' });
        expect(response.statusCode).toBe(400);
      });

      it('lists only the caller’s customers’ rules', async () => {
        const own = await t.as(t.fixtures.acmeUser, { url: '/api/alerts/v1/rules/' });
        expect(own.json().rules.map((r: { name: string }) => r.name)).toEqual(['Acme rule']);
        const all = await t.as(t.fixtures.analyst, { url: '/api/alerts/v1/rules/?offset=1' });
        expect(all.json().rules.map((r: { name: string }) => r.name)).toEqual(['Globex rule']);
      });
    });
  });
}
