import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { type EnrolledAgent, fleetContext } from './helpers.ts';

const CHUNK = 65_536;

describe.each(backends())('diagnostics bundles, on %s', (backend) => {
  const c = fleetContext(backend);
  const acme = () => c.t.fixtures.acme.customerId;
  const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  const start = (agent: EnrolledAgent, payload: Record<string, unknown>) =>
    c.agentCall(agent.credential, { method: 'POST', url: '/api/agent/v1/diagnostics', payload });
  const chunk = (agent: EnrolledAgent, bundleId: string, index: number, data: Buffer) =>
    c.agentCall(agent.credential, {
      method: 'PUT',
      url: `/api/agent/v1/diagnostics/${bundleId}/chunks/${index}`,
      payload: { data: data.toString('base64') },
    });
  const bundles = async (agentId: string, user = c.t.fixtures.analyst) =>
    (await c.t.as(user, { url: `/api/agents/v1/agents/${agentId}/diagnostics` })).json().bundles;

  it('answers an upload-diagnostics action with a bundle in 64 KB chunks that staff download', async () => {
    const agent = await c.enrol(acme());
    const { action_id } = (await c.requestAction(agent.agentId, 'upload_diagnostics')).json();
    await c.checkIn(agent);
    const file = randomBytes(CHUNK * 2 + 1000);
    const started = await start(agent, {
      action_id,
      file_name: 'diag.zip',
      size_bytes: file.length,
      sha256: sha(file),
    });
    expect(started.statusCode, started.body).toBe(201);
    const { bundle_id, chunk_size, chunk_count } = started.json();
    expect([chunk_size, chunk_count]).toEqual([CHUNK, 3]);

    const first = await chunk(agent, bundle_id, 0, file.subarray(0, CHUNK));
    expect(first.json()).toMatchObject({ status: 'uploading', received_chunks: 1, received_bytes: CHUNK });
    // A chunk of the wrong length is refused; sending one again replaces it.
    c.expectError(await chunk(agent, bundle_id, 1, file.subarray(0, 10)), 400, 'bad_request');
    await chunk(agent, bundle_id, 0, file.subarray(0, CHUNK));
    await chunk(agent, bundle_id, 2, file.subarray(CHUNK * 2));
    const progress = (await bundles(agent.agentId))[0];
    expect(progress).toMatchObject({ action_id, status: 'uploading', received_chunks: 2, chunk_count: 3 });

    const last = await chunk(agent, bundle_id, 1, file.subarray(CHUNK, CHUNK * 2));
    expect(last.json()).toMatchObject({ status: 'complete', received_bytes: file.length });

    const url = `/api/agents/v1/agents/${agent.agentId}/diagnostics/${bundle_id}/download`;
    const download = await c.t.as(c.t.fixtures.analyst, { url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/octet-stream');
    expect(sha(download.rawPayload)).toBe(sha(file));
    c.expectError(await c.t.as(c.t.fixtures.acmeUser, { url }), 403, 'forbidden');
    c.expectError(await chunk(agent, bundle_id, 0, file.subarray(0, CHUNK)), 409, 'conflict');
  });

  it('marks a bundle corrupt when the whole does not match its hash, and will not hand it out', async () => {
    const agent = await c.enrol(acme());
    const file = randomBytes(1000);
    const { bundle_id } = (
      await start(agent, { file_name: 'diag.zip', size_bytes: 1000, sha256: sha(Buffer.from('other')) })
    ).json();
    expect((await chunk(agent, bundle_id, 0, file)).json().status).toBe('corrupt');
    const url = `/api/agents/v1/agents/${agent.agentId}/diagnostics/${bundle_id}/download`;
    c.expectError(await c.t.as(c.t.fixtures.analyst, { url }), 409, 'conflict');
  });

  it('an agent cannot upload into another agent’s bundle nor answer its action', async () => {
    const mine = await c.enrol(acme());
    const other = await c.enrol(acme(), { host_name: 'ACME-WS-07' });
    const { action_id } = (await c.requestAction(other.agentId, 'upload_diagnostics')).json();
    c.expectError(
      await start(mine, { action_id, file_name: 'x.zip', size_bytes: 10, sha256: sha(Buffer.alloc(10)) }),
      404,
      'not_found',
    );
    const { bundle_id } = (
      await start(other, { file_name: 'x.zip', size_bytes: 10, sha256: sha(Buffer.alloc(10)) })
    ).json();
    c.expectError(await chunk(mine, bundle_id, 0, Buffer.alloc(10)), 404, 'not_found');
    expect((await bundles(other.agentId))[0].received_chunks).toBe(0);
  });
});
