import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runAlertRule } from '../../../src/server/areas/logs/index.ts';
import { logAlertFirings, logAlertRules, users } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { reachContext } from './helpers.ts';

const RULE = { period: 300, priority: 'high', threshold: 1, realert: 'always' };

describe.each(backends())('log alert rules with the reach of now on %s', (backend) => {
  const c = reachContext(backend);
  const db = () => c.t.database.db;

  /** Saves a `reachable` search and a rule on it through `call`; the rule's row. */
  const ruleThrough = async (
    call: (url: string, payload: object) => ReturnType<typeof c.script>,
    narrowing: { customer_ids?: string[] } = {},
  ) => {
    await c.seed();
    const saved = await call('/api/search/v1/saved/', {
      name: `Reachable ${Math.random()}`,
      scope: 'private',
      search: { search_term: 'reachable' },
      ...narrowing,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const created = await call('/api/search/v1/alerting/', { ...RULE, saved_search_id: saved.json().id });
    expect(created.statusCode, created.body).toBe(201);
    const [rule] = await db().select().from(logAlertRules).where(eq(logAlertRules.id, created.json().id));
    return rule!;
  };
  const firedFor = async (ruleId: string) =>
    (await db().select().from(logAlertFirings).where(eq(logAlertFirings.ruleId, ruleId)))
      .map((f) => f.customerId)
      .sort();

  it('stops counting a customer its owner lost, and raises nothing once no customer is left', async () => {
    const { acme, globex } = c.t.fixtures;
    const owner = await c.userOf('watcher@test.example', [acme.customerId, globex.customerId]);
    const rule = await ruleThrough((url, payload) => c.t.as(owner, { method: 'POST', url, payload }));
    const setCustomers = (ids: string[]) =>
      db().update(users).set({ validCustomerIds: ids }).where(eq(users.contactId, owner.contactId));

    expect((await runAlertRule(db(), rule, new Date())).fired).toBe(2);
    await setCustomers([acme.customerId]);
    const before = (await firedFor(rule.id)).length;
    expect((await runAlertRule(db(), rule, new Date(Date.now() + 1000))).fired).toBe(1);
    const after = await firedFor(rule.id);
    expect(after.length - before).toBe(1);
    expect(after.filter((id) => id === globex.customerId)).toHaveLength(1);

    await setCustomers([]);
    expect(await runAlertRule(db(), rule, new Date(Date.now() + 2000))).toEqual({ fired: 0, suppressed: 0 });
    expect(await firedFor(rule.id)).toHaveLength(after.length);
  });

  it("counts only the customers of the key that set the rule, never its creator's others", async () => {
    const { analyst, acme } = c.t.fixtures;
    const { key } = await c.keyOf(analyst, [acme.customerId]);
    const rule = await ruleThrough((url, payload) => c.script(key, 'POST', url, payload));
    expect(rule.apiKeyId).not.toBeNull();
    expect((await runAlertRule(db(), rule, new Date())).fired).toBe(1);
    expect(await firedFor(rule.id)).toEqual([acme.customerId]);
  });

  it('counts only the customers the search was saved for, the owner seeing more', async () => {
    const { analyst, acme, globex } = c.t.fixtures;
    const rule = await ruleThrough((url, payload) => c.t.as(analyst, { method: 'POST', url, payload }), {
      customer_ids: [acme.customerId],
    });
    expect((await runAlertRule(db(), rule, new Date())).fired).toBe(1);
    expect(await firedFor(rule.id)).toEqual([acme.customerId]);
    expect(await firedFor(rule.id)).not.toContain(globex.customerId);
  });

  it('refuses to narrow a saved search to a customer the caller cannot see, saving nothing', async () => {
    const { acme, globex } = c.t.fixtures;
    const owner = await c.userOf('narrow@test.example', [acme.customerId]);
    const save = (payload: object) =>
      c.t.as(owner, {
        method: 'POST',
        url: '/api/search/v1/saved/',
        payload: { search: { search_term: 'x' }, ...payload },
      });
    const hidden = await save({ name: 'Hidden', scope: 'private', customer_ids: [globex.customerId] });
    expect(hidden.statusCode, hidden.body).toBe(404);
    const mixed = await save({
      name: 'Mixed',
      scope: 'customer',
      customer_id: acme.customerId,
      customer_ids: [acme.customerId, globex.customerId],
    });
    expect(mixed.statusCode, mixed.body).toBe(400);
    const listed = await c.t.as(owner, { method: 'GET', url: '/api/search/v1/saved/' });
    expect(listed.json().saved.map((s: { name: string }) => s.name)).not.toContain('Hidden');
    expect(listed.json().saved.map((s: { name: string }) => s.name)).not.toContain('Mixed');
  });
});
