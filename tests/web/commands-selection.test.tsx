// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema.d.ts';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { useProvideCommandTarget } from '../../src/web/commands/target.ts';
import type { CasesCommandTarget } from '../../src/web/features/cases/command-target.ts';
import type { MutesCommandTarget } from '../../src/web/features/mutes/command-target.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, caseRecord } from './cases-fakes.ts';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

type Mute = components['schemas']['Mute'];
const CASE = '/api/cases/v1/cases/{id}';
const UNMUTE = '/api/alerts/v1/mutes/{mute_id}/unmute';
/** Each case update sent, as [case id, body]. */
const caseUpdates = () => network.callsTo('put', CASE).map((c) => [c.params.id, c.body]);
let network: FakeNetwork;

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  network = freshNetwork({ unmatched: 'not-found' })
    .on('get', CASE, ({ params }) => ({ status: 200 as const, body: caseRecord(Number(params.id)) }))
    .on('get', '/api/search/omnibox', { status: 200, body: { suggestions: [] } });
  // The directory's e-mail is untidy; the console assigns the trimmed, lower-cased one.
  signIn(network, { permissions: ['global_user', 'read_all'], user: { email: 'Ana.Analyst@Example.com ' } });
});

function Provide({ target }: { target: CasesCommandTarget | MutesCommandTarget }) {
  useProvideCommandTarget(target);
  return null;
}

async function setup(target: CasesCommandTarget | MutesCommandTarget) {
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

const cases = (ids: number[], canChange = true, refresh = vi.fn()): CasesCommandTarget => ({
  kind: 'cases',
  ids,
  versions: Object.fromEntries(ids.map((id) => [id, id + 100])),
  canChange,
  refresh,
  focusedId: ids[0] ?? null,
});

const MUTE_A = '00000000-0000-4000-8000-0000000000a1';
const MUTE_B = '00000000-0000-4000-8000-0000000000a2';

describe('commands on the selected cases', () => {
  it('>case-status closed asks first, sends each case its version and reports a stale one', async () => {
    const refresh = vi.fn();
    network.on('put', CASE, ({ params }) =>
      params.id === '3'
        ? apiError(409, 'Case 3 changed since it was read.')
        : { status: 200 as const, body: caseRecord(Number(params.id), { status: 'closed' }) },
    );
    const user = await setup(cases([2, 3], true, refresh));
    await user.keyboard('/');
    expect(screen.getByText('2 cases selected')).toBeTruthy();
    await user.keyboard('>case-status ');
    const options = screen.getAllByRole('option').map((o) => o.querySelector('.palette__label')?.textContent);
    expect(options).toContain('Set status to Closed');
    await user.keyboard('clo{Enter}');
    expect(screen.getByText('Close 2 cases?')).toBeTruthy();
    expect(network.callsTo('put', CASE)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo('put', CASE)).toHaveLength(2));
    expect(caseUpdates()).toEqual(
      expect.arrayContaining([
        ['2', { version: 102, status: 'closed' }],
        ['3', { version: 103, status: 'closed' }],
      ]),
    );
    expect(await screen.findByText(/Updated 1 case/)).toBeTruthy();
    expect(screen.getByText(/1 failed: #3 Case 3 changed since it was read\./)).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('>case-assign me adds the user to each case’s assignees, keeping the others', async () => {
    network.on('put', CASE, ({ params }) => ({ status: 200 as const, body: caseRecord(Number(params.id)) }));
    const user = await setup(cases([4]));
    await user.keyboard('/');
    await user.keyboard('>case-assign me{Enter}');
    await waitFor(() => expect(network.callsTo('put', CASE)).toHaveLength(1));
    expect(caseUpdates()).toEqual([
      ['4', { version: 1, assigned_users: ['analyst@watchfloor.example', 'ana.analyst@example.com'] }],
    ]);
    expect(await screen.findByText(/Updated 1 case/)).toBeTruthy();
  });

  it('read-only users see the case commands as not permitted and nothing is sent', async () => {
    const user = await setup(cases([4], false));
    await user.keyboard('/');
    await user.keyboard('>case');
    const unavailable = screen.getByRole('group', { name: 'Not available here' });
    const status = within(unavailable).getByRole('option', { name: /Change case status/ });
    expect(status.getAttribute('aria-disabled')).toBe('true');
    expect(status.textContent).toContain('You do not have permission to change these');
    await user.keyboard(' -status closed{Enter}');
    expect(network.callsTo('put', CASE)).toHaveLength(0);
  });
});

describe('commands on the selected mutes', () => {
  it('>unmute asks first and unmutes each mute with the version read', async () => {
    const refresh = vi.fn();
    network.on('post', UNMUTE, ({ params, body }) => ({
      status: 200 as const,
      body: {
        id: params.mute_id!,
        customer_id: ACME,
        conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
        description: '',
        state: 'inactive',
        expires_at: null,
        ttl_seconds: null,
        created_by: 'analyst@watchfloor.example',
        source_alert_id: null,
        version: (body.version ?? 0) + 1,
        created_at: '2025-06-01T11:00:00.000Z',
        updated_at: '2025-06-01T11:00:00.000Z',
      } satisfies Mute,
    }));
    const target: MutesCommandTarget = {
      kind: 'mutes',
      ids: [MUTE_A, MUTE_B],
      versions: { [MUTE_A]: 4, [MUTE_B]: 2 },
      canChange: true,
      refresh,
      focusedId: MUTE_A,
    };
    const user = await setup(target);
    await user.keyboard('/');
    expect(screen.getByText('2 mutes selected')).toBeTruthy();
    await user.keyboard('>unmute{Enter}');
    expect(screen.getByText('Unmute 2 mutes? New matching alerts will no longer be muted.')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo('post', UNMUTE)).toHaveLength(2));
    const unmuted = network.callsTo('post', UNMUTE).map((c) => [c.params.mute_id, c.body]);
    expect(unmuted).toEqual(
      expect.arrayContaining([
        [MUTE_A, { version: 4 }],
        [MUTE_B, { version: 2 }],
      ]),
    );
    expect(await screen.findByText(/Unmuted 2 mutes/)).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
