import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners, users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { escalationsClient, twoStepPlan } from './helpers.ts';

describe.each(backends())('escalation plans (%s)', (backend) => {
  let t: TestApp;
  const { call, ok } = escalationsClient(() => t);
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('creates, reads, lists, changes and deletes a plan, with versions', async () => {
    const { analyst, acme } = t.fixtures;
    const created = await ok(analyst, 'POST', '/plans', twoStepPlan(acme.customerId));
    expect(created).toMatchObject({ name: 'Acme night and day', customer_id: acme.customerId, version: 1 });
    expect(created.steps[1]).toEqual({
      name: 'Manager',
      wait_minutes: 30,
      when: 'always',
      contacts: [{ name: 'Maija Manager', email: '', phone: '+358409876543', method: 'voice' }],
    });
    const all = await ok(analyst, 'POST', '/plans', twoStepPlan(null, { name: 'Every customer' }));
    const list = await ok(t.fixtures.viewer, 'GET', '/plans');
    expect(list.plans.map((p: { name: string }) => p.name)).toEqual(['Acme night and day', 'Every customer']);
    const globexOnly = await ok(analyst, 'GET', `/plans?customer_ids=${t.fixtures.globex.customerId}`);
    expect(globexOnly.plans.map((p: { plan_id: string }) => p.plan_id)).toEqual([all.plan_id]);

    const changed = await ok(analyst, 'PUT', `/plans/${created.plan_id}`, {
      ...twoStepPlan(acme.customerId, { name: 'Acme escalations' }),
      version: 1,
    });
    expect(changed).toMatchObject({ name: 'Acme escalations', version: 2 });
    const stale = await call(analyst, 'PUT', `/plans/${created.plan_id}`, {
      ...twoStepPlan(acme.customerId),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call(analyst, 'DELETE', `/plans/${all.plan_id}`)).statusCode).toBe(204);
    expect((await call(analyst, 'GET', `/plans/${all.plan_id}`)).statusCode).toBe(404);
  });

  it('answers every invalid field with the spec message, and stores nothing', async () => {
    const { analyst, acme } = t.fixtures;
    const before = (await ok(analyst, 'GET', '/plans')).plans.length;
    const response = await call(
      analyst,
      'POST',
      '/plans',
      twoStepPlan(acme.customerId, {
        name: ' ',
        time_zone: 'Mars/Olympus',
        steps: [
          {
            name: '',
            wait_minutes: 10,
            contacts: [
              { name: 'No mail', email: 'not-an-address', method: 'email' },
              { name: 'No phone', method: 'sms' },
              { name: 'Bad phone', phone: '+0123', method: 'voice' },
              { name: '', email: 'a@b.test', method: 'pigeon' },
            ],
          },
        ],
        hours: { '1': [{ start: '17:00', end: '09:00' }] },
        holidays: [
          { date: '2026-12-24', description: 'Christmas Eve' },
          { date: '2026-12-24', description: 'Again' },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { field: 'name', reason: 'This field is required.' },
      { field: 'time_zone', reason: 'Please select a valid time zone.' },
      { field: 'steps[0].name', reason: 'This field is required.' },
      { field: 'steps[0].contacts[0].email', reason: 'Please enter a valid email address.' },
      { field: 'steps[0].contacts[1].phone', reason: 'This field is required.' },
      { field: 'steps[0].contacts[2].phone', reason: 'Please enter a valid telephone number.' },
      { field: 'steps[0].contacts[3].name', reason: 'This field is required.' },
      { field: 'steps[0].contacts[3].method', reason: 'Please select a valid contact method.' },
      { field: 'hours.1[0].end', reason: 'The end must be after the start.' },
      { field: 'holidays[1].date', reason: 'This date is already listed.' },
    ]);
    expect((await ok(analyst, 'GET', '/plans')).plans.length).toBe(before);
  });

  it('lets staff with read_all or read_escalation read, modify_all change, and customer users nothing', async () => {
    const { analyst, viewer, acmeUser, acme, partner } = t.fixtures;
    const plan = await ok(analyst, 'POST', '/plans', twoStepPlan(acme.customerId));
    const [reader] = await t.database.db
      .insert(users)
      .values({
        partnerId: partner.partnerId,
        email: 'escalation-reader@test.example',
        firstName: 'Esca',
        lastName: 'Reader',
        roleLevel: 'Global',
        permissions: ['global_user', 'read_escalation'],
      })
      .returning();
    expect((await call(reader!, 'GET', `/plans/${plan.plan_id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/plans/${plan.plan_id}/resolve`)).statusCode).toBe(200);
    const refused = await call(viewer, 'PUT', `/plans/${plan.plan_id}`, {
      ...twoStepPlan(acme.customerId),
      version: 1,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'You need the modify_all permission to change escalation plans.',
    );
    for (const [method, url, body] of [
      ['GET', '/plans', undefined],
      ['GET', `/plans/${plan.plan_id}`, undefined],
      ['POST', '/plans', twoStepPlan(acme.customerId)],
      ['DELETE', `/plans/${plan.plan_id}`, undefined],
      ['POST', '/timeline', { plan: twoStepPlan(acme.customerId) }],
      ['GET', '/escalations?alert_id=1', undefined],
      ['POST', '/escalations', { alert_id: 1, plan_id: plan.plan_id }],
    ] as const) {
      expect((await call(acmeUser, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("never shows another provider's plans", async () => {
    const { analyst, acme } = t.fixtures;
    const plan = await ok(analyst, 'POST', '/plans', twoStepPlan(acme.customerId));
    const everyone = await ok(analyst, 'POST', '/plans', twoStepPlan(null));
    const [other] = await t.database.db.insert(partners).values({ name: 'Other MSSP' }).returning();
    const [stranger] = await t.database.db
      .insert(users)
      .values({
        partnerId: other!.partnerId,
        email: 'staff@other.test',
        firstName: 'Oth',
        lastName: 'Er',
        roleLevel: 'Global',
        permissions: ['global_user', 'read_all', 'modify_all'],
      })
      .returning();
    expect((await ok(stranger!, 'GET', '/plans')).plans).toEqual([]);
    for (const id of [plan.plan_id, everyone.plan_id]) {
      expect((await call(stranger!, 'GET', `/plans/${id}`)).statusCode).toBe(404);
      expect((await call(stranger!, 'DELETE', `/plans/${id}`)).statusCode).toBe(404);
    }
    const foreign = await call(stranger!, 'POST', '/plans', twoStepPlan(acme.customerId));
    expect(foreign.statusCode).toBe(404);
  });
});
