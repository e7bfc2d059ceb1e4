// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { useProvideCommandTarget } from '../../src/web/commands/target.ts';
import type { AlertsCommandTarget } from '../../src/web/features/alerts/index.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

const RERUN = '/api/alerts/v1/alerts/{id}/workflows/rerun';
let network: FakeNetwork;

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  network = freshNetwork({ unmatched: 'not-found' }).on('get', '/api/search/omnibox', {
    status: 200,
    body: { suggestions: [] },
  });
});

function Provide({ target }: { target: AlertsCommandTarget }) {
  useProvideCommandTarget(target);
  return null;
}

async function setup(target: AlertsCommandTarget) {
  const user = userEvent.setup();
  await renderInShell(
    <>
      <Provide target={target} />
      <CommandLayer />
      <ToastArea />
    </>,
  );
  return user;
}

const alerts = (ids: number[], refresh = vi.fn()): AlertsCommandTarget => ({
  kind: 'alerts',
  ids,
  versions: {},
  refresh,
  focusedId: ids[0] ?? null,
});

describe('>rerun-workflows on the selected alerts', () => {
  it('asks first, asks each alert’s workflows to run again and names the alert that failed', async () => {
    signIn(network, { attributes: { lab_workflows: true } });
    network.on('post', RERUN, ({ params }) =>
      params.id === '8'
        ? apiError(404, 'Alert 8 not found.')
        : { status: 202 as const, body: { request_id: Number(params.id) * 10, status: 'queued' as const } },
    );
    const refresh = vi.fn();
    const user = await setup(alerts([12, 8, 5], refresh));
    await user.keyboard('/');
    await user.keyboard('>rerun-wor');
    expect(screen.getByRole('option', { name: /Re-run the workflows of the selected alerts/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Re-run the workflows of these 3 alerts?')).toBeTruthy();
    expect(network.callsTo('post', RERUN)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo('post', RERUN)).toHaveLength(3));
    expect(network.callsTo('post', RERUN).map((c) => c.params.id)).toEqual(
      expect.arrayContaining(['5', '8', '12']),
    );
    expect(await screen.findByText(/Workflows queued again for 2 alerts/)).toBeTruthy();
    expect(screen.getByText(/1 failed: #8 Alert 8 not found\./)).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['until workflows are switched on', {}],
    [
      'to those who may not change alerts',
      { permissions: ['global_user', 'read_all'], attributes: { lab_workflows: true } },
    ],
  ])('is not offered %s', async (_, options) => {
    signIn(network, options);
    const user = await setup(alerts([3]));
    await user.keyboard('/');
    await user.keyboard('>rerun-workflows');
    expect(screen.queryByRole('option', { name: /Re-run the workflows/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect(network.callsTo('post', RERUN)).toHaveLength(0);
  });
});
