// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentLogins } from '../../src/web/features/agents/AgentLogins.tsx';
import { placesOf } from '../../src/web/features/agents/LoginMap.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { renderInShell } from './shell-harness.tsx';

// The chart itself needs a canvas; what it is asked to draw is what matters here.
const drawLoginMap = vi.fn((_element: HTMLElement, _places: unknown[]) => ({ dispose: vi.fn() }));
vi.mock('../../src/web/features/agents/echarts-login-map.ts', () => ({ drawLoginMap }));

withKeyDispatcher();

const AGENT = '00000000-0000-4000-8000-0000000000f3';
const login = (user: string, city: string | null, lat: number | null, lon: number | null) => ({
  user_name: user,
  ip: '203.0.113.7',
  country: city ? 'Finland' : null,
  city,
  latitude: lat,
  longitude: lon,
  logged_in_at: '2025-06-01T10:00:00.000Z',
});

let network: FakeNetwork;
beforeEach(() => {
  drawLoginMap.mockClear();
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

describe('login locations map', () => {
  it('groups sign-ins by place and leaves those without coordinates to the table', () => {
    expect(
      placesOf([
        login('anna', 'Helsinki', 60.17, 24.94),
        login('ben', 'Helsinki', 60.171, 24.941),
        login('cy', 'Oulu', 65.01, 25.47),
        login('dee', null, null, null),
      ]),
    ).toEqual([
      { name: 'Helsinki, Finland', coordinates: [24.94, 60.17], count: 2 },
      { name: 'Oulu, Finland', coordinates: [25.47, 65.01], count: 1 },
    ]);
  });

  it('draws the places on the map and keeps every sign-in in the table', async () => {
    network.on('get', '/api/agents/v1/agents/{agent_id}/login-locations', {
      status: 200,
      body: {
        logins: [login('anna', 'Helsinki', 60.17, 24.94), login('dee', null, null, null)],
        reported_at: '2025-06-01T10:05:00.000Z',
      },
    });
    await renderInShell(<AgentLogins agentId={AGENT} />);
    expect(
      await screen.findByText('The map shows sign-ins from 1 place; the table below lists each sign-in.'),
    ).toBeTruthy();
    await waitFor(() => expect(drawLoginMap).toHaveBeenCalledTimes(1));
    expect(drawLoginMap.mock.calls[0]![1]).toEqual([
      { name: 'Helsinki, Finland', coordinates: [24.94, 60.17], count: 1 },
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
