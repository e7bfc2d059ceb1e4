import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { laneHandlers } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { backends, sharedDatabase } from '../../helpers/database.ts';
import { type Fixtures, insertFixtures } from '../../helpers/fixtures.ts';
import { type ListedRun, quiet } from './helpers.ts';

/**
 * The dispatcher keeps each provider's published workflows between alerts (engine/published.ts).
 * Here the API runs on one handle of the database and the workflows lane on another, as an API
 * process and a worker process do (on PGlite, which one process owns, the same handle twice): the
 * worker has dispatched an alert of the provider, so it keeps the provider's workflows, before each
 * change is made through the API; the very next alert then runs as the change says.
 */
describe.each(backends())('workflow changes seen by the next alert in another process, on %s', (backend) => {
  let app: FastifyInstance;
  let worker: Database;
  let fixtures: Fixtures;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const { first, second } = await sharedDatabase(backend);
    fixtures = await insertFixtures(first.db);
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    app = await buildApp(config, first, { logger: false });
    worker = second;
    close = async () => {
      await app.close();
      await first.close();
    };
  });
  afterAll(() => close());

  const call = async (method: InjectOptions['method'], url: string, payload?: object) => {
    const token = (await app.sessionTokens.issue(fixtures.analyst.contactId)).access_token;
    const response = await app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
      cookies: { 'XSRF-TOKEN': 'x' },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? null : response.json();
  };
  /** The worker's pass over the workflows lane: the alert's dispatch, then the steps it queued. */
  const work = () =>
    runDueJobs(worker.db, {
      workerId: 'other-process',
      pollMs: 5,
      handlers: laneHandlers('workflows'),
      schedules: [],
      log: quiet,
    });
  let n = 0;
  /** A new alert of the type, dispatched by the worker: the workflows and versions that ran on it. */
  const alertRuns = async (type: string) => {
    n++;
    const alert = await call('POST', '/api/alerts/v1/alerts/', {
      title: `Changed workflows ${n}`,
      type,
      priority: 'high',
      customer_id: fixtures.acme.customerId,
    });
    await work();
    const { runs } = await call('GET', `/api/soar/v1/alerts/${alert.id}/runs`);
    return (runs as (ListedRun & { workflow_id: string })[]).map((run) => [
      run.workflow_id,
      run.version,
      run.status,
    ]);
  };
  const workflow = (type: string, message: string) => ({
    name: `Note on ${type}`,
    customer_id: [fixtures.acme.customerId],
    trigger_id: 'alert_created',
    trigger_filter: { types: [type] },
    task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message, private: true } }],
  });

  it('starts a workflow published, resumed or published again a moment ago, and no longer one paused or deleted', async () => {
    const type = 'kept-workflows';
    expect(await alertRuns(type)).toEqual([]);

    const created = await call('POST', '/api/soar/v1/workflows', workflow(type, 'first'));
    const id = created.workflow_id as string;
    let current = await call('POST', `/api/soar/v1/workflows/${id}/publish`, { version: created.version });
    expect(await alertRuns(type)).toEqual([[id, 1, 'succeeded']]);

    current = await call('POST', `/api/soar/v1/workflows/${id}/pause`, { paused: true });
    expect(await alertRuns(type)).toEqual([]);
    current = await call('POST', `/api/soar/v1/workflows/${id}/pause`, { paused: false });
    expect(await alertRuns(type)).toEqual([[id, 1, 'succeeded']]);

    const edited = await call('PUT', '/api/soar/v1/workflows', {
      workflow_id: id,
      version: current.version,
      task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: 'second' } }],
    });
    // An edit not yet published changes nothing the trigger starts.
    expect(await alertRuns(type)).toEqual([[id, 1, 'succeeded']]);
    await call('POST', `/api/soar/v1/workflows/${id}/publish`, { version: edited.version });
    expect(await alertRuns(type)).toEqual([[id, 2, 'succeeded']]);

    await call('DELETE', `/api/soar/v1/workflows/${id}`);
    expect(await alertRuns(type)).toEqual([]);
  });

  it('starts a workflow that now matches the alert after being published again with another filter', async () => {
    const created = await call('POST', '/api/soar/v1/workflows', workflow('filtered-before', 'note'));
    const id = created.workflow_id as string;
    const first = await call('POST', `/api/soar/v1/workflows/${id}/publish`, { version: created.version });
    expect(await alertRuns('filtered-after')).toEqual([]);
    const edited = await call('PUT', '/api/soar/v1/workflows', {
      workflow_id: id,
      version: first.version,
      trigger_filter: { types: ['filtered-after'] },
    });
    await call('POST', `/api/soar/v1/workflows/${id}/publish`, { version: edited.version });
    expect(await alertRuns('filtered-after')).toEqual([[id, 2, 'succeeded']]);
    expect(await alertRuns('filtered-before')).toEqual([]);
  });
});
