import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAlertRule, runLogAlerting } from '../../../src/server/areas/logs/index.ts';
import { alerts, logAlertRules, mutes } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { logsContext } from './helpers.ts';

type User = { contactId: string };
const minutesAgo = (m: number, from = Date.now()) => new Date(from - m * 60_000).toISOString();

describe.each(backends())('log alerting on %s', (backend) => {
  const c = logsContext(backend);
  const state = { savedId: '', ruleId: '' };

  /** Acme: three failed logons in the last minutes and two two days ago; Globex: three now. */
  const setUp = async () => {
    if (state.savedId) return;
    const acme = await c.tokenFor(c.t.fixtures.acme.customerId);
    const globex = await c.tokenFor(c.t.fixtures.globex.customerId);
    const burst = (host: string, from = Date.now()) =>
      [1, 2, 3].map((m) => ({ '@timestamp': minutesAgo(m, from), host, message: 'bruteforce attempt' }));
    expect(
      (
        await c.ingest(acme, [
          ...burst('ACME-DC-01'),
          ...burst('ACME-DC-01', Date.now() - 2 * 86_400_000).slice(0, 2),
        ])
      ).statusCode,
    ).toBe(200);
    expect((await c.ingest(globex, burst('GLOBEX-DC'))).statusCode).toBe(200);
    const saved = await c.t.as(c.t.fixtures.acmeUser, {
      method: 'POST',
      url: '/api/search/v1/saved/',
      payload: { name: 'Brute force', scope: 'private', search: { search_term: 'bruteforce' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    state.savedId = saved.json().id;
  };
  const settings = (extra: Record<string, unknown> = {}) => ({
    saved_search_id: state.savedId,
    period: 300,
    priority: 'high',
    threshold: 3,
    realert: '5',
    ...extra,
  });
  const post = (user: User, url: string, payload: Record<string, unknown>) =>
    c.t.as(user, { method: 'POST', url, payload });
  const ruleRow = async () =>
    (await c.t.database.db.select().from(logAlertRules).where(eq(logAlertRules.id, state.ruleId)))[0]!;

  it('backtests over the last 7 days: fires when the threshold is met, holds repeats for the realert minutes', async () => {
    await setUp();
    const user = c.t.fixtures.acmeUser;
    const r = await post(user, '/api/search/v1/alerting/backtest', settings());
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(7 * 86_400_000);
    // Three events within 5 minutes of now: the runs whose window holds all three fire once, then realert holds.
    expect(body.fired).toBe(1);
    expect(
      body.firings.every((f: { customer_id: string }) => f.customer_id === c.t.fixtures.acme.customerId),
    ).toBe(true);
    expect(body.firings.filter((f: { outcome: string }) => f.outcome === 'fired')).toHaveLength(1);
    // Two events two days ago never reach three; a threshold of 2 fires for them too.
    const lower = (
      await post(user, '/api/search/v1/alerting/backtest', settings({ threshold: 2, realert: '30' }))
    ).json();
    expect(lower.fired).toBe(2);
    // Realert always: every run over the threshold fires, nothing is held.
    const always = (
      await post(user, '/api/search/v1/alerting/backtest', settings({ threshold: 2, realert: 'always' }))
    ).json();
    expect(always.suppressed).toBe(0);
    expect(always.fired).toBeGreaterThan(lower.fired);
    const other = await post(c.t.fixtures.globexUser, '/api/search/v1/alerting/backtest', settings());
    expect(other.statusCode).toBe(404);
  });

  it('saves one rule per saved search, visible to its owner only', async () => {
    await setUp();
    const user = c.t.fixtures.acmeUser;
    const created = await post(user, '/api/search/v1/alerting/', settings());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      period: 300,
      priority: 'high',
      threshold: 3,
      realert: '5',
      enabled: true,
    });
    state.ruleId = created.json().id;
    const again = await post(user, '/api/search/v1/alerting/', settings({ threshold: 3 }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(state.ruleId);
    const bad = await post(user, '/api/search/v1/alerting/', settings({ realert: '3' }));
    expect(bad.statusCode).toBe(400);
    expect((await c.t.as(user, { url: '/api/search/v1/alerting/' })).json().rules).toHaveLength(1);
    expect((await c.t.as(c.t.fixtures.globexUser, { url: '/api/search/v1/alerting/' })).json().rules).toEqual(
      [],
    );
    expect(
      (await c.t.as(c.t.fixtures.globexUser, { url: `/api/search/v1/alerting/${state.ruleId}/firings` }))
        .statusCode,
    ).toBe(404);
  });

  it('fires through the alert path, suppresses within realert and when muted, records each firing with its reason', async () => {
    const db = c.t.database.db;
    const now = new Date();
    const first = await runAlertRule(db, await ruleRow(), now);
    expect(first).toEqual({ fired: 1, suppressed: 0 });
    const raised = await db.select().from(alerts).where(eq(alerts.type, 'log_search'));
    expect(raised.map((a) => [a.customerId, a.priority, a.status])).toEqual([
      [c.t.fixtures.acme.customerId, 'high', 'new'],
    ]);
    expect(raised[0]!.title).toBe('Saved search "Brute force": 3 events in 5 min');

    // Moments later: still over the threshold, within the 5 realert minutes.
    expect(await runAlertRule(db, await ruleRow(), new Date(now.getTime() + 10_000))).toEqual({
      fired: 0,
      suppressed: 1,
    });

    // Realert always, with a mute on these alerts: the alert is made muted, and the firing says so.
    await post(c.t.fixtures.acmeUser, '/api/search/v1/alerting/', settings({ realert: 'always' }));
    await db.insert(mutes).values({
      customerId: c.t.fixtures.acme.customerId,
      conditions: [{ field: 'type', operator: 'equals', value: 'log_search' }],
      description: 'Known pen test',
    });
    const job = await runLogAlerting(db, new Date(now.getTime() + 20_000));
    expect(job).toMatchObject({ rules: 1, fired: 0, suppressed: 1, failed: [] });
    const after = await db.select().from(alerts).where(eq(alerts.type, 'log_search'));
    expect(after.map((a) => a.status).sort()).toEqual(['muted', 'new']);

    const firings = await c.t.as(c.t.fixtures.acmeUser, {
      url: `/api/search/v1/alerting/${state.ruleId}/firings`,
    });
    expect(firings.statusCode, firings.body).toBe(200);
    expect(
      firings.json().firings.map((f: { outcome: string; reason: string | null }) => [f.outcome, f.reason]),
    ).toEqual([
      ['suppressed', 'muted'],
      ['suppressed', 'realert'],
      ['fired', null],
    ]);
    // Globex had three events too, but the rule's owner (an Acme user) cannot see them.
    expect(after.every((a) => a.customerId === c.t.fixtures.acme.customerId)).toBe(true);
  });

  it('backtest replays mutes as they held then: a muted firing is suppressed and names its mute', async () => {
    const db = c.t.database.db;
    const day = 86_400_000;
    const acme = c.t.fixtures.acme.customerId;
    const onLogSearch = [{ field: 'type', operator: 'equals', value: 'log_search' }];
    // Held from yesterday on: the burst of minutes ago, not the two events of two days ago.
    await db.insert(mutes).values({
      customerId: acme,
      conditions: onLogSearch,
      description: 'Since yesterday',
      createdAt: new Date(Date.now() - day),
    });
    const user = c.t.fixtures.acmeUser;
    const lower = settings({ threshold: 2, realert: '30' });
    const once = (await post(user, '/api/search/v1/alerting/backtest', lower)).json();
    const outcomes = (r: {
      firings: { outcome: string; reason: string | null; mute: { description: string } | null }[];
    }) =>
      r.firings
        .filter((f) => f.reason !== 'realert')
        .map((f) => [f.outcome, f.reason, f.mute?.description ?? null]);
    expect(outcomes(once)).toEqual([
      ['fired', null, null],
      ['suppressed', 'muted', 'Since yesterday'],
    ]);
    expect(once).toMatchObject({ fired: 1, muted: 1 });

    // A mute of three days ago, unmuted by hand a day and a half ago, held the older firing.
    await db.insert(mutes).values({
      customerId: acme,
      conditions: onLogSearch,
      description: 'Old pen test',
      state: 'inactive',
      createdAt: new Date(Date.now() - 3 * day),
      updatedAt: new Date(Date.now() - 1.5 * day),
    });
    const twice = (await post(user, '/api/search/v1/alerting/backtest', lower)).json();
    expect(outcomes(twice)).toEqual([
      ['suppressed', 'muted', 'Old pen test'],
      ['suppressed', 'muted', 'Since yesterday'],
    ]);
    expect(twice).toMatchObject({ fired: 0, muted: 2 });

    // A mute of another customer holds nothing of Acme's.
    await db.delete(mutes).where(eq(mutes.customerId, acme));
    await db.insert(mutes).values({
      customerId: c.t.fixtures.globex.customerId,
      conditions: onLogSearch,
      description: 'Globex',
      createdAt: new Date(Date.now() - 3 * day),
    });
    const none = (await post(user, '/api/search/v1/alerting/backtest', lower)).json();
    expect(none).toMatchObject({ fired: 2, muted: 0 });
  });

  it('deletes a rule (owner only)', async () => {
    const other = await c.t.as(c.t.fixtures.globexUser, {
      method: 'DELETE',
      url: `/api/search/v1/alerting/${state.ruleId}`,
    });
    expect(other.statusCode).toBe(404);
    const deleted = await c.t.as(c.t.fixtures.acmeUser, {
      method: 'DELETE',
      url: `/api/search/v1/alerting/${state.ruleId}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await c.t.as(c.t.fixtures.acmeUser, { url: '/api/search/v1/alerting/' })).json().rules).toEqual(
      [],
    );
  });
});
