import { beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { type User, workflowsContext } from './helpers.ts';

describe.each(backends())('the /soar/v1 workflow calls on %s', (backend) => {
  const c = workflowsContext(backend);
  const f = () => c.t().fixtures;
  let acmeStaff: User;
  let noGlobal: User;
  let editor: User;
  beforeAll(async () => {
    // global_user limited to one customer; staff without global_user; read_workflow and modify_workflow only.
    acmeStaff = await c.addUser(
      'acme-staff@test.example',
      'Customer',
      ['global_user', 'read_all', 'modify_all'],
      [c.acme()],
    );
    noGlobal = await c.addUser('no-global@test.example', 'Global', ['read_all', 'modify_all']);
    editor = await c.addUser('editor@test.example', 'Global', [
      'global_user',
      'read_workflow',
      'modify_workflow',
    ]);
  });

  describe('who may call', () => {
    it('needs a session, global_user, and read or modify rights for workflows', async () => {
      expect((await c.call(null, 'GET', '/workflows')).statusCode).toBe(401);
      for (const [user, needs] of [
        [f().acmeUser, /read_all or read_workflow/],
        [noGlobal, /global_user/],
      ] as const) {
        const refused = await c.call(user, 'GET', '/workflows');
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().error.message).toMatch(needs);
        expect((await c.call(user, 'POST', '/workflows', {})).statusCode).toBe(403);
      }
      // Staff who read everything read workflows but change none.
      expect((await c.call(f().viewer, 'GET', '/workflows/details')).statusCode).toBe(200);
      const refused = await c.call(f().viewer, 'POST', '/workflows', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toMatch(/modify_all or modify_workflow/);
      // The workflow permissions alone are enough.
      const made = await c.call(editor, 'POST', '/workflows', { name: 'Editor made' });
      expect(made.statusCode, made.body).toBe(201);
      expect((await c.call(editor, 'GET', '/triggers')).statusCode).toBe(200);
    });

    it('never shows a workflow of a customer out of reach, nor one for every customer to a caller who reaches only some', async () => {
      const globexOnly = await c.ok(f().analyst, 'POST', '/workflows', {
        name: 'Globex only',
        customer_id: [c.globex()],
      });
      const everyone = await c.ok(f().analyst, 'POST', '/workflows', { name: 'Every customer' });
      const acmeOwn = await c.ok(acmeStaff, 'POST', '/workflows', {
        name: 'Acme own',
        customer_id: [c.acme()],
      });

      const listed = (await c.ok(acmeStaff, 'GET', '/workflows')).workflows.map(
        (w: { name: string }) => w.name,
      );
      expect(listed).toContain('Acme own');
      expect(listed).not.toContain('Globex only');
      expect(listed).not.toContain('Every customer');
      for (const id of [globexOnly.workflow_id, everyone.workflow_id]) {
        expect((await c.call(acmeStaff, 'GET', `/workflows/${id}`)).statusCode).toBe(404);
        expect((await c.call(acmeStaff, 'DELETE', `/workflows/${id}`)).statusCode).toBe(404);
        expect((await c.call(acmeStaff, 'GET', `/workflows/${id}/runs`)).statusCode).toBe(404);
      }
      // Nor may they make one for a customer they cannot see, or for every customer.
      const foreign = await c.call(acmeStaff, 'POST', '/workflows', { customer_id: [c.globex()] });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe(`A customer with the ID ${c.globex()} was not found.`);
      const all = await c.call(acmeStaff, 'POST', '/workflows', { name: 'All' });
      expect(all.statusCode).toBe(400);
      expect(all.json().error.details[0].field).toBe('body.customer_id');
      // Staff see all three.
      const staffList = (await c.ok(f().analyst, 'GET', '/workflows')).workflows.map(
        (w: { workflow_id: string }) => w.workflow_id,
      );
      expect(staffList).toEqual(
        expect.arrayContaining([globexOnly.workflow_id, everyone.workflow_id, acmeOwn.workflow_id]),
      );
    });
  });
});
