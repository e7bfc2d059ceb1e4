import { afterAll, beforeAll } from 'vitest';
import type { Backend } from '../../helpers/database.ts';
import { workflowsContext } from './helpers.ts';

/**
 * The workflows context of steps that act outside the product (Defender, escalation plans,
 * integrations): a local server standing in for the outside one, the outbound allow list opened
 * to it while the tests run, fresh alert types, the one run of an alert, and a workflow that
 * runs given steps on the alerts of one type.
 */
export function outsideContext<Server extends { close(): Promise<void> }>(
  backend: Backend,
  prefix: string,
  start: () => Promise<Server>,
) {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  let server: Server | undefined;
  const allowBefore = process.env.OUTBOUND_ALLOW_HOSTS;
  beforeAll(async () => {
    server = await start();
    // The job runner reads the outbound allow list from the environment, as the server does.
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
  });
  afterAll(async () => {
    if (allowBefore === undefined) delete process.env.OUTBOUND_ALLOW_HOSTS;
    else process.env.OUTBOUND_ALLOW_HOSTS = allowBefore;
    await server?.close();
  });
  let n = 0;

  return {
    c,
    f,
    db: () => c.t().database.db,
    /** The local server, once started. */
    server: () => server!,
    /** An alert type no other test uses, so each test's workflow sees only its own alerts. */
    fresh: () => `${prefix}-${++n}`,
    /** The run an alert started, in detail. */
    onlyRun: async (alertId: number) => {
      const [run] = (await c.ok(f().analyst, 'GET', `/alerts/${alertId}/runs`)).runs;
      return c.ok(f().analyst, 'GET', `/runs/${run.run_id}`);
    },
    /** A workflow running these steps on every new alert of this type. */
    workflow: (type: string, tasks: unknown[], customers = [c.acme()]) => ({
      name: `Respond ${type}`,
      customer_id: customers,
      trigger_id: 'alert_created',
      trigger_filter: { types: [type] },
      task_list: tasks,
    }),
  };
}
