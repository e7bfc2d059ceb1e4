import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendThroughIntegration } from '../../../src/server/areas/integrations/index.ts';
import { startSyslogServer } from '../../../src/server/areas/logs/index.ts';
import type { SyslogServer } from '../../../src/server/areas/logs/syslog/server.ts';
import { outboundSettings } from '../../../src/server/config.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { BASE, create, mapCustomer, receiver, validate } from './helpers.ts';

const quiet = { info() {}, warn() {}, error() {} };
const ROUTING_KEY = 'R0ut1ngKeyR0ut1ngKeyR0ut1ngKey12';

/**
 * Outbound kinds through the outbound guard (refused on loopback unless an administrator allows
 * the host), and CEF or LEEF over syslog into alerts, each against a local server the test starts.
 */
describe.each(backends())('outbound integrations and syslog alerts on %s', (backend) => {
  let guarded: TestApp;
  let allowed: TestApp;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let syslog: SyslogServer | undefined;
  beforeAll(async () => {
    hook = await receiver();
    guarded = await createTestApp(backend);
    allowed = await createTestApp(backend, { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    await syslog?.close();
    await hook?.close();
    await guarded?.close();
    await allowed?.close();
  });

  it('refuses a loopback address unless it is allowed, and then validates by sending a test message', async () => {
    const payload = {
      kind: 'slack',
      name: 'Slack',
      secrets: { webhook_url: hook.url('/slack/T000/B000/secret-part') },
    };
    const refused = await create(guarded, guarded.fixtures.analyst, payload);
    const outcome = await validate(guarded, guarded.fixtures.analyst, refused.json().id);
    expect(outcome.json()).toMatchObject({ valid: false, message: 'One or more hosts failed to connect' });
    expect(outcome.body).not.toContain('secret-part');
    expect(hook.received).toHaveLength(0);

    const made = await create(allowed, allowed.fixtures.analyst, payload);
    const ok = await validate(allowed, allowed.fixtures.analyst, made.json().id);
    expect(ok.json()).toMatchObject({ valid: true });
    expect(hook.received.at(-1)).toMatchObject({ url: '/slack/T000/B000/secret-part' });
    expect(JSON.parse(hook.received.at(-1)!.body).text).toContain('Watchfloor connection test');
    expect(
      (await allowed.as(allowed.fixtures.analyst, { url: `${BASE}/${made.json().id}` })).body,
    ).not.toContain('secret-part');
  });

  it('sends Teams cards, PagerDuty events and HTTP requests for workflows to call', async () => {
    const t = allowed;
    const made = {
      teams: await create(t, t.fixtures.analyst, {
        kind: 'microsoft_teams',
        name: 'Teams',
        secrets: { webhook_url: hook.url('/teams') },
      }),
      pagerduty: await create(t, t.fixtures.analyst, {
        kind: 'pagerduty',
        name: 'PagerDuty',
        settings: { events_url: hook.url('/v2/enqueue') },
        secrets: { routing_key: ROUTING_KEY },
      }),
      http: await create(t, t.fixtures.analyst, {
        kind: 'http',
        name: 'Ticketing',
        settings: { url: hook.url('/tickets'), method: 'PUT' },
        secrets: { authorization: 'Bearer ticket-token' },
      }),
    };
    const options = { outbound: outboundSettings({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }) };
    const message = {
      title: 'Ransomware on FS-01',
      text: 'Contained',
      severity: 'critical',
      dedupKey: 'alert-7',
    };
    // An integration not validated yet sends nothing.
    await expect(
      sendThroughIntegration(t.database.db, made.pagerduty.json().id, message, options),
    ).rejects.toThrow('must be validated');
    const sent = hook.received.length;
    for (const response of Object.values(made)) {
      expect((await validate(t, t.fixtures.analyst, response.json().id)).json().valid).toBe(true);
      await sendThroughIntegration(t.database.db, response.json().id, message, options);
    }
    const byPath = Object.fromEntries(hook.received.slice(sent).map((r) => [r.url, r]));
    // PagerDuty is validated without a test event (it would page someone): two sends each for Teams and HTTP.
    expect(hook.received.slice(sent).filter((r) => r.url === '/v2/enqueue')).toHaveLength(1);
    expect(JSON.parse(byPath['/teams']!.body).attachments[0].content.body[0].text).toBe(
      'Ransomware on FS-01',
    );
    expect(JSON.parse(byPath['/v2/enqueue']!.body)).toMatchObject({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      dedup_key: 'alert-7',
      payload: { summary: 'Ransomware on FS-01', severity: 'critical', source: 'watchfloor' },
    });
    expect(byPath['/tickets']!.headers.authorization).toBe('Bearer ticket-token');
    expect(JSON.parse(byPath['/tickets']!.body)).toMatchObject({
      title: 'Ransomware on FS-01',
      severity: 'critical',
    });

    // The guard holds for a validated integration too: without the allowance it refuses.
    await expect(
      sendThroughIntegration(t.database.db, made.http.json().id, message, { outbound: outboundSettings({}) }),
    ).rejects.toThrow(/127\.0\.0\.1/);
  });

  it('turns CEF and LEEF sent over syslog with a customer token into alerts for that customer', async () => {
    const t = guarded;
    const made = await create(t, t.fixtures.analyst, {
      kind: 'syslog_cef',
      name: 'Firewalls',
      settings: { min_severity: '3' },
    });
    const id = made.json().id;
    await validate(t, t.fixtures.analyst, id);
    expect(
      (await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, 'acme-fw')).statusCode,
    ).toBe(201);
    const setup = await t.as(t.fixtures.analyst, { url: `${BASE}/${id}/syslog-setup` });
    expect(setup.statusCode, setup.body).toBe(200);
    const [{ token }] = setup.json().customers;
    expect((await t.as(t.fixtures.viewer, { url: `${BASE}/${id}/syslog-setup` })).statusCode).toBe(200);
    expect((await t.as(t.fixtures.acmeUser, { url: `${BASE}/${id}/syslog-setup` })).statusCode).toBe(403);

    syslog = await startSyslogServer(t.database.db, { port: 0, host: '127.0.0.1', log: quiet });
    const sd = (value: string) => `[watchfloor@32473 token="${value}"]`;
    const now = new Date().toISOString();
    const lines = [
      `<134>1 ${now} fw-01 asa - - ${sd(token)} CEF:0|Cisco|ASA|9.1|106023|Deny tcp src outside|8|src=203.0.113.9 dst=10.0.0.5 dhost=web-01 msg=Denied by ACL\\=outside`,
      `<134>1 ${now} qr-01 qradar - - ${sd(token)} LEEF:2.0|IBM|QRadar|7.5|4001|^|sev=9^name=Brute force^src=198.51.100.7`,
      `<134>1 ${now} fw-01 asa - - ${sd(token)} CEF:0|Cisco|ASA|9.1|302013|Built connection|1|src=10.0.0.1`,
      `<134>1 ${now} fw-01 asa - - ${sd(`${token.slice(0, -4)}AAAA`)} CEF:0|Cisco|ASA|9.1|1|Forged|10|src=10.0.0.1`,
    ];
    await new Promise<void>((resolve, reject) => {
      const socket = connect(syslog!.tcpPort, '127.0.0.1', () => socket.end(`${lines.join('\n')}\n`));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    for (let i = 0; i < 200 && syslog.sink.counts.alerts < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(syslog.sink.counts.alerts).toBe(2);
    const list = await t.as(t.fixtures.acmeUser, { url: '/api/alerts/v1/alerts/' });
    const titles = JSON.stringify(list.json());
    expect(titles).toContain('Deny tcp src outside');
    expect(titles).toContain('Brute force');
    expect(titles).not.toContain('Built connection');
    expect(titles).not.toContain('Forged');
  });

  it('takes RFC 3164 syslog, which has no structured data, with the token as the tag or before the CEF or LEEF', async () => {
    const t = guarded;
    const made = await create(t, t.fixtures.analyst, { kind: 'syslog_cef', name: 'Old firewalls' });
    const id = made.json().id;
    await validate(t, t.fixtures.analyst, id);
    await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.globex.customerId, 'globex-fw');
    const [{ token }] = (await t.as(t.fixtures.analyst, { url: `${BASE}/${id}/syslog-setup` })).json()
      .customers;
    syslog ??= await startSyslogServer(t.database.db, { port: 0, host: '127.0.0.1', log: quiet });
    const before = syslog.sink.counts.alerts;
    const lines = [
      `<134>Nov 29 12:00:01 fw-02 ${token}: CEF:0|Fortinet|FortiGate|7.4|0419016384|Tag token intrusion|9|src=203.0.113.50 dhost=db-02`,
      `<134>Nov 29 12:00:02 qr-02 qradar: ${token} LEEF:1.0|IBM|QRadar|7.5|4002|sev=7\tname=Prefix token scan\tsrc=198.51.100.8`,
      // A token only after the CEF part is the event's own text, not the sender's token.
      `<134>Nov 29 12:00:03 fw-02 asa: CEF:0|Cisco|ASA|9.1|1|Token after CEF|9|msg=${token}`,
      `<134>Nov 29 12:00:04 fw-02 ${token.slice(0, -4)}AAAA: CEF:0|Cisco|ASA|9.1|1|Forged 3164|10|src=10.0.0.1`,
    ];
    await new Promise<void>((resolve, reject) => {
      const socket = connect(syslog!.tcpPort, '127.0.0.1', () => socket.end(`${lines.join('\n')}\n`));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    for (let i = 0; i < 200 && syslog.sink.counts.alerts < before + 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    await syslog.sink.drain();
    expect(syslog.sink.counts.alerts).toBe(before + 2);
    const titles = JSON.stringify(
      (await t.as(t.fixtures.globexUser, { url: '/api/alerts/v1/alerts/' })).json(),
    );
    expect(titles).toContain('Tag token intrusion');
    expect(titles).toContain('Prefix token scan');
    expect(titles).not.toContain('Token after CEF');
    expect(titles).not.toContain('Forged 3164');
    expect(
      JSON.stringify((await t.as(t.fixtures.acmeUser, { url: '/api/alerts/v1/alerts/' })).json()),
    ).not.toContain('Tag token intrusion');
  });
});
