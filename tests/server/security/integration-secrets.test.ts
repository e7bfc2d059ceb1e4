import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../src/server/auth/secret-box.ts';
import { alerts, integrations } from '../../../src/server/db/schema/index.ts';
import { APP_ROLE } from '../../../src/server/db/tenancy.ts';
import { Rng } from '../../../src/server/seed/prng.ts';
import { seedIntegrations } from '../../../src/server/seed/triage-setup.ts';
import type { CustomerRef } from '../../../src/server/seed/types.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { backends } from '../../helpers/database.ts';

/** Integration settings leave the server only through an allowlist; credentials are sealed at rest. */
describe.each(backends())('integration settings and secrets, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('returns only the settings its kind lists, never a credential', async () => {
    const box = await SecretBox.open(t.database.db, undefined);
    const [integration] = await t.database.db
      .insert(integrations)
      .values({
        partnerId: t.fixtures.partner.partnerId,
        kind: 'microsoft_defender',
        name: 'Defender',
        settings: {
          region: 'eu-west',
          tenant_id: 'b3b0a7f4-0000-4000-8000-000000000001',
          client_id: 'c1d2',
          webhook_url: 'https://hooks.example/in?sig=leak-1',
          connection_string: 'Server=db;User=sa;Pwd=leak-2',
          auth: { bearer: 'leak-3' },
        },
      })
      .returning();
    const sealed = box.seal({ client_secret: 'leak-4' }, integration!.id);
    await t.database.db
      .update(integrations)
      .set({ secrets: sealed })
      .where(eq(integrations.id, integration!.id));
    const [alert] = await t.database.db
      .insert(alerts)
      .values({
        customerId: t.fixtures.acme.customerId,
        title: 'Defender alert',
        type: 'edr',
        integrationId: integration!.id,
      })
      .returning();

    const response = await t.as(t.fixtures.analyst, {
      url: `/api/alerts/v1/alerts/${alert!.id}/integration`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toEqual({
      region: 'eu-west',
      tenant_id: 'b3b0a7f4-0000-4000-8000-000000000001',
      client_id: 'c1d2',
    });
    expect(response.body).not.toMatch(/leak-\d/);
    expect(response.body).not.toContain(sealed);
  });

  it('request work cannot read sealed credentials at all: the app role has no select on them', async () => {
    const code = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        await tx.execute(sql`select secrets from integrations`);
      })
      .then(
        () => 'read',
        (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
      );
    expect(code).toBe('42501');
    // Every other column stays readable, and the credential writable.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(sql`select id, kind, name, settings from integrations`);
    });
  });

  it('an unknown kind shows only the settings every kind shares', async () => {
    const [integration] = await t.database.db
      .insert(integrations)
      .values({
        partnerId: t.fixtures.partner.partnerId,
        kind: 'new_product',
        name: 'New product',
        settings: { region: 'us-east', tenant_id: 'x', api_url: 'https://u:p@api.example' },
      })
      .returning();
    const [alert] = await t.database.db
      .insert(alerts)
      .values({
        customerId: t.fixtures.acme.customerId,
        title: 'x',
        type: 'edr',
        integrationId: integration!.id,
      })
      .returning();
    const response = await t.as(t.fixtures.analyst, {
      url: `/api/alerts/v1/alerts/${alert!.id}/integration`,
    });
    expect(response.json().settings).toEqual({ region: 'us-east' });
  });

  it('the demo seed keeps client secrets sealed, bound to their integration', async () => {
    const box = await SecretBox.open(t.database.db, undefined);
    const customer = {
      customerId: t.fixtures.globex.customerId,
      name: 'Globex',
      domain: 'globex.example',
      countryIso: 'FI',
    };
    const ids = await seedIntegrations(
      t.database.db,
      new Rng(42),
      t.fixtures.partner.partnerId,
      [customer as CustomerRef],
      Date.now(),
      box,
    );
    const rows = await t.database.db.select().from(integrations);
    const seeded = rows.filter((row) => [...ids.values()].includes(row.id));
    expect(seeded).toHaveLength(ids.size);
    for (const row of seeded) {
      expect(Object.keys(row.settings).some((name) => /secret|token|password/i.test(name))).toBe(false);
      expect(row.secrets).toMatch(/^v1\./);
      const opened = box.unseal(row.secrets!, row.id) as { client_secret: string };
      expect(opened.client_secret).toMatch(/^demo-/);
      expect(row.secrets).not.toContain(opened.client_secret);
    }
    const [first, second] = seeded;
    expect(() => box.unseal(first!.secrets!, second!.id)).toThrow();
  });

  it('a configured key seals differently, and values sealed with the other key do not open', async () => {
    const stored = await SecretBox.open(t.database.db, undefined);
    const configured = await SecretBox.open(t.database.db, randomBytes(32).toString('base64'));
    const sealed = stored.seal({ api_token: 'x' }, 'row-1');
    expect(() => configured.unseal(sealed, 'row-1')).toThrow(/another key/);
    expect(configured.unseal(configured.seal({ api_token: 'x' }, 'row-1'), 'row-1')).toEqual({
      api_token: 'x',
    });
  });
});
