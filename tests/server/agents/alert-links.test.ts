import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../src/api/schema.d.ts';
import { agents } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

type Alert = components['schemas']['Alert'];
type User = { contactId: string };

describe.each(backends())('alerts and the agents they concern on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const globex = () => c.t.fixtures.globex.customerId;
  let hosts = 0;
  /** A host name no other test of this file enrols. */
  const freshHost = () => `LINK-WS-${String(++hosts).padStart(3, '0')}`;

  const createAlert = (payload: Record<string, unknown>, user: User = c.t.fixtures.analyst) =>
    c.t.as(user, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      payload: { title: 'Suspicious PowerShell', type: 'edr', ...payload },
    });
  const getAlert = (id: number, user: User = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/alerts/v1/alerts/${id}?skip_viewed=true` });
  const activityOf = (id: number, user: User = c.t.fixtures.analyst) =>
    c.t.as(user, { url: `/api/alerts/v1/alerts/${id}/activity` });

  describe('createAlert links the alert to its agent', () => {
    it('by host name within the customer, never across customers', async () => {
      const host = freshHost();
      const own = await c.enrol(acme(), { host_name: host });
      const foreign = await c.enrol(globex(), { host_name: host });

      // The host as a fully qualified name in another case still finds the agent of the same customer.
      const created = await createAlert({
        customer_id: acme(),
        host_name: `${host.toLowerCase()}.corp.example`,
      });
      expect(created.statusCode, created.body).toBe(201);
      const alert = created.json() as Alert;
      expect(alert.agent_id).toBe(own.agentId);
      expect(alert.agent).toMatchObject({ agent_id: own.agentId, host_name: host, status: 'new' });

      const theirs = await createAlert({ customer_id: globex(), fields: { hostname: host } });
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect(theirs.json().agent_id).toBe(foreign.agentId);

      // The list carries the link too.
      const list = await c.t.as(c.t.fixtures.analyst, {
        url: `/api/alerts/v1/alerts/?customer_ids=${acme()}&batch_size=500`,
      });
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json().alerts.find((a: { id: number }) => a.id === alert.id);
      expect(listed.agent_id).toBe(own.agentId);
    });

    it('by the agent the source names, which must be an agent of the same customer', async () => {
      const host = freshHost();
      const own = await c.enrol(acme(), { host_name: host });
      const foreign = await c.enrol(globex(), { host_name: freshHost() });

      const named = await createAlert({
        customer_id: acme(),
        host_name: 'SOMETHING-ELSE',
        agent_id: own.agentId,
      });
      expect(named.statusCode, named.body).toBe(201);
      expect(named.json().agent_id).toBe(own.agentId);

      const before = await c.t.as(c.t.fixtures.analyst, { url: '/api/alerts/v1/alerts/count' });
      const refused = await createAlert({ customer_id: acme(), agent_id: foreign.agentId });
      c.expectError(refused, 400, 'bad_request');
      expect(refused.json().error.details.map((d: { field: string }) => d.field)).toContain('body.agent_id');
      const after = await c.t.as(c.t.fixtures.analyst, { url: '/api/alerts/v1/alerts/count' });
      expect(after.body).toBe(before.body);

      const malformed = await createAlert({ customer_id: acme(), agent_id: 'not-an-id' });
      expect(malformed.statusCode).toBe(400);
    });

    it('leaves alerts about no known endpoint unlinked, and unlinks them when the agent is deleted', async () => {
      const none = await createAlert({ customer_id: acme(), host_name: 'NOT-ENROLLED-ANYWHERE' });
      expect(none.statusCode, none.body).toBe(201);
      expect(none.json()).toMatchObject({ agent_id: null, agent: null });

      const host = freshHost();
      const agent = await c.enrol(acme(), { host_name: host });
      const linked = (await createAlert({ customer_id: acme(), host_name: host })).json() as Alert;
      expect(linked.agent_id).toBe(agent.agentId);
      await c.t.database.db.delete(agents).where(eq(agents.agentId, agent.agentId));
      const shown = await getAlert(linked.id);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toMatchObject({ id: linked.id, agent_id: null, agent: null });
    });
  });

  describe("an action started from an alert appears in the alert's activity", () => {
    it('with its current status and every step the agent reported', async () => {
      const host = freshHost();
      const agent = await c.enrol(acme(), { host_name: host });
      const alert = (await createAlert({ customer_id: acme(), host_name: host })).json() as Alert;
      const requested = await c.requestAction(agent.agentId, 'isolate', {
        alert_id: alert.id,
        parameters: { length: 3600 },
      });
      expect(requested.statusCode, requested.body).toBe(201);
      const actionId = requested.json().action_id;

      const entryOf = async (user: User = c.t.fixtures.analyst) => {
        const response = await activityOf(alert.id, user);
        expect(response.statusCode, response.body).toBe(200);
        const entries = response.json().activity as components['schemas']['AlertActivity'][];
        return entries.find((e) => e.action === 'action_requested');
      };
      const queued = await entryOf();
      expect(queued?.agent_actions).toEqual([
        expect.objectContaining({ action_id: actionId, agent_id: agent.agentId, status: 'queued' }),
      ]);

      expect((await c.checkIn(agent)).statusCode).toBe(200);
      expect((await c.report(agent, actionId, { status: 'running', receipt: 'r-1' })).statusCode).toBe(200);
      expect(
        (await c.report(agent, actionId, { status: 'succeeded', exit_code: 0, receipt: 'r-2' })).statusCode,
      ).toBe(200);
      const done = (await entryOf())!.agent_actions[0]!;
      expect(done.status).toBe('succeeded');
      expect(done.steps.map((s) => s.status)).toEqual(['queued', 'delivered', 'running', 'succeeded']);
      expect(done.steps.every((s) => !Number.isNaN(Date.parse(s.at)))).toBe(true);

      // The customer's own user sees it; another customer's user does not see the alert at all.
      expect((await entryOf(c.t.fixtures.acmeUser))?.agent_actions).toHaveLength(1);
      c.expectError(await activityOf(alert.id, c.t.fixtures.globexUser), 404, 'not_found');
      // Entries that asked nothing of an agent carry no actions.
      const all = (await activityOf(alert.id)).json().activity as {
        action: string;
        agent_actions: unknown[];
      }[];
      expect(
        all.filter((e) => e.action !== 'action_requested').every((e) => e.agent_actions.length === 0),
      ).toBe(true);
    });
  });

  describe('listCaseActivity', () => {
    const url = (id: number | string) => `/api/cases/v1/cases/${id}/activity`;

    it('requires sign-in and rejects a bad id with 400', async () => {
      expect((await c.t.as(null, { url: url(1) })).statusCode).toBe(401);
      expect((await c.t.as(c.t.fixtures.analyst, { url: url('abc') })).statusCode).toBe(400);
      c.expectError(await c.t.as(c.t.fixtures.analyst, { url: url(2_000_000_000) }), 404, 'not_found');
    });

    it("is one feed, newest first, of the case's changes, comments and agent actions", async () => {
      const agent = await c.enrol(acme(), { host_name: freshHost() });
      const made = await c.t.as(c.t.fixtures.analyst, {
        method: 'POST',
        url: '/api/cases/v1/cases/',
        payload: { customer_id: acme(), title: 'Ransomware on a workstation' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const incident = made.json() as components['schemas']['Case'];
      const changed = await c.t.as(c.t.fixtures.analyst, {
        method: 'PUT',
        url: `/api/cases/v1/cases/${incident.id}`,
        payload: { version: incident.version, status: 'open' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const post = (body: Record<string, unknown>) =>
        c.t.as(c.t.fixtures.analyst, {
          method: 'POST',
          url: `/api/cases/v1/cases/${incident.id}/discussions`,
          payload: body,
        });
      expect((await post({ body: 'Isolating the host now.' })).statusCode).toBe(201);
      expect(
        (await post({ body: 'Staff only: the customer pays for isolation.', private: true })).statusCode,
      ).toBe(201);
      const requested = await c.requestAction(agent.agentId, 'isolate', { case_id: incident.id });
      expect(requested.statusCode, requested.body).toBe(201);
      expect((await c.checkIn(agent)).statusCode).toBe(200);

      const feed = await c.t.as(c.t.fixtures.analyst, { url: url(incident.id) });
      expect(feed.statusCode, feed.body).toBe(200);
      const entries = feed.json().activity as components['schemas']['CaseActivity'][];
      expect(entries.map((e) => [e.kind, e.action])).toEqual([
        ['agent_action', 'isolate'],
        ['comment', 'commented'],
        ['comment', 'commented'],
        ['change', 'updated'],
        ['change', 'created'],
      ]);
      const times = entries.map((e) => e.at);
      expect([...times].sort().reverse()).toEqual(times);
      const [action, , , update] = entries;
      expect(action!.agent_action).toMatchObject({
        action_id: requested.json().action_id,
        status: 'delivered',
      });
      expect(action!.agent_action!.steps.map((s) => s.status)).toEqual(['queued', 'delivered']);
      expect(action!.actor_email).toBe('analyst@test.example');
      expect(update!.changes).toEqual([{ field: 'status', before: 'new', after: 'open' }]);

      // A user of the customer sees the same feed without the private comment.
      const own = await c.t.as(c.t.fixtures.acmeUser, { url: url(incident.id) });
      expect(own.statusCode, own.body).toBe(200);
      const theirs = own.json().activity as components['schemas']['CaseActivity'][];
      expect(theirs.map((e) => e.kind)).toEqual(['agent_action', 'comment', 'change', 'change']);
      expect(theirs[1]!.comment!.body).toBe('Isolating the host now.');
      // Another customer's user never sees the case, nor so its actions.
      const outsider = await c.t.as(c.t.fixtures.globexUser, { url: url(incident.id) });
      c.expectError(outsider, 404, 'not_found');
      expect(outsider.json().error.message).toBe(`Case with ID ${incident.id} not found`);
    });
  });
});
