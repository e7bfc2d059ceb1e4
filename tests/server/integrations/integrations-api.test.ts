import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, integrations } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';
import { BASE, create, deliver, mapCustomer, SECRET, validate } from './helpers.ts';

/** Integrations' instances, secrets, validation, mappings and signed webhooks, as API clients see them. */
describe.each(backends())('integrations API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const webhook = async (name: string) => {
    const made = await create(t, t.fixtures.analyst, {
      kind: 'webhook',
      name,
      settings: { tenant: 'tenant.id' },
      secrets: { signing_secret: SECRET },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string };
  };

  it('needs global_user with read_all or read_integration to read, and staff with modify_all to change', async () => {
    expect((await t.as(null, { url: BASE })).statusCode).toBe(401);
    expect((await t.as(t.fixtures.acmeUser, { url: BASE })).statusCode).toBe(403);
    expect((await t.as(t.fixtures.viewer, { url: BASE })).statusCode).toBe(200);
    const refused = await create(t, t.fixtures.viewer, { kind: 'webhook', name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not have permission to change integrations.');
    const { id } = await webhook('Permissions');
    for (const [method, url] of [
      ['PUT', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/validate`],
      ['POST', `${BASE}/${id}/mappings`],
      ['POST', `${BASE}/${id}/host-mappings`],
    ] as const)
      expect((await t.as(t.fixtures.viewer, { method, url, payload: {} })).statusCode).toBe(403);
    for (const url of [`${BASE}/${id}`, `${BASE}/${id}/mappings`, `${BASE}/${id}/event-bridge`])
      expect((await t.as(t.fixtures.acmeUser, { url })).statusCode).toBe(403);
    expect((await t.as(t.fixtures.viewer, { url: `${BASE}/${id}/event-bridge` })).statusCode).toBe(200);
  });

  it("refuses bad settings field by field with the spec's wording and stores nothing", async () => {
    const before = (await t.database.db.select().from(integrations)).length;
    const bad = await create(t, t.fixtures.analyst, {
      kind: 'webhook',
      name: 'Bad',
      secrets: { signing_secret: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      {
        field: 'secrets.signing_secret',
        reason: 'The value is too short. It must be at least 32 characters.',
      },
    ]);
    // A new instance may be saved incomplete; validating it names what is missing.
    const incomplete = await create(t, t.fixtures.analyst, { kind: 'webhook', name: 'Incomplete' });
    expect(incomplete.statusCode, incomplete.body).toBe(201);
    expect(incomplete.json().secrets).toEqual({ signing_secret: 'not set' });
    const checked = await validate(t, t.fixtures.analyst, incomplete.json().id);
    expect(checked.json()).toMatchObject({
      valid: false,
      message: 'Unable to validate instance settings',
      issues: [{ field: 'secrets.signing_secret', reason: 'Please provide a value.' }],
    });
    await t.as(t.fixtures.analyst, { method: 'DELETE', url: `${BASE}/${incomplete.json().id}` });
    const pattern = await create(t, t.fixtures.analyst, {
      kind: 'pagerduty',
      name: 'PD',
      secrets: { routing_key: 'nope' },
    });
    expect(pattern.json().error.details).toEqual([
      {
        field: 'secrets.routing_key',
        reason: 'Please provide a valid value. It must have the format 32 letters or digits.',
      },
    ]);
    const long = await create(t, t.fixtures.analyst, {
      kind: 'slack',
      name: 'Slack',
      secrets: { webhook_url: `https://hooks.example/${'x'.repeat(600)}` },
    });
    expect(long.json().error.details[0].reason).toBe(
      'The value is too long. It must be less than 500 characters.',
    );
    const expression = await create(t, t.fixtures.analyst, {
      kind: 'webhook',
      name: 'Bad expression',
      settings: { tenant: 'tenant.(' },
      secrets: { signing_secret: SECRET },
    });
    expect(expression.statusCode).toBe(400);
    expect(expression.json().error.details[0].field).toBe('settings.tenant');
    const unknown = await create(t, t.fixtures.analyst, { kind: 'carrier_pigeon', name: 'x' });
    expect(unknown.json().error.details[0].field).toBe('kind');
    const stray = await create(t, t.fixtures.analyst, {
      kind: 'webhook',
      name: 'x',
      settings: { signing_secret: SECRET },
    });
    expect(stray.json().error.details[0]).toEqual({
      field: 'settings.signing_secret',
      reason: 'is not a setting of webhook',
    });
    expect((await t.database.db.select().from(integrations)).length).toBe(before);
  });

  it('seals credentials at rest, never answers them, and audits changes without them', async () => {
    const { id } = await webhook('Secrets');
    const answers = [
      await t.as(t.fixtures.analyst, { url: BASE }),
      await t.as(t.fixtures.analyst, { url: `${BASE}/${id}` }),
      await t.as(t.fixtures.analyst, { url: `${BASE}/${id}/event-bridge` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(SECRET);
    }
    expect(answers[1]!.json()).toMatchObject({
      kind: 'webhook',
      direction: 'in',
      secrets: { signing_secret: 'set' },
      settings: { tenant: 'tenant.id' },
      validated_at: null,
    });
    expect(answers[2]!.json()).toMatchObject({ key_name: 'Authorization', signing_secret: 'set' });
    const [row] = await t.database.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row!.secrets).not.toContain(SECRET);
    expect(JSON.stringify(row!.settings)).not.toContain(SECRET);

    // Leaving a secret out keeps it; renaming is audited, the secret never is.
    const renamed = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', secrets: { signing_secret: 'set' } });
    const cleared = await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { secrets: { signing_secret: null } },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.details[0]).toEqual({
      field: 'secrets.signing_secret',
      reason: 'Please provide a value.',
    });
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
    expect(JSON.stringify(trail)).not.toContain(SECRET);
    expect(trail.find((entry) => entry.action === 'create')!.after).toMatchObject({
      secrets_set: ['signing_secret'],
    });
  });

  it('refuses mappings until the settings are validated, and an external customer for a second customer', async () => {
    const { id } = await webhook('Mapped');
    const early = await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, 'tenant-1');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      "Save and validate the integration's settings before mapping customers.",
    );
    const checked = await validate(t, t.fixtures.analyst, id);
    expect(checked.json()).toMatchObject({ valid: true, message: null, issues: [] });
    expect(checked.json().integration.validated_at).not.toBeNull();

    const mapped = await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, 'tenant-1');
    expect(mapped.statusCode, mapped.body).toBe(201);
    expect(mapped.json()).toMatchObject({ customer_name: 'Acme Test', external_id: 'tenant-1' });
    const again = await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, 'tenant-1');
    expect(again.json().id).toBe(mapped.json().id);
    const second = await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.globex.customerId, 'tenant-1');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'An external customer cannot be mapped to multiple internal customers.',
    );

    const host = await t.as(t.fixtures.analyst, {
      method: 'POST',
      url: `${BASE}/${id}/host-mappings`,
      payload: { customer_id: t.fixtures.globex.customerId, host_name: 'FW-01' },
    });
    expect(host.statusCode, host.body).toBe(201);
    const list = await t.as(t.fixtures.viewer, { url: `${BASE}/${id}/mappings` });
    expect(list.json()).toMatchObject({
      customers: [{ external_id: 'tenant-1', customer_id: t.fixtures.acme.customerId }],
      hosts: [{ host_name: 'fw-01', customer_name: expect.any(String) }],
    });

    // A changed setting needs validating again.
    await t.as(t.fixtures.analyst, {
      method: 'PUT',
      url: `${BASE}/${id}`,
      payload: { settings: { tenant: 'org' } },
    });
    const stale = await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.globex.customerId, 'tenant-2');
    expect(stale.statusCode).toBe(409);
  });

  it("answers 404 for another provider's integration", async () => {
    const [other] = await t.database.db
      .insert(integrations)
      .values({ partnerId: crypto.randomUUID(), kind: 'webhook', name: 'Elsewhere' })
      .returning();
    for (const url of [`${BASE}/${other!.id}`, `${BASE}/${other!.id}/mappings`])
      expect((await t.as(t.fixtures.analyst, { url })).statusCode).toBe(404);
    expect((await t.as(t.fixtures.analyst, { url: BASE })).body).not.toContain(other!.id);
    const validated = await validate(t, t.fixtures.analyst, other!.id);
    expect(validated.statusCode).toBe(404);
  });

  it('turns a signed delivery into an alert for the mapped customer; refuses wrong, stale and replayed ones', async () => {
    const { id } = await webhook('Deliveries');
    await validate(t, t.fixtures.analyst, id);
    await mapCustomer(t, t.fixtures.analyst, id, t.fixtures.acme.customerId, 'acme-tenant');
    const payload = {
      tenant: { id: 'acme-tenant' },
      title: 'Impossible travel',
      type: 'identity',
      priority: 'high',
      fields: { user: 'ceo@acme.test' },
    };
    const accepted = await deliver(t, id, payload);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const alertId = accepted.json().alert_id;
    const seen = await t.as(t.fixtures.acmeUser, { url: `/api/alerts/v1/alerts/${alertId}` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ title: 'Impossible travel', priority: 'high', status: 'new' });
    expect((await t.as(t.fixtures.globexUser, { url: `/api/alerts/v1/alerts/${alertId}` })).statusCode).toBe(
      404,
    );

    // The same delivery again is a replay.
    const timestamp = Math.floor(Date.now() / 1000) - 5;
    const once = await deliver(t, id, { ...payload, title: 'Once' }, { timestamp });
    expect(once.statusCode).toBe(201);
    const replayed = await deliver(t, id, { ...payload, title: 'Once' }, { timestamp });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.message).toContain('already accepted');

    expect(
      (await deliver(t, id, payload, { secret: 'another-secret-of-at-least-32-characters!' })).statusCode,
    ).toBe(401);
    expect((await deliver(t, id, payload, { timestamp: timestamp - 3600 })).statusCode).toBe(401);
    const noSignature = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/webhooks/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(noSignature.statusCode).toBe(401);
    // The event bridge sends the same signature under the key name Authorization.
    expect(
      (await deliver(t, id, { ...payload, title: 'Bridge' }, { header: 'authorization' })).statusCode,
    ).toBe(201);

    const unmapped = await deliver(t, id, { ...payload, tenant: { id: 'nobody' } });
    expect(unmapped.statusCode).toBe(422);
    expect(unmapped.json().error.message).toBe('The tenant nobody is not mapped to a customer.');
    const untitled = await deliver(t, id, { tenant: { id: 'acme-tenant' } });
    expect(untitled.statusCode).toBe(422);
    expect((await deliver(t, crypto.randomUUID(), payload)).statusCode).toBe(404);
  });
});
