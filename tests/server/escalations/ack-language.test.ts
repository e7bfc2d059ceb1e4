import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { escalationsClient, twoStepPlan } from './helpers.ts';

/** The acknowledge pages speak the browser's language (Accept-Language), else British English. */
describe.each(backends())('the acknowledge pages’ language (%s)', (backend) => {
  let t: TestApp;
  const { ok, raiseAlert, runJobs } = escalationsClient(() => t);

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An escalation told to one e-mail contact, and the link in its message. */
  const linkToAcknowledge = async (name: string) => {
    const plan = await ok(
      t.fixtures.analyst,
      'POST',
      '/plans',
      twoStepPlan(t.fixtures.acme.customerId, {
        name,
        steps: [
          {
            name: 'Desk',
            wait_minutes: 15,
            contacts: [{ name: 'Desk <SOC>', email: 'desk@acme.test', method: 'email' }],
          },
        ],
      }),
    );
    const alert = await raiseAlert(t.fixtures.acme.customerId);
    await ok(t.fixtures.analyst, 'POST', '/escalations', { alert_id: alert.id, plan_id: plan.plan_id });
    await runJobs(new Date());
    const mails = JSON.stringify(await t.database.db.select().from(mailOutbox));
    const links = [...mails.matchAll(/\/api\/escalations\/v1\/acknowledge\?token=([A-Za-z0-9._~-]+)/g)];
    return { alertId: alert.id, token: links.at(-1)![1]! };
  };
  const open = (token: string, language?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/escalations/v1/acknowledge?token=${token}`,
      ...(language && { headers: { 'accept-language': language } }),
    });
  const press = (token: string, language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/escalations/v1/acknowledge',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(language && { 'accept-language': language }),
      },
      payload: new URLSearchParams({ token }).toString(),
    });

  it('asks and thanks in German or Finnish when the browser prefers it', async () => {
    const german = await linkToAcknowledge('Sprache Deutsch');
    const asked = await open(german.token, 'de-AT,de;q=0.9,en;q=0.5');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('<html lang="de-DE">');
    expect(asked.body).toContain(`<h1>Alarm ${german.alertId} bestätigen?</h1>`);
    // The contact's name stays escaped in every language.
    expect(asked.body).toContain('Desk &lt;SOC&gt;, Sie werden über den Eskalationsplan Sprache Deutsch');
    expect(asked.body).toContain(`<button type="submit">Alarm ${german.alertId} bestätigen</button>`);
    const thanked = await press(german.token, 'de-DE');
    expect(thanked.body).toContain(
      `Danke, Desk &lt;SOC&gt;: Alarm ${german.alertId} ist bestätigt und die Eskalation beendet.`,
    );
    const again = await press(german.token, 'fi-FI,fi;q=0.9');
    expect(again.body).toContain('<html lang="fi-FI">');
    expect(again.body).toContain('Tämän eskaloinnin on jo kuitannut Desk &lt;SOC&gt; (desk@acme.test).');
  });

  it('speaks American English to en-US, and British English without a language it knows', async () => {
    const link = await linkToAcknowledge('Language fallback');
    const unknown = await open(link.token, 'sv-SE,ja;q=0.8');
    expect(unknown.body).toContain('<html lang="en-GB">');
    expect(unknown.body).toContain(`<h1>Acknowledge alert ${link.alertId}?</h1>`);
    expect((await open(link.token)).body).toContain('<html lang="en-GB">');
    await press(link.token);
    const american = await open(link.token, 'en-US');
    expect(american.body).toContain('<html lang="en-US">');
    expect(american.body).toContain(
      'This escalation has already been acknowledged by Desk &lt;SOC&gt; (desk@acme.test).',
    );
  });
});
