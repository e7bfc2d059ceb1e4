import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { alerts, cases } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

export const BASE = '/api/cases/v1/cases/';
export type User = { contactId: string } | null;
export type Response = LightMyRequestResponse;

/** The shared app and data of one backend: every suite of this folder runs on it, in order. */
export function casesContext(backend: Backend) {
  // Filled in by beforeAll, before any suite runs.
  const ctx = {
    t: undefined as unknown as TestApp,
    viewer: undefined as unknown as { contactId: string },
    globexCaseId: undefined as unknown as number,
    detailCaseId: undefined as unknown as number,
    pagedIds: undefined as unknown as number[],
    acmeAlerts: undefined as unknown as number[],
    globexAlertId: undefined as unknown as number,
  };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend);
    const { acme, globex } = ctx.t.fixtures;
    const db = ctx.t.database.db;
    ctx.viewer = ctx.t.fixtures.viewer;
    // 23 acme cases for paging; several share updated_at to prove the id tie-break.
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const paged = await db
      .insert(cases)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          customerId: acme.customerId,
          title: `Paged case ${i}`,
          updatedAt: new Date(base + Math.floor(i / 3) * 1000),
          tags: i % 2 === 0 ? ['even'] : ['odd'],
          riskScore: i * 4,
          status: i < 5 ? 'closed' : 'open',
          assignedUsers: i === 7 ? ['analyst@test.example'] : [],
        })),
      )
      .returning({ id: cases.id });
    ctx.pagedIds = paged.map((r) => r.id);
    // Microseconds that a JavaScript Date would lose: keyset paging must still be exact.
    await db.execute(
      sql`update ${cases} set updated_at = updated_at + interval '123 microseconds' where ${cases.id} = ${ctx.pagedIds[4]!}`,
    );
    const [detail] = await db
      .insert(cases)
      .values({
        customerId: acme.customerId,
        title: 'Detail case',
        description: 'Ransomware on the file server',
        updatedAt: new Date(base - 86_400_000),
      })
      .returning();
    ctx.detailCaseId = detail!.id;
    const [secret] = await db
      .insert(cases)
      .values({
        customerId: globex.customerId,
        title: 'Globex secret case',
        tags: ['secret'],
        updatedAt: new Date(base - 86_400_000),
      })
      .returning();
    ctx.globexCaseId = secret!.id;
    const inserted = await db
      .insert(alerts)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          customerId: acme.customerId,
          caseId: ctx.detailCaseId,
          title: `Detail alert ${i}`,
          type: 'edr',
          riskScore: 10 + i,
          hostName: `ACME-${i}`,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: alerts.id });
    await db.insert(alerts).values(
      Array.from({ length: 3 }, (_, i) => ({
        customerId: acme.customerId,
        title: `Free alert ${i}`,
        type: 'edr',
        riskScore: 70 + i,
      })),
    );
    ctx.acmeAlerts = (
      await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(sql`${alerts.caseId} is null and ${alerts.customerId} = ${acme.customerId}`)
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const [globexAlert] = await db
      .insert(alerts)
      .values({ customerId: globex.customerId, title: 'Globex alert', type: 'edr' })
      .returning({ id: alerts.id });
    ctx.globexAlertId = globexAlert!.id;
    expect(inserted).toHaveLength(12);
  });
  afterAll(() => ctx.t?.close());

  const get = (user: User, url: string) => ctx.t.as(user, { url });
  const post = (user: User, url: string, payload: object) => ctx.t.as(user, { method: 'POST', url, payload });
  const put = (user: User, url: string, payload: object) => ctx.t.as(user, { method: 'PUT', url, payload });
  const acmeCase = (extra: object = {}) => ({
    customer_id: ctx.t.fixtures.acme.customerId,
    title: 'New case',
    ...extra,
  });
  const expectBadField = (response: Response, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
  };
  const titles = (response: Response) => response.json().cases.map((c: { title: string }) => c.title);
  return Object.assign(ctx, { get, post, put, acmeCase, expectBadField, titles });
}

export type CasesContext = ReturnType<typeof casesContext>;
