import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts, integrations, users } from '../../../src/server/db/schema/index.ts';
import { backends } from '../../helpers/database.ts';
import { startFakeGraph } from '../../helpers/fake-graph.ts';
import { BASE, mapCustomer } from '../integrations/helpers.ts';
import { outsideContext } from './outside-fixtures.ts';

const HOME = '0a0a0a0a-0000-4000-8000-000000000000';
const ACME_TENANT = 'acacacac-1111-4111-8111-111111111111';

/** Device isolation through Microsoft Defender XDR as workflow steps, against a local server speaking its API. */
describe.each(backends())('Defender device isolation steps on %s', (backend) => {
  const outside = outsideContext(backend, 'defender', startFakeGraph);
  const { c, f, db, fresh, onlyRun } = outside;
  const graph = outside.server;
  let defenderId: string;

  /** A Defender XDR instance against the local server, validated, its Acme tenant mapped to Acme. */
  const defender = async () => {
    if (defenderId) return defenderId;
    const made = await c.t().as(f().analyst, {
      method: 'POST',
      url: BASE,
      payload: {
        kind: 'microsoft_defender_xdr',
        name: 'Defender XDR',
        settings: {
          tenant_id: HOME,
          client_id: graph().clientId,
          login_url: graph().url,
          graph_url: graph().url,
          defender_api_url: graph().url,
        },
        secrets: { client_secret: graph().clientSecret },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    defenderId = made.json().id;
    await db().update(integrations).set({ validatedAt: new Date() }).where(eq(integrations.id, defenderId));
    const mapped = await mapCustomer(c.t(), f().analyst, defenderId, c.acme(), ACME_TENANT);
    expect(mapped.statusCode, mapped.body).toBe(201);
    return defenderId;
  };

  const workflow = (
    type: string,
    action: string,
    parameters: Record<string, unknown>,
    customers = [c.acme()],
  ) => outside.workflow(type, [{ id: 'contain', action_id: action, parameters }], customers);

  /** An alert as a Defender pull raises it: its device and tenant in its fields. */
  const defenderAlert = async (type: string, device: string, customer = c.acme()) => {
    const alert = await c.raiseAlert({ type, customer_id: customer });
    await db()
      .update(alerts)
      .set({ fields: { mde_device_id: device, tenant_id: ACME_TENANT } })
      .where(eq(alerts.id, alert.id));
    return alert;
  };

  it("isolates the alert's device in its customer's tenant, then releases it", async () => {
    const integrationId = await defender();
    graph().machines.set(
      ACME_TENANT,
      new Map([['mde-1', { computerDnsName: 'acme-pc-1', isolated: false }]]),
    );
    const isolateType = fresh();
    await c.published(
      workflow(isolateType, 'defender_isolate_device', {
        integration_id: integrationId,
        isolation_type: 'Selective',
        comment: 'Contained: {{trigger.alert.title}}',
      }),
    );
    const first = await defenderAlert(isolateType, 'mde-1');
    await c.runWorkflowJobs();
    const isolated = await onlyRun(first.id);
    expect(isolated.status, JSON.stringify(isolated.steps)).toBe('succeeded');
    expect(isolated.steps[0].output).toMatchObject({
      integration_id: integrationId,
      tenant_id: ACME_TENANT,
      device_id: 'mde-1',
      device: 'acme-pc-1',
      defender_action_id: 'action-1',
      status: 'Pending',
    });
    expect(graph().machineActions).toEqual([
      {
        id: 'action-1',
        tenant: ACME_TENANT,
        machineId: 'mde-1',
        type: 'Isolate',
        comment: 'Contained: Malware found',
        isolationType: 'Selective',
      },
    ]);
    // The device's id given in the step, not taken from the alert.
    const releaseType = fresh();
    await c.published(
      workflow(releaseType, 'defender_unisolate_device', {
        integration_id: integrationId,
        device_id: 'mde-1',
      }),
    );
    const second = await c.raiseAlert({ type: releaseType });
    await c.runWorkflowJobs();
    expect((await onlyRun(second.id)).status).toBe('succeeded');
    expect(graph().machineActions.at(-1)).toMatchObject({ type: 'Unisolate', machineId: 'mde-1' });
    expect(graph().machineActions.at(-1)!.comment).toContain(`alert ${second.id}`);
    expect(graph().machines.get(ACME_TENANT)!.get('mde-1')!.isolated).toBe(false);
  });

  it('fails the step, asking nothing of Defender, when its publisher no longer holds modify_all', async () => {
    const integrationId = await defender();
    graph().machines.set(
      ACME_TENANT,
      new Map([['mde-2', { computerDnsName: 'acme-pc-2', isolated: false }]]),
    );
    const type = fresh();
    const publisher = await c.addUser(`${type}@test.example`, 'Global', [
      'global_user',
      'read_all',
      'modify_all',
    ]);
    await c.published(
      workflow(type, 'defender_isolate_device', { integration_id: integrationId }),
      publisher,
    );
    await db()
      .update(users)
      .set({ permissions: ['global_user', 'read_all'] })
      .where(eq(users.contactId, publisher.contactId));
    const before = graph().machineActions.length;
    const alert = await defenderAlert(type, 'mde-2');
    await c.runWorkflowJobs();
    const run = await onlyRun(alert.id);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'Step 1 failed: The person who published this workflow may no longer change workflows.',
    );
    expect(graph().machineActions).toHaveLength(before);
  });

  it('refuses once, naming why, a device Defender does not know or a customer with no tenant mapped', async () => {
    const integrationId = await defender();
    const unknownType = fresh();
    await c.published(workflow(unknownType, 'defender_isolate_device', { integration_id: integrationId }));
    const unknown = await defenderAlert(unknownType, 'mde-nobody');
    await c.runWorkflowJobs();
    const refused = await onlyRun(unknown.id);
    expect(refused.status).toBe('failed');
    expect(refused.steps[0].attempts).toBe(1);
    expect(refused.steps[0].error).toContain('answered 404');
    expect(refused.steps[0].error).toContain('Machine mde-nobody was not found');

    const unmappedType = fresh();
    await c.published(
      workflow(unmappedType, 'defender_isolate_device', { integration_id: integrationId }, [c.globex()]),
    );
    const unmapped = await defenderAlert(unmappedType, 'mde-1', c.globex());
    await c.runWorkflowJobs();
    const notMapped = await onlyRun(unmapped.id);
    expect(notMapped.status).toBe('failed');
    expect(notMapped.steps[0].error).toBe("Defender XDR maps no tenant to the alert's customer.");
  });

  it('refuses to save a device step naming an integration that is not Defender XDR', async () => {
    const hook = await c.t().as(f().analyst, {
      method: 'POST',
      url: BASE,
      payload: {
        kind: 'http',
        name: 'Not Defender',
        settings: { url: 'https://example.com/hook', method: 'POST' },
      },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const response = await c.call(
      f().analyst,
      'POST',
      '/workflows',
      workflow(fresh(), 'defender_isolate_device', { integration_id: hook.json().id }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details[0]).toEqual({
      field: 'body.task_list[0].parameters.integration_id',
      reason: 'a http integration does not act on devices',
    });
  });

  it('test runs say what would be isolated and ask nothing of Defender', async () => {
    const integrationId = await defender();
    const before = graph().requests.length;
    const alert = await c.raiseAlert({ type: `${fresh()}-past` });
    const tested = await c.ok(f().analyst, 'POST', '/workflows/test', {
      alert_id: alert.id,
      definition: {
        trigger_id: 'alert_created',
        trigger_filter: {},
        order_list: [],
        task_list: [
          {
            id: 'contain',
            action_id: 'defender_isolate_device',
            parameters: { integration_id: integrationId },
          },
        ],
      },
    });
    expect(JSON.stringify(tested)).toContain(`Isolate the device of alert ${alert.id} (Full)`);
    expect(graph().requests.length).toBe(before);
  });
});
