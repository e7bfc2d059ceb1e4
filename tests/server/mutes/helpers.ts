import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { alerts, mutes } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

export const BASE = '/api/alerts/v1/mutes/';
export const MISSING = '00000000-0000-4000-8000-000000000000';
export const hostIs = (value: string) => [{ field: 'host_name', operator: 'equals', value }];

/** The shared app and data of one backend: every suite of this folder runs on it, in order. */
export function mutesContext(backend: Backend) {
  // Filled in by beforeAll, before any suite runs.
  const ctx = {
    t: undefined as unknown as TestApp,
    viewer: undefined as unknown as { contactId: string },
    acmeAlertId: undefined as unknown as number,
    closedAlertId: undefined as unknown as number,
    globexAlertId: undefined as unknown as number,
    mute: {} as Record<string, string>,
  };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend);
    const { acme, globex } = ctx.t.fixtures;
    const db = ctx.t.database.db;
    ctx.viewer = ctx.t.fixtures.viewer;
    const inserted = await db
      .insert(alerts)
      .values([
        {
          customerId: acme.customerId,
          title: 'Acme noisy scanner',
          type: 'ids',
          hostName: 'ACME-SCAN-01',
          status: 'open',
        },
        {
          customerId: acme.customerId,
          title: 'Acme closed thing',
          type: 'ids',
          hostName: 'ACME-SCAN-02',
          status: 'closed',
        },
        { customerId: globex.customerId, title: 'Globex secret', type: 'edr', hostName: 'GLOBEX-01' },
      ])
      .returning({ id: alerts.id });
    [ctx.acmeAlertId, ctx.closedAlertId, ctx.globexAlertId] = inserted.map((r) => r.id) as [
      number,
      number,
      number,
    ];
    const hour = 3_600_000;
    const now = Date.now();
    const rows = await db
      .insert(mutes)
      .values([
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-A'),
          description: 'acme active',
          expiresAt: new Date(now + hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-I'),
          description: 'acme inactive',
          state: 'inactive',
          expiresAt: new Date(now + hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-E'),
          description: 'acme expired',
          state: 'expired',
          expiresAt: new Date(now - hour),
        },
        {
          customerId: acme.customerId,
          conditions: hostIs('ACME-P'),
          description: 'acme past due',
          expiresAt: new Date(now - 1000),
        },
        {
          customerId: globex.customerId,
          conditions: hostIs('GLOBEX-01'),
          description: 'globex secret mute',
          expiresAt: new Date(now + hour),
        },
      ])
      .returning();
    for (const row of rows) ctx.mute[row.description] = row.id;
  });
  afterAll(() => ctx.t?.close());

  const get = (user: { contactId: string } | null, url: string) => ctx.t.as(user, { url });
  const post = (user: { contactId: string } | null, url: string, payload?: object) =>
    ctx.t.as(user, { method: 'POST', url, payload });
  const put = (user: { contactId: string } | null, url: string, payload: object) =>
    ctx.t.as(user, { method: 'PUT', url, payload });
  const create = (payload: object, user: { contactId: string } = ctx.t.fixtures.analyst) =>
    post(user, BASE, payload);
  const acmeMute = (extra: object = {}) => ({
    customer_id: ctx.t.fixtures.acme.customerId,
    conditions: hostIs('ACME-NEW'),
    ...extra,
  });
  const expectBadField = (response: LightMyRequestResponse, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  return Object.assign(ctx, { get, post, put, create, acmeMute, expectBadField });
}

export type MutesContext = ReturnType<typeof mutesContext>;
