import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe.each(backends())('log search on %s', (backend) => {
  const c = logsContext(backend);
  let seeded = false;

  /** Acme and Globex events, several sources, in the last hour and a day ago. */
  const seed = async () => {
    if (seeded) return;
    seeded = true;
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId, 'windows');
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId, 'windows');
    const acmeEvents = [
      {
        '@timestamp': minutesAgo(1),
        host: 'ACME-DC-01',
        user: 'j.smith',
        EventID: 4625,
        level: 'warning',
        message: 'An account failed to log on.',
        src_ip: '10.0.0.5',
        LogonType: 3,
      },
      {
        '@timestamp': minutesAgo(2),
        host: 'ACME-DC-01',
        user: 'a.jones',
        EventID: 4624,
        level: 'info',
        message: 'An account was successfully logged on.',
        src_ip: '10.0.0.6',
        LogonType: 2,
      },
      {
        '@timestamp': minutesAgo(3),
        host: 'ACME-WS-07',
        user: 'j.smith',
        EventID: 4625,
        level: 'warning',
        message: 'An account failed to log on.',
        src_ip: '10.0.0.5',
      },
      {
        '@timestamp': minutesAgo(4),
        host: 'ACME-FW',
        source: 'firewall',
        message: 'Deny tcp 203.0.113.9 -> 10.0.0.5:445',
        src_ip: '203.0.113.9',
        action: 'deny',
      },
      {
        '@timestamp': minutesAgo(30),
        host: 'ACME-DC-01',
        user: 'svc_backup',
        EventID: 4624,
        level: 'info',
        message: 'Half an hour ago',
      },
      {
        '@timestamp': minutesAgo(24 * 60),
        host: 'ACME-DC-01',
        user: 'j.smith',
        EventID: 4625,
        message: 'Yesterday failed to log on',
      },
    ];
    const globexEvents = [
      {
        '@timestamp': minutesAgo(1),
        host: 'GLOBEX-DC',
        user: 'j.smith',
        EventID: 4625,
        level: 'warning',
        message: 'An account failed to log on.',
        src_ip: '10.9.9.9',
      },
      {
        '@timestamp': minutesAgo(2),
        host: 'GLOBEX-DC',
        user: 'h.simpson',
        EventID: 4625,
        level: 'warning',
        message: 'Globex secret failed',
        src_ip: '10.9.9.9',
      },
    ];
    expect((await c.ingest(acme, acmeEvents)).statusCode).toBe(200);
    expect((await c.ingest(globex, globexEvents)).statusCode).toBe(200);
  };

  const start = async (user: User, search: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    await seed();
    return c.t.as(user, { method: 'POST', url: '/api/search/v1/search/', payload: { search, ...extra } });
  };
  const run = async (user: User, search: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const started = await start(user, search, extra);
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    await c.runSearches();
    const page = await c.t.as(user, { url: `/api/search/v1/search/${id}?size=50` });
    expect(page.statusCode, page.body).toBe(200);
    return { id, mode: started.json().mode, ...page.json() };
  };
  const acmeUser = () => c.t.fixtures.acmeUser;
  const messages = (r: { results: { message: string }[] }) => r.results.map((e) => e.message);
  const hosts = (r: { results: { host: string }[] }) => r.results.map((e) => e.host);

  it('partial keyword: every word anywhere in the event, any case; default period 15 minutes', async () => {
    const r = await run(acmeUser(), { search_term: 'FAIL smi' });
    expect(r.mode).toBe('keyword');
    expect(hosts(r)).toEqual(['ACME-DC-01', 'ACME-WS-07']);
    expect(r.total).toBe(2);
    const period = new Date(r.period.to).getTime() - new Date(r.period.from).getTime();
    expect(period).toBe(15 * 60_000);
  });

  it('exact: a quoted phrase, case-sensitive', async () => {
    const exact = await run(acmeUser(), { search_term: '"account failed"' });
    expect(exact.mode).toBe('exact');
    expect(exact.total).toBe(2);
    expect((await run(acmeUser(), { search_term: '"ACCOUNT FAILED"' })).total).toBe(0);
  });

  it('Lucene: fields, boolean operators, groups, negation, wildcards, ranges, _exists_', async () => {
    const cases: [string, string[]][] = [
      ['host:ACME-DC-01 AND event_id:4625', ['ACME-DC-01']],
      ['event_id:4624 OR source:firewall', ['ACME-DC-01', 'ACME-FW']],
      ['user:j.smith NOT host:ACME-WS-07', ['ACME-DC-01']],
      ['user:j.smith -host:ACME-DC-01', ['ACME-WS-07']],
      ['host:ACME-W*', ['ACME-WS-07']],
      ['event_id:[4624 TO 4624]', ['ACME-DC-01']],
      ['(user:a.jones OR user:j.smith) AND LogonType:3', ['ACME-DC-01']],
      ['_exists_:action', ['ACME-FW']],
      ['src_ip:10.0.0.5 AND level:warning', ['ACME-DC-01', 'ACME-WS-07']],
      ['NOT _exists_:user', ['ACME-FW']],
      ['event_id:>4624', ['ACME-DC-01', 'ACME-WS-07']],
    ];
    for (const [term, expected] of cases) {
      const r = await run(acmeUser(), { search_term: term });
      expect(r.mode, term).toBe('lucene');
      expect(hosts(r), term).toEqual(expected);
    }
  });

  it('a Lucene syntax error is a 400 naming its position; values never reach SQL text', async () => {
    const bad = await start(acmeUser(), { search_term: 'host:(ACME' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('search_term');
    expect(bad.json().error.details[0].reason).toMatch(/^syntax error at position 11/);
    const injection = await run(acmeUser(), { search_term: "host:\"x' or '1'='1\"" });
    expect(injection.total).toBe(0);
    const badField = await start(acmeUser(), { search_term: 'a:b' }, {});
    expect(badField.statusCode).toBe(201);
  });

  it('filters with every operator', async () => {
    const f = (field: string, operator: string, value?: unknown) => ({
      field,
      operator,
      ...(value === undefined ? {} : { value }),
    });
    const cases: [Record<string, unknown>[], string[]][] = [
      [[f('user', '=', 'j.smith')], ['ACME-DC-01', 'ACME-WS-07']],
      [[f('user', '!=', 'j.smith')], ['ACME-DC-01', 'ACME-FW']],
      [[f('host', 'in', ['ACME-WS-07', 'ACME-FW'])], ['ACME-WS-07', 'ACME-FW']],
      [[f('host', 'not_in', ['ACME-DC-01'])], ['ACME-WS-07', 'ACME-FW']],
      [[f('message', 'contains', 'SUCCESS')], ['ACME-DC-01']],
      [[f('message', 'not_contains', 'account')], ['ACME-FW']],
      [[f('action', 'exists')], ['ACME-FW']],
      [[f('user', 'not_exists')], ['ACME-FW']],
      [[f('LogonType', '>', 2)], ['ACME-DC-01']],
      [[f('LogonType', '<', 3)], ['ACME-DC-01']],
      [[f('event_id', '=', 4625), f('host', '!=', 'ACME-DC-01')], ['ACME-WS-07']],
    ];
    for (const [filters, expected] of cases) {
      const r = await run(acmeUser(), { filters });
      expect(hosts(r), JSON.stringify(filters)).toEqual(expected);
    }
    const bad = await start(acmeUser(), { filters: [f('host', 'in', 'not a list')] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('search.filters[0].value');
  });

  it('relative and absolute periods; all time', async () => {
    expect((await run(acmeUser(), {}, { period: { range: 3600 } })).total).toBe(5);
    expect((await run(acmeUser(), {}, { period: { range: -1 } })).total).toBe(6);
    const absolute = await run(
      acmeUser(),
      {},
      { period: { from: minutesAgo(25 * 60), to: minutesAgo(20 * 60) } },
    );
    expect(messages(absolute)).toEqual(['Yesterday failed to log on']);
    const backwards = await start(acmeUser(), {}, { period: { from: minutesAgo(1), to: minutesAgo(10) } });
    expect(backwards.statusCode).toBe(400);
  });

  it('keyset pages to the end without gaps or repeats', async () => {
    const started = await start(acmeUser(), {}, { period: { range: -1 } });
    const id = started.json().id;
    await c.runSearches();
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `&search_after=${after}` : '';
      const page = await c.t.as(acmeUser(), { url: `/api/search/v1/search/${id}?size=2${query}` });
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().results.map((e: { id: string }) => e.id));
      after = page.json().search_after;
    } while (after);
    expect(seen.length).toBe(6);
    expect(new Set(seen).size).toBe(6);
    const forged = await c.t.as(acmeUser(), { url: `/api/search/v1/search/${id}?search_after=bm9wZQ` });
    expect(forged.statusCode).toBe(400);
  });

  it('a newer search cancels the older one of the same user', async () => {
    const first = (await start(acmeUser(), { search_term: 'first' })).json().id;
    await start(acmeUser(), { search_term: 'second' });
    const old = await c.t.as(acmeUser(), { url: `/api/search/v1/search/${first}` });
    expect(old.json()).toMatchObject({ status: 'cancelled', results: [] });
  });

  it('top values are exact and say n of N; hits over time count the same events', async () => {
    const r = await run(acmeUser(), {}, { period: { range: 3600 } });
    const top = await c.t.as(acmeUser(), { url: `/api/search/v1/meta/${r.id}/top/user` });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toEqual({
      field: 'user',
      values: [
        { value: 'j.smith', count: 2 },
        { value: 'a.jones', count: 1 },
        { value: 'svc_backup', count: 1 },
      ],
      with_field: 4,
      total: 5,
      sampled: false,
    });
    const raw = await c.t.as(acmeUser(), { url: `/api/search/v1/meta/${r.id}/top/LogonType` });
    expect(raw.json().values).toEqual([
      { value: '2', count: 1 },
      { value: '3', count: 1 },
    ]);
    const hits = await c.t.as(acmeUser(), { url: `/api/search/v1/graphs/${r.id}/hits` });
    expect(hits.statusCode, hits.body).toBe(200);
    expect(hits.json().interval_seconds).toBe(60);
    expect(hits.json().buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(5);
  });

  it("tenancy: one customer's logs never reach another's results, counts, top values or graphs", async () => {
    const acmeSide = await run(acmeUser(), { search_term: 'failed' }, { period: { range: 3600 } });
    expect(
      acmeSide.results.every((e: { customer_id: string }) => e.customer_id === c.t.fixtures.acme.customerId),
    ).toBe(true);
    expect(JSON.stringify(acmeSide)).not.toContain('Globex');
    // Asking for the other customer by id narrows to nothing rather than widening.
    const asked = await run(
      acmeUser(),
      { search_term: 'Globex' },
      { customer_ids: [c.t.fixtures.globex.customerId] },
    );
    expect(asked.total).toBe(0);
    const top = await c.t.as(acmeUser(), { url: `/api/search/v1/meta/${acmeSide.id}/top/host` });
    expect(top.json().values.map((v: { value: string }) => v.value)).not.toContain('GLOBEX-DC');
    const hits = await c.t.as(acmeUser(), { url: `/api/search/v1/graphs/${acmeSide.id}/hits` });
    expect(hits.json().buckets.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(
      acmeSide.total,
    );
    // Another user cannot read this search at all.
    for (const url of [
      `/api/search/v1/search/${acmeSide.id}`,
      `/api/search/v1/meta/${acmeSide.id}/top/host`,
      `/api/search/v1/graphs/${acmeSide.id}/hits`,
    ]) {
      expect((await c.t.as(c.t.fixtures.globexUser, { url })).statusCode, url).toBe(404);
    }
    // Staff of the provider see both customers.
    const staff = await run(c.t.fixtures.analyst, { search_term: 'j.smith failed' });
    expect(new Set(staff.results.map((e: { customer_id: string }) => e.customer_id)).size).toBe(2);
  });

  it('staff pages over several customers merge newest first; events of one instant page by id', async () => {
    await seed();
    // 120 events at one instant (ids cross a power of ten), half each customer's.
    const instant = minutesAgo(5);
    for (const customer of [c.t.fixtures.acme, c.t.fixtures.globex]) {
      const token = await c.tokenFor(customer.customerId, 'windows');
      const events = Array.from({ length: 60 }, (_, i) => ({
        '@timestamp': instant,
        host: `TIE-${i}`,
        message: `tiebreak ${customer.name} ${i}`,
      }));
      expect((await c.ingest(token, events)).statusCode).toBe(200);
    }
    const started = await start(
      c.t.fixtures.analyst,
      { search_term: 'tiebreak' },
      { period: { range: 3600 } },
    );
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id;
    await c.runSearches();
    const seen: { id: string; customer_id: string }[] = [];
    let after: string | null = null;
    do {
      const query: string = after ? `&search_after=${after}` : '';
      const page = await c.t.as(c.t.fixtures.analyst, { url: `/api/search/v1/search/${id}?size=25${query}` });
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...page.json().results);
      after = page.json().search_after;
    } while (after);
    expect(seen.length).toBe(120);
    expect(new Set(seen.map((e) => e.id)).size).toBe(120);
    const ids = seen.map((e) => BigInt(e.id));
    expect(ids.every((value, i) => i === 0 || value < ids[i - 1]!)).toBe(true);
    expect(new Set(seen.map((e) => e.customer_id))).toEqual(
      new Set([c.t.fixtures.acme.customerId, c.t.fixtures.globex.customerId]),
    );
  });
});
