import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisioningOf } from '../../../src/server/areas/provisioning/handlers.ts';
import { agents, customerSubscriptions } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

describe('provisioning stages', () => {
  const facts = { customerId: 'c', name: 'C', agents: 0, firstAgentAt: null };
  it('counts two business days, skipping the weekend', () => {
    // Friday 15:00 UTC: due Tuesday 15:00.
    const friday = new Date('2026-11-27T15:00:00Z');
    const status = provisioningOf({ ...facts, subscribedAt: friday }, new Date('2026-11-30T09:00:00Z'));
    expect(status).toMatchObject({ stage: 'provisioning', expected_by: '2026-12-01T15:00:00.000Z' });
    expect(provisioningOf({ ...facts, subscribedAt: friday }, new Date('2026-12-01T15:00:00Z')).stage).toBe(
      'ready',
    );
  });
  it('is ready as soon as an agent enrolled, and waits without a subscription', () => {
    const now = new Date('2026-11-30T09:00:00Z');
    expect(provisioningOf({ ...facts, subscribedAt: now, agents: 1 }, now).stage).toBe('ready');
    expect(provisioningOf({ ...facts, subscribedAt: null }, now)).toMatchObject({
      stage: 'awaiting_subscription',
      expected_by: null,
    });
  });
});

describe.each(backends())('getProvisioningStatus on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const { acme, globex } = t.fixtures;
    await t.database.db.insert(customerSubscriptions).values([
      { customerId: acme.customerId, product: 'MDR', billing: 'endpoint' },
      {
        customerId: globex.customerId,
        product: 'MDR',
        billing: 'endpoint',
        createdAt: new Date('2026-01-05T10:00:00Z'),
      },
    ]);
    await t.database.db.insert(agents).values({
      customerId: globex.customerId,
      hostName: 'GLOBEX-01',
      platform: 'linux',
      architecture: 'x64',
      version: '4.12.3',
      heartbeatAt: new Date(),
    });
  });
  afterAll(() => t.close());

  it('shows a customer user only their own customer, in progress after a new subscription', async () => {
    const response = await t.as(t.fixtures.acmeUser, { url: '/api/provisioning/v1/status' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(1);
    expect(body.customers).toEqual([
      expect.objectContaining({
        customer_id: t.fixtures.acme.customerId,
        name: 'Acme Test',
        stage: 'provisioning',
        agents: 0,
      }),
    ]);
    expect(Date.parse(body.customers[0].expected_by)).toBeGreaterThan(Date.now());
  });

  it('lists staff every customer, the ones in progress first', async () => {
    const response = await t.as(t.fixtures.analyst, { url: '/api/provisioning/v1/status' });
    const body = response.json();
    expect(body.customers.map((c: { name: string; stage: string }) => [c.name, c.stage])).toEqual([
      ['Acme Test', 'provisioning'],
      ['Globex Test', 'ready'],
    ]);
    expect(body.customers[1]).toMatchObject({ agents: 1, subscribed_at: '2026-01-05T10:00:00.000Z' });
  });

  it('asks for a sign-in', async () => {
    const response = await t.app.inject({ url: '/api/provisioning/v1/status' });
    expect(response.statusCode).toBe(401);
  });
});
