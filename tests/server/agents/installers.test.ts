import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../src/server/db/schema/index.ts';
import { JOB_HANDLERS } from '../../../src/server/jobs/registry.ts';
import { runDueJobs } from '../../../src/server/jobs/runner.ts';
import { backends } from '../../helpers/database.ts';
import { fleetContext } from './helpers.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(backends())('agent installers, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const ask = (platform: string, user = c.t.fixtures.analyst, customerId = acme()) =>
    c.t.as(user, {
      method: 'POST',
      url: '/api/agents/v1/installers',
      payload: { customer_id: customerId, platform },
    });
  // Only the installer job: the server's schedules would add their own runs.
  const runInstallerJobs = () =>
    runDueJobs(c.t.database.db, {
      workerId: 'test',
      pollMs: 10,
      log: quiet,
      handlers: { 'build-agent-installer': JOB_HANDLERS['build-agent-installer']! },
      schedules: [],
    });
  const mailTo = async (email: string) =>
    c.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipients, [email]));

  it('is made by a job that mails a link; the link downloads a script that enrols an endpoint', async () => {
    const asked = await ask('linux');
    expect(asked.statusCode, asked.body).toBe(202);
    const installer = asked.json();
    expect(installer.status).toBe('queued');
    expect(await runInstallerJobs()).toBe(1);
    const status = await c.t.as(c.t.fixtures.analyst, {
      url: `/api/agents/v1/installers/${installer.installer_id}`,
    });
    expect(status.json().status).toBe('ready');

    const mails = await mailTo(installer.email);
    const link = /https?:\/\/\S+\/api\/agents\/v1\/download\/\S+/.exec(mails.at(-1)!.text)![0];
    const path = link.slice(link.indexOf('/api/'));
    const download = await c.t.app.inject({ url: path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/plain');
    const script = download.body;
    expect(script).toMatch(/^#!\/bin\/sh/);
    const token = /TOKEN='([^']+)'/.exec(script)![1]!;
    expect(script).toContain(`SERVER='${c.t.app.config.publicUrl}'`);
    expect((await c.enrolWith(token)).statusCode).toBe(201);

    const wrongKey = path.replace(/key=[^&]+/, 'key=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    c.expectError(await c.t.app.inject({ url: wrongKey }), 404, 'not_found');
  });

  it('makes a PowerShell script for Windows', async () => {
    const installer = (await ask('windows')).json();
    await runInstallerJobs();
    const link = /\/api\/agents\/v1\/download\/\S+/.exec((await mailTo(installer.email)).at(-1)!.text)![0];
    const script = (await c.t.app.inject({ url: link })).body;
    expect(script).toContain('Invoke-RestMethod');
    expect(script).toContain('/api/agent/v1/enrol');
  });

  it('is for staff only, for customers they can see, and refuses a bad platform', async () => {
    c.expectError(await ask('linux', c.t.fixtures.acmeUser), 403, 'forbidden');
    c.expectError(
      await ask('linux', c.t.fixtures.analyst, '00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    expect((await ask('solaris')).statusCode).toBe(400);
    const installer = (await ask('macos')).json();
    const peek = await c.t.as(c.t.fixtures.acmeUser, {
      url: `/api/agents/v1/installers/${installer.installer_id}`,
    });
    expect(peek.statusCode, peek.body).toBe(200);
    const globexUser = await c.t.as(c.t.fixtures.acmeUser, {
      url: '/api/agents/v1/installers/00000000-0000-4000-8000-000000000000',
    });
    c.expectError(globexUser, 404, 'not_found');
  });
});
