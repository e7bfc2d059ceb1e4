import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerIndicators,
  threatIndicators,
  threatWarningList,
} from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

const HASH = '44d88612fea8a8f36de82e1278abb02f';

describe.each(backends())('sightings from alert fields on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.database.db.insert(threatIndicators).values([
      { kind: 'ip', value: '198.51.100.7', det: 'B', risk: 90, source: 'c2-feed', malwareGroup: 'Qakbot' },
      { kind: 'file', value: HASH, det: 'B', risk: 100, source: 'misp' },
      { kind: 'domain', value: 'cdn.good.example', det: 'B', risk: 40, source: 'hosts' },
    ]);
    await t.database.db
      .insert(threatWarningList)
      .values({ kind: 'domain', value: 'good.example', list: 'top sites' });
    // Acme's own verdict on a value no one else flags.
    await t.database.db.insert(customerIndicators).values({
      customerId: t.fixtures.acme.customerId,
      kind: 'domain',
      value: 'acme-only.example',
      det: 'B',
      risk: 75,
      createdBy: t.fixtures.acmeUser.contactId,
    });
  });
  afterAll(() => t.close());

  const raise = (user: { contactId: string }, customerId: string, fields: Record<string, unknown>) =>
    t.as(user, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      payload: { customer_id: customerId, title: 'Outbound beacon', type: 'edr', fields },
    });
  const sightings = (user: { contactId: string }, query: string) =>
    t.as(user, { method: 'GET', url: `/api/threat/sightings?${query}` });

  const FIELDS = {
    network: { destination_ip: '198.51.100.7', source_ip: '10.0.0.5' },
    file: { md5: HASH.toUpperCase() },
    url: 'hxxps://cdn.good[.]example/update',
    dns: ['acme-only.example', 'good.example', 'unknown.example.net'],
    note: 'x'.repeat(5000),
  };

  it('records every field that matches an indicator, on the one alert path, and shows them on the alert', async () => {
    const created = await raise(t.fixtures.acmeUser, t.fixtures.acme.customerId, FIELDS);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const response = await sightings(t.fixtures.acmeUser, `alert_id=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().sightings as Record<string, unknown>[];
    expect(rows.map((r) => [r.field, r.kind, r.value, r.det, r.risk, r.context, r.alert_id]).sort()).toEqual(
      [
        ['network.destination_ip', 'ip', '198.51.100.7', 'B', 90, 'alert', id],
        ['file.md5', 'file', HASH, 'B', 100, 'alert', id],
        ['dns[0]', 'domain', 'acme-only.example', 'B', 75, 'alert', id],
      ].sort(),
    );
    // cdn.good.example is flagged, but under the warning-listed good.example: known good, no sighting.
    expect(rows.some((r) => r.value === 'cdn.good.example')).toBe(false);
    expect(rows.find((r) => r.kind === 'ip')).toMatchObject({ malware_group: 'Qakbot', source: 'c2-feed' });
  });

  it('shows them on the indicator, with look-ups, to the customer that saw them only', async () => {
    const globexAlert = await raise(t.fixtures.globexUser, t.fixtures.globex.customerId, {
      destination_ip: '198.51.100.7',
      // Acme's own indicator means nothing for Globex: no sighting.
      domain: 'acme-only.example',
    });
    expect(globexAlert.statusCode, globexAlert.body).toBe(201);
    const globexId = globexAlert.json().id as number;
    const acme = (await sightings(t.fixtures.acmeUser, 'kind=ip&value=198.51.100.7')).json().sightings;
    expect(acme.map((s: { customer_id: string }) => s.customer_id)).toEqual([t.fixtures.acme.customerId]);
    const globex = (await sightings(t.fixtures.globexUser, `alert_id=${globexId}`)).json().sightings;
    expect(globex.map((s: { value: string }) => s.value)).toEqual(['198.51.100.7']);
    // Staff see both customers' sightings of the value.
    const staff = (await sightings(t.fixtures.analyst, 'kind=ip&value=198.51.100.7')).json().sightings;
    expect(staff.map((s: { customer_id: string }) => s.customer_id).sort()).toEqual(
      [t.fixtures.acme.customerId, t.fixtures.globex.customerId].sort(),
    );
    // The look-up's count includes the alert's sighting.
    const lookup = await t.as(t.fixtures.globexUser, { method: 'GET', url: '/api/threat/ip/198.51.100.7' });
    expect(lookup.json().sightings.count).toBe(2);
    // Another customer's alert is not found, and says nothing of its fields.
    const foreign = await sightings(t.fixtures.acmeUser, `alert_id=${globexId}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a query that names neither an alert nor a value, or both', async () => {
    const none = await sightings(t.fixtures.acmeUser, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details).toEqual([
      { field: 'alert_id', reason: 'or kind and value are required: say whose sightings to list' },
    ]);
    expect((await sightings(t.fixtures.acmeUser, 'alert_id=1&kind=ip&value=1.2.3.4')).statusCode).toBe(400);
    expect((await sightings(t.fixtures.acmeUser, 'kind=url&value=x')).statusCode).toBe(400);
    expect(
      (await t.as(null, { method: 'GET', url: '/api/threat/sightings?kind=ip&value=1.2.3.4' })).statusCode,
    ).toBe(401);
  });
});
