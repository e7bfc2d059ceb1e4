import { describe, expect, it } from 'vitest';
import { backends } from '../../helpers/database.ts';
import { dial, terminalContext } from './helpers.ts';

/**
 * With several API processes one holds every live session (README, 'Running at scale'); the others
 * run with TERMINAL_RELAY=off and refuse the terminal's calls by name, so a misrouted balancer shows.
 */
describe.each(backends())('an API process without the terminal relay on %s', (backend) => {
  const c = terminalContext(backend, { TERMINAL_RELAY: 'off' });

  it('refuses the terminal’s calls, sockets and capability with 421, and serves the rest', async () => {
    const { agentId, credential } = await c.enrol(c.acme(), { host_name: 'ACME-ELSEWHERE' });
    const refusedStart = await c.start(agentId);
    c.expectError(refusedStart, 421, 'terminal_elsewhere');
    c.expectError(
      await c.t.as(c.t.fixtures.analyst, {
        url: `/api/module/agents/v1/agents/interactive-shell/capable/${agentId}`,
      }),
      421,
      'terminal_elsewhere',
    );
    const host = await c.listening();
    expect(await dial(`ws://${host}/api/agent/v1/terminal`, { authorization: `Bearer ${credential}` })).toBe(
      421,
    );
    expect(await dial(`ws://${host}/api/terminal/v1/sessions/${agentId}/console?ticket=x`)).toBe(421);
    // Everything else, the recordings included (they are in the database), is served here.
    const recordings = await c.t.as(c.t.fixtures.admin, { url: '/api/terminal/v1/recordings' });
    expect(recordings.statusCode, recordings.body).toBe(200);
  });
});
