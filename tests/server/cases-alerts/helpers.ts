import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { alerts, cases } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

export const BASE = '/api/cases/v1/cases/';
export type User = { contactId: string } | null;
export type Response = LightMyRequestResponse;

/** The shared app and data of one backend: every suite of this folder runs on it, in order. */
export function caseAlertsContext(backend: Backend) {
  // Filled in by beforeAll, before any suite runs.
  const ctx = {
    t: undefined as unknown as TestApp,
    viewer: undefined as unknown as { contactId: string },
    acmeCase: undefined as unknown as number,
    otherAcmeCase: undefined as unknown as number,
    globexCase: undefined as unknown as number,
    free: undefined as unknown as number[],
    inOther: undefined as unknown as number,
    globexAlert: undefined as unknown as number,
  };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend);
    const { acme, globex } = ctx.t.fixtures;
    const db = ctx.t.database.db;
    ctx.viewer = ctx.t.fixtures.viewer;
    const made = await db
      .insert(cases)
      .values([
        { customerId: acme.customerId, title: 'Acme case' },
        { customerId: acme.customerId, title: 'Other acme case', riskScore: 90 },
        { customerId: globex.customerId, title: 'Globex case' },
      ])
      .returning({ id: cases.id });
    [ctx.acmeCase, ctx.otherAcmeCase, ctx.globexCase] = made.map((r) => r.id) as [number, number, number];
    const freeRows = await db
      .insert(alerts)
      .values(
        [10, 20, 30].map((risk) => ({
          customerId: acme.customerId,
          title: `Free ${risk}`,
          type: 'edr',
          riskScore: risk,
        })),
      )
      .returning({ id: alerts.id });
    ctx.free = freeRows.map((r) => r.id);
    const [moved] = await db
      .insert(alerts)
      .values({
        customerId: acme.customerId,
        caseId: ctx.otherAcmeCase,
        title: 'In other case',
        type: 'edr',
        riskScore: 90,
      })
      .returning({ id: alerts.id });
    ctx.inOther = moved!.id;
    const [secret] = await db
      .insert(alerts)
      .values({
        customerId: globex.customerId,
        caseId: ctx.globexCase,
        title: 'Globex secret alert',
        type: 'edr',
      })
      .returning({ id: alerts.id });
    ctx.globexAlert = secret!.id;
  });
  afterAll(() => ctx.t?.close());

  const get = (user: User, url: string) => ctx.t.as(user, { url });
  const post = (user: User, url: string, payload: object) => ctx.t.as(user, { method: 'POST', url, payload });
  const del = (user: User, url: string) => ctx.t.as(user, { method: 'DELETE', url });
  const expectBadField = (response: Response, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  const caseIdOf = async (alertId: number) =>
    (await ctx.t.database.db.select({ caseId: alerts.caseId }).from(alerts).where(eq(alerts.id, alertId)))[0]!
      .caseId;
  return Object.assign(ctx, { get, post, del, expectBadField, caseIdOf });
}

export type CaseAlertsContext = ReturnType<typeof caseAlertsContext>;
