import { ACTIONS } from '../../src/server/areas/workflows/catalogue/actions.ts';
import { TRIGGERS } from '../../src/server/areas/workflows/catalogue/triggers.ts';
import type { WorkflowRecord, WorkflowRun } from '../../src/web/features/workflows/api.ts';
import type { FakeNetwork } from '../helpers/fake-network.ts';

type Definition = Pick<
  WorkflowRecord,
  | 'trigger_id'
  | 'task_list'
  | 'order_list'
  | 'scheduled'
  | 'scheduled_time'
  | 'scheduled_days'
  | 'created_at'
  | 'updated_at'
>;

/** What the workflow and template fakes share: on new alerts, one step commenting with the host. */
export const commentDefinition = (): Definition => ({
  trigger_id: 'alert_created',
  task_list: [
    {
      id: 'comment',
      action_id: 'alert_comment',
      parameters: { message: 'Isolating {{trigger.alert.host_name}}' },
      timeout_seconds: 60,
      retries: 3,
    },
  ],
  order_list: ['comment'],
  scheduled: false,
  scheduled_time: '09:00',
  scheduled_days: [0, 1, 2, 3, 4],
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
});

/** The network answers the catalogue (actions and triggers) as the server declares it. */
export function withCatalogue(network: FakeNetwork): FakeNetwork {
  return network
    .on('get', '/api/soar/v1/actions', { status: 200, body: { actions: [...ACTIONS] } })
    .on('get', '/api/soar/v1/triggers', { status: 200, body: { triggers: [...TRIGGERS] } });
}

/** A finished run of version 2 of the isolate workflow on alert 42, without its steps. */
export const workflowRun = (over: Partial<WorkflowRun> = {}): WorkflowRun => ({
  run_id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  workflow_id: '11111111-1111-4111-8111-111111111111',
  workflow_name: 'Isolate on critical malware',
  version: 2,
  customer_id: '22222222-2222-4222-8222-222222222222',
  alert_id: 42,
  trigger_id: 'alert_created',
  status: 'failed',
  error: 'Step 2 failed: the agent is offline.',
  rerun_of: null,
  from_step: 0,
  created_at: '2026-11-29T10:00:00.000Z',
  started_at: '2026-11-29T10:00:00.000Z',
  finished_at: '2026-11-29T10:01:05.000Z',
  ...over,
});
