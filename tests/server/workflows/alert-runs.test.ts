import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { engineContext, type ListedRun } from './helpers.ts';

type NamedRun = ListedRun & { workflow_id: string; workflow_name: string | null };

/** An alert's run history: each run with its workflow's name, as far as the caller may see it. */
describe.each(backends())("an alert's workflow runs on %s", (backend) => {
  const c = engineContext(backend);
  const { f, fresh } = c;
  const comment = (type: string, name: string, customers: string[]) =>
    c.published({
      name,
      customer_id: customers,
      trigger_id: 'alert_created',
      trigger_filter: { types: [type] },
      task_list: [{ id: 'note', action_id: 'alert_comment', parameters: { message: name } }],
    });
  const byWorkflow = (runs: NamedRun[]) =>
    Object.fromEntries(runs.map((run) => [run.workflow_id, [run.status, run.workflow_name]]));

  it('lists the runs the alert started with their workflow’s name, hidden where the workflow is not the caller’s to see or is gone', async () => {
    const { type, host } = fresh();
    const both = await comment(type, 'Note on both', [c.acme(), c.globex()]);
    const acmeOnly = await comment(type, 'Note on Acme', [c.acme()]);
    const alert = await c.raiseAlert({ type, host_name: host });
    await c.runWorkflowJobs();

    const url = `/alerts/${alert.id}/runs`;
    const listed = (await c.ok(f().analyst, 'GET', url)).runs as NamedRun[];
    expect(byWorkflow(listed)).toEqual({
      [both.workflow_id]: ['succeeded', 'Note on both'],
      [acmeOnly.workflow_id]: ['succeeded', 'Note on Acme'],
    });
    const one = listed.find((run) => run.workflow_id === acmeOnly.workflow_id)!;
    expect((await c.ok(f().analyst, 'GET', `/runs/${one.run_id}`)).workflow_name).toBe('Note on Acme');

    // Staff of Acme alone see both runs; the workflow for Globex too is not theirs to see.
    const acmeStaff = await c.addUser(
      'alert-runs-acme@test.example',
      'Customer',
      ['global_user', 'read_all'],
      [c.acme()],
    );
    expect(byWorkflow((await c.ok(acmeStaff, 'GET', url)).runs)).toEqual({
      [both.workflow_id]: ['succeeded', null],
      [acmeOnly.workflow_id]: ['succeeded', 'Note on Acme'],
    });
    // Staff of Globex alone do not learn the alert exists.
    const globexStaff = await c.addUser(
      'alert-runs-globex@test.example',
      'Customer',
      ['global_user', 'read_all'],
      [c.globex()],
    );
    expect((await c.call(globexStaff, 'GET', url)).statusCode).toBe(404);

    // A deleted workflow's finished runs stay in the alert's history, without its name.
    await c.ok(f().analyst, 'DELETE', `/workflows/${acmeOnly.workflow_id}`);
    expect(byWorkflow((await c.ok(f().analyst, 'GET', url)).runs)).toEqual({
      [both.workflow_id]: ['succeeded', 'Note on both'],
      [acmeOnly.workflow_id]: ['succeeded', null],
    });
  });

  it('answers 404 for an alert that does not exist and 400 naming alert_id for one that cannot', async () => {
    expect((await c.call(f().analyst, 'GET', '/alerts/999999999/runs')).statusCode).toBe(404);
    const bad = await c.call(f().analyst, 'GET', '/alerts/first/runs');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('alert_id');
  });
});
