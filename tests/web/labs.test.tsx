// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LABS_TOGGLES, labsOn } from '../../src/common/labs.ts';
import { LabsRoute } from '../../src/web/app/LabsRoute.tsx';
import { availability, type CommandEnv } from '../../src/web/commands/palette-model.ts';
import { findCommand, REGISTRY } from '../../src/web/commands/registry.ts';
import { PreferencesForm } from '../../src/web/features/profile/PreferencesForm.tsx';
import { ROUTES } from '../../src/web/routes.ts';
import { useLabs } from '../../src/web/session/use-labs.ts';
import { Sidebar } from '../../src/web/shell/layout/Sidebar.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

const env = (attributes: Record<string, unknown>): CommandEnv => ({
  signedIn: true,
  subject: { permissions: ['global_user', 'read_all', 'modify_all'], admin: false, attributes },
  target: null,
});

describe('labs features (spec 2, sections 3 and 6)', () => {
  it('are off unless the attribute is true', () => {
    expect(labsOn({}, 'lab_terminal')).toBe(false);
    expect(labsOn({ lab_terminal: 'yes' }, 'lab_terminal')).toBe(false);
    expect(labsOn({ lab_terminal: true }, 'lab_terminal')).toBe(true);
    expect(labsOn({}, undefined)).toBe(true);
  });

  it('name only toggles the profile offers and the server stores', () => {
    const named = [...ROUTES.map((r) => r.labs), ...REGISTRY.map((c) => c.labs)].filter(Boolean);
    expect(named.length).toBeGreaterThan(0);
    for (const toggle of named) expect(LABS_TOGGLES).toContain(toggle);
  });

  it('keep escalations and workflows out of the palette and the g keys until switched on', () => {
    for (const [id, toggle] of [
      ['go.escalations', 'lab_escalations'],
      ['go.workflows', 'lab_workflows'],
      ['go.workflow_templates', 'lab_workflows'],
    ] as const) {
      const command = findCommand(id)!;
      expect(availability(command, env({})), id).toBe('hidden');
      expect(availability(command, env({ [toggle]: true })), id).toBe('available');
    }
    expect(availability(findCommand('go.alerts')!, env({}))).toBe('available');
  });

  it('show a gated route as page not found until switched on', async () => {
    signIn(network, { attributes: {} });
    const entry = ROUTES.find((r) => r.name === 'escalations')!;
    await renderInShell(
      <LabsRoute entry={entry}>
        <p>escalation plans</p>
      </LabsRoute>,
    );
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.queryByText('escalation plans')).toBeNull();
  });

  it('show the escalations link once the switch is on in the profile', async () => {
    const user = userEvent.setup();
    signIn(network, { permissions: ['global_user', 'read_all'], attributes: {} });
    await renderInShell(
      <>
        <Sidebar />
        <PreferencesForm />
      </>,
      { path: '/profile' },
    );
    const nav = screen.getByRole('navigation');
    expect(within(nav).queryByRole('link', { name: /Escalations/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: /Workflows/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Escalations' }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: /Escalations/ })).toBeTruthy());
    expect(within(nav).queryByRole('link', { name: /Workflows/ })).toBeNull();
  });

  it('answer through one hook that follows the session', async () => {
    signIn(network, { attributes: { lab_agent_actions: true } });
    function Probe() {
      return (
        <p>
          {String(useLabs('lab_agent_actions'))} {String(useLabs('lab_terminal'))}
        </p>
      );
    }
    await renderInShell(<Probe />);
    expect(screen.getByText('true false')).toBeTruthy();
  });
});
