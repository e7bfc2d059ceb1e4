import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { escalationsClient, twoStepPlan } from './helpers.ts';

/** A local server that speaks Twilio's Messages and Calls API, and keeps what it was asked. */
interface TwilioRequest {
  resource: string;
  account: string;
  auth: string;
  form: URLSearchParams;
}
function fakeTwilio() {
  const received: TwilioRequest[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !match) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      received.push({
        account: match[1]!,
        resource: match[2]!,
        auth: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      const sid = `${match[2] === 'Messages' ? 'SM' : 'CA'}${String(received.length).padStart(32, '0')}`;
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  return { server, received };
}

type Activity = { action: string; after: Record<string, unknown> };

describe.each(backends())('escalating an alert (%s)', (backend) => {
  let t: TestApp;
  const twilio = fakeTwilio();
  const saved: Record<string, string | undefined> = {};
  const { call, ok, raiseAlert, runJobs } = escalationsClient(() => t);

  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.server.listen(0, '127.0.0.1', resolve));
    const port = (twilio.server.address() as AddressInfo).port;
    const env = {
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'twilio-secret',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    };
    for (const [key, value] of Object.entries(env)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await new Promise((resolve) => twilio.server.close(resolve));
    await t?.close();
  });
  beforeEach(() => {
    twilio.received.length = 0;
  });

  const activity = async (alertId: number) => {
    const response = await t.as(t.fixtures.analyst, {
      method: 'GET',
      url: `/api/alerts/v1/alerts/${alertId}/activity`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const entries = (Array.isArray(body) ? body : body.activity) as Activity[];
    return entries
      .filter((e) => e.action === 'escalation')
      .map((e) => e.after)
      .reverse();
  };
  const escalate = async (alertId: number, planId: string) => {
    const response = await call(t.fixtures.analyst, 'POST', '/escalations', {
      alert_id: alertId,
      plan_id: planId,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const mails = () => t.database.db.select().from(mailOutbox);

  it('tells step 1, then step 2 when nobody acknowledges in time, and ends after the last', async () => {
    const plan = await ok(t.fixtures.analyst, 'POST', '/plans', twoStepPlan(t.fixtures.acme.customerId));
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    const escalation = await escalate(alert.id, plan.plan_id);
    expect(escalation).toMatchObject({ state: 'running', step: -1, plan_name: 'Acme night and day' });

    await runJobs(new Date());
    const sms = twilio.received.filter((r) => r.resource === 'Messages');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.account).toBe('AC0123456789abcdef');
    expect(sms[0]!.auth).toBe(`Basic ${Buffer.from('AC0123456789abcdef:twilio-secret').toString('base64')}`);
    expect(sms[0]!.form.get('To')).toBe('+358401234567');
    expect(sms[0]!.form.get('From')).toBe('+15005550006');
    expect(sms[0]!.form.get('Body')).toContain(`Alert ${alert.id} (critical): Ransomware note found`);
    expect(sms[0]!.form.get('Body')).toMatch(/\/api\/escalations\/v1\/acknowledge\?token=\S+/);
    const mail = (await mails()).find((m) => m.recipients.includes('desk@acme.test'));
    expect(mail?.text).toContain('Acknowledge within 15 minutes');
    const [current] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`)).escalations;
    expect(current).toMatchObject({ state: 'running', step: 0 });

    // Early: nothing moves. After the 15 minutes: the manager is called.
    const told = new Date(current.due_at).getTime();
    await runJobs(new Date(told - 60_000));
    expect(twilio.received.filter((r) => r.resource === 'Calls')).toHaveLength(0);
    await runJobs(new Date(told + 1000));
    const calls = twilio.received.filter((r) => r.resource === 'Calls');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.form.get('To')).toBe('+358409876543');
    expect(calls[0]!.form.get('Twiml')).toContain('<Say>Watchfloor escalation. critical alert');

    const [second] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`)).escalations;
    expect(second).toMatchObject({ state: 'running', step: 1 });
    await runJobs(new Date(new Date(second.due_at).getTime() + 1000));
    const [last] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`)).escalations;
    expect(last.state).toBe('exhausted');

    expect(
      (await activity(alert.id)).map((a) => [
        a.event,
        a.step,
        a.contact ?? null,
        a.method ?? null,
        a.outcome ?? null,
      ]),
    ).toEqual([
      ['started', undefined, null, null, null],
      ['told', 0, 'Olli Duty', 'sms', 'sent'],
      ['told', 0, 'Desk', 'email', 'queued'],
      ['told', 1, 'Maija Manager', 'voice', 'sent'],
      ['exhausted', 1, null, null, null],
    ]);
  });

  it('stops when a contact follows the acknowledge link, once', async () => {
    const plan = await ok(t.fixtures.analyst, 'POST', '/plans', twoStepPlan(t.fixtures.acme.customerId));
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    await escalate(alert.id, plan.plan_id);
    await runJobs(new Date());
    const link = /(\/api\/escalations\/v1\/acknowledge\?token=\S+)/.exec(
      twilio.received[0]!.form.get('Body')!,
    )![1]!;

    const forged = await t.app.inject({ method: 'GET', url: `${link.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(404);
    // Opening the link (as a mail scanner would) only asks: the escalation goes on.
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain(`<h1>Acknowledge alert ${alert.id}?</h1>`);
    expect(opened.body).toContain('<form method="post" action="/api/escalations/v1/acknowledge">');
    const [stillRunning] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`))
      .escalations;
    expect(stillRunning.state).toBe('running');
    // The page's button posts its form: no session, no XSRF header, the token is the credential.
    const token = new URL(link, 'http://console.test').searchParams.get('token')!;
    const press = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/escalations/v1/acknowledge',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: value }).toString(),
      });
    expect((await press(`${token.slice(0, -4)}AAAA`)).statusCode).toBe(404);
    const acknowledged = await press(token);
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.body).toContain(
      `Thank you, Olli Duty: alert ${alert.id} is acknowledged and the escalation has stopped.`,
    );
    const again = await press(token);
    expect(again.body).toContain('This escalation was already acknowledged by Olli Duty (+358401234567).');
    const reopened = await t.app.inject({ method: 'GET', url: link });
    expect(reopened.body).toContain('This escalation was already acknowledged by Olli Duty (+358401234567).');

    const [row] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`)).escalations;
    expect(row).toMatchObject({ state: 'acknowledged', acknowledged_by: 'Olli Duty (+358401234567)' });
    twilio.received.length = 0;
    await runJobs(new Date(Date.now() + 3_600_000));
    expect(twilio.received).toEqual([]);
    expect((await activity(alert.id)).at(-1)).toMatchObject({
      event: 'acknowledged',
      contact: 'Olli Duty',
      step: 0,
    });
  });

  it('stops when the alert is acknowledged in the console, and refuses a second or a handled one', async () => {
    const plan = await ok(t.fixtures.analyst, 'POST', '/plans', twoStepPlan(t.fixtures.acme.customerId));
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    await escalate(alert.id, plan.plan_id);
    expect(
      (await call(t.fixtures.analyst, 'POST', '/escalations', { alert_id: alert.id, plan_id: plan.plan_id }))
        .statusCode,
    ).toBe(409);
    await runJobs(new Date());
    // Escalating made the alert escalated (a change of its own): acknowledge the alert as it is now.
    const current = (await t.as(t.fixtures.analyst, { url: `/api/alerts/v1/alerts/${alert.id}` })).json();
    expect(current.status).toBe('escalated');
    const update = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `/api/alerts/v1/alerts/${alert.id}`,
      payload: { version: current.version, status: 'acknowledged' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const [row] = (await ok(t.fixtures.viewer, 'GET', `/escalations?alert_id=${alert.id}`)).escalations;
    expect(row.state).toBe('stopped');
    twilio.received.length = 0;
    await runJobs(new Date(Date.now() + 3_600_000));
    expect(twilio.received).toEqual([]);
    expect((await activity(alert.id)).at(-1)).toMatchObject({
      event: 'stopped',
      status: 'acknowledged',
      step: 0,
    });
    const handled = await call(t.fixtures.analyst, 'POST', '/escalations', {
      alert_id: alert.id,
      plan_id: plan.plan_id,
    });
    expect(handled.statusCode).toBe(400);
    expect(handled.json().error.details[0].field).toBe('alert_id');
  });

  it("keeps escalations to the caller's customers and the plan to the alert's customer", async () => {
    const globexPlan = await ok(
      t.fixtures.analyst,
      'POST',
      '/plans',
      twoStepPlan(t.fixtures.globex.customerId),
    );
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    const wrongPlan = await call(t.fixtures.analyst, 'POST', '/escalations', {
      alert_id: alert.id,
      plan_id: globexPlan.plan_id,
    });
    expect(wrongPlan.statusCode).toBe(404);
    const missing = await call(t.fixtures.analyst, 'POST', '/escalations', {
      alert_id: 999_999,
      plan_id: globexPlan.plan_id,
    });
    expect(missing.statusCode).toBe(404);
    const viewerStarts = await call(t.fixtures.viewer, 'POST', '/escalations', {
      alert_id: alert.id,
      plan_id: globexPlan.plan_id,
    });
    expect(viewerStarts.statusCode).toBe(403);
  });
});
