import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import type { Backend } from '../../helpers/database.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** One app per backend for a test file, and the calls a log shipper and the console make. */
export function logsContext(backend: Backend, env: NodeJS.ProcessEnv = {}) {
  const ctx = { t: undefined as unknown as TestApp };
  beforeAll(async () => {
    ctx.t = await createTestApp(backend, env);
  });
  afterAll(() => ctx.t?.close());

  /** A fresh ingest token of the customer for a source (created by provider staff). */
  const tokenFor = async (customerId: string, source = 'windows') => {
    const response = await ctx.t.as(ctx.t.fixtures.analyst, {
      method: 'POST',
      url: '/api/search/v1/ingest-tokens',
      payload: { customer_id: customerId, name: 'Shipper', source },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().token as string;
  };

  /** A batch as a shipper sends it: its token only, no cookie, no XSRF header. */
  const ingest = (token: string | null, payload: unknown, options: Partial<InjectOptions> = {}) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/events',
      ...options,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'content-type': 'application/json',
        ...options.headers,
      },
      payload:
        typeof payload === 'string' || (payload && typeof (payload as { pipe?: unknown }).pipe === 'function')
          ? (payload as string)
          : JSON.stringify(payload),
    });

  /** Runs the queued searches as the job runner would (only that kind: no schedules). */
  const runSearches = () =>
    runDueJobs(ctx.t.database.db, {
      workerId: 'test',
      pollMs: 10,
      log: quiet,
      handlers: { 'run-search': JOB_HANDLERS['run-search']! },
      schedules: [],
    });

  return Object.assign(ctx, { tokenFor, ingest, runSearches });
}
