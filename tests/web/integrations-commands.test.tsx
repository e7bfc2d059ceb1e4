// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import type { Integration } from '../../src/web/features/integrations/api.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

/** `>open-integration <name>` (features/integrations/commands.ts) from any screen. */

const LIST = '/api/integrations/v1/integrations';

const integration = (id: string, name: string): Integration => ({
  id,
  kind: 'microsoft_defender_xdr',
  name,
  direction: 'in',
  configurable: true,
  release_status: 'stable',
  settings: {},
  secrets: { client_secret: 'set' },
  validated_at: null,
  mapping_count: 0,
  pulled_at: null,
  pull_error: null,
  pull_error_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

const DEFENDER = integration('00000000-0000-4000-8000-0000000000d1', 'Defender XDR');
const DEFENDER_LAB = integration('00000000-0000-4000-8000-0000000000d2', 'Defender XDR lab');
const SLACK = integration('00000000-0000-4000-8000-0000000000d3', 'SOC Slack');

let network: FakeNetwork;

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  network = freshNetwork({ unmatched: 'not-found' }).on('get', LIST, {
    status: 200,
    body: { integrations: [DEFENDER, DEFENDER_LAB, SLACK] },
  });
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

async function setup() {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <CommandLayer />
      <ToastArea />
    </>,
    { path: '/alerts' },
  );
  return { user, ...view };
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });

describe('>open-integration', () => {
  it('opens the integration of that name, in any case, and the only one a part of its name names', async () => {
    const { user, location } = await setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('>open-integration ');
    expect(screen.getByRole('option', { name: /Type the integration’s name/ })).toBeTruthy();
    await user.keyboard('defender xdr');
    expect(screen.getByRole('option', { name: /Open defender xdr/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/integrations/${DEFENDER.id}`));
    expect(palette()).toBeNull();

    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('>open-integration slack{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/integrations/${SLACK.id}`));
  });

  it('says so when no integration, or more than one, has the name', async () => {
    const { user, location } = await setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('>open-integration nothing here{Enter}');
    expect(await screen.findByText('The command failed: No integration is named nothing here')).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}k{/Control}');
    // Two names contain "xdr" and neither is exactly it.
    await user.keyboard('>open-integration xdr{Enter}');
    expect(await screen.findByText('The command failed: No integration is named xdr')).toBeTruthy();
    expect(location.history.some((path) => path.startsWith('/integrations/'))).toBe(false);
  });
});
