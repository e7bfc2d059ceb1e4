import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import type { JobLogger } from '../../../src/server/jobs/types.ts';
import type { TestApp } from '../../helpers/app.ts';

export type User = { contactId: string };
const quiet: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/** A plan of two steps with office hours (Mon–Fri 09:00–17:00), in Helsinki. */
export function twoStepPlan(customerId: string | null, over: Record<string, unknown> = {}) {
  return {
    name: 'Acme night and day',
    customer_id: customerId,
    time_zone: 'Europe/Helsinki',
    location: 'Helsinki SOC',
    steps: [
      {
        name: 'On duty',
        wait_minutes: 15,
        contacts: [
          { name: 'Olli Duty', email: 'olli@acme.test', phone: '+358401234567', method: 'sms' },
          { name: 'Desk', email: 'desk@acme.test', method: 'email' },
        ],
      },
      {
        name: 'Manager',
        wait_minutes: 30,
        contacts: [{ name: 'Maija Manager', phone: '+358409876543', method: 'voice' }],
      },
    ],
    hours: Object.fromEntries(['1', '2', '3', '4', '5'].map((d) => [d, [{ start: '09:00', end: '17:00' }]])),
    holidays: [],
    partial_days: [],
    ...over,
  };
}

export function escalationsClient(t: () => TestApp) {
  const call = (user: User | null, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t().as(user, {
      method,
      url: `/api/escalations/v1${url}`,
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });
  const ok = async (user: User, method: InjectOptions['method'], url: string, payload?: unknown) => {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };
  const raiseAlert = async (customerId: string) => {
    const response = await t().as(t().fixtures.analyst, {
      method: 'POST',
      url: '/api/alerts/v1/alerts/',
      payload: {
        title: 'Ransomware note found',
        type: 'malware',
        priority: 'critical',
        customer_id: customerId,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number };
  };
  /** Runs the escalations lane's due jobs at the given time, as the server's worker would. */
  const runJobs = (now: Date) =>
    runDueJobs(t().database.db, {
      workerId: 'test-escalations',
      pollMs: 5,
      handlers: laneHandlers('escalations'),
      schedules: [],
      log: quiet,
      now: () => now,
    });
  return { call, ok, raiseAlert, runJobs };
}
