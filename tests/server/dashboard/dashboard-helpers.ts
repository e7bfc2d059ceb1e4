import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const ago = (ms: number) => new Date(Date.now() - ms);
/** The UTC date (YYYY-MM-DD) that many days before today. */
export const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** An alert row of a type, created (and last changed) at a time. */
export const alertRow = (
  customerId: string,
  created: Date,
  priority: string,
  status: string,
  type: string,
) => ({
  customerId,
  title: `${type} on a host`,
  type,
  priority,
  status,
  createdAt: created,
  updatedAt: created,
});

type Person = keyof Pick<TestApp['fixtures'], 'analyst' | 'acmeUser' | 'globexUser'>;

/** A dashboard read as a person, which must answer 200: its body. */
export const dashboardReader = (app: () => TestApp) => async (person: Person, url: string) => {
  const t = app();
  const response = await t.as(t.fixtures[person], { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
