import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { agents, alerts, cases } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

export const BASE = '/api/management/customers';
export type User = { contactId: string } | null;

/** The shared app of one backend: Acme has 2 agents, 3 alerts and 1 case; Globex 1 alert. */
export function customersContext(backend: Backend) {
  const ctx = {
    t: undefined as unknown as TestApp,
    call(user: User, method: InjectOptions['method'], url: string, payload?: unknown) {
      return ctx.t.as(user, { method, url, ...(payload !== undefined && { payload: payload as object }) });
    },
    expectBadField(response: { statusCode: number; json(): unknown }, field: string, reason?: string) {
      expect(response.statusCode).toBe(400);
      const details = (response.json() as { error: { details: { field: string; reason: string }[] } }).error
        .details;
      expect(details[0]?.field).toBe(field);
      if (reason) expect(details[0]?.reason).toBe(reason);
    },
  };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend);
    const { acme, globex } = ctx.t.fixtures;
    const db = ctx.t.database.db;
    await db.insert(agents).values(
      ['ACME-1', 'ACME-2'].map((hostName) => ({
        customerId: acme.customerId,
        hostName,
        platform: 'windows-11',
        architecture: 'x64',
        version: '5.1.0',
      })),
    );
    await db
      .insert(alerts)
      .values([
        ...[1, 2, 3].map((i) => ({ customerId: acme.customerId, title: `Acme ${i}`, type: 'edr' })),
        { customerId: globex.customerId, title: 'Globex 1', type: 'edr' },
      ]);
    await db.insert(cases).values({ customerId: acme.customerId, title: 'Acme case' });
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

export type CustomersContext = ReturnType<typeof customersContext>;
