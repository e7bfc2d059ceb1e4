import { afterAll, beforeAll } from 'vitest';
import { alerts, type users } from '../../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

/**
 * The alerts API suites share one app per backend and test file: building an app (migrations
 * above all, on PGlite) costs far more than the tests themselves. Suites run in the order they are
 * registered, each inserting its own data in its own beforeAll, so a suite that counts rows must
 * come before the ones that add alerts for the same customers.
 */
export interface AlertsContext {
  readonly t: TestApp;
  /** Provider staff who may read but not change (no modify_all). */
  readonly viewer: typeof users.$inferSelect;
}

export function alertsContext(backend: Backend): AlertsContext {
  const ctx = {} as { t: TestApp; viewer: typeof users.$inferSelect };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend);
    ctx.viewer = ctx.t.fixtures.viewer;
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}

export type NewAlertRow = typeof alerts.$inferInsert;

/** Test data, inserted through the system connection. */
export async function insertAlerts(t: TestApp, rows: NewAlertRow[]) {
  return t.database.db.insert(alerts).values(rows).returning();
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
