// @vitest-environment jsdom
// The fake network goes in before the client captures fetch.
import './fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import {
  type CasesCommandTarget,
  type MutesCommandTarget,
  useProvideCommandTarget,
} from '../../src/web/commands/target.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { caseRecord } from './cases-fakes.ts';
import { callsTo, json, resetNetwork, route } from './fake-network.ts';
import { stubLayout } from './jsdom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

vi.mock('../../src/web/shell/session-bridge.ts', () => import('./shell-session-mock.ts'));
vi.mock('../../src/web/session/SessionProvider.tsx', () => import('./shell-session-mock.ts'));

const idOf = (request: Request) => new URL(request.url).pathname.split('/').at(-1)!;
const sent = (method: 'PUT' | 'POST', path: Parameters<typeof callsTo>[1]) =>
  Promise.all(callsTo(method, path).map(async (r) => [idOf(r), await r.clone().json()]));

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  resetNetwork();
  route('GET', '/api/cases/v1/cases/{id}', (r) => json(caseRecord(Number(idOf(r)))));
  route('GET', '/api/search/omnibox', json({ suggestions: [] }));
});

function Provide({ target }: { target: CasesCommandTarget | MutesCommandTarget }) {
  useProvideCommandTarget(target);
  return null;
}

function setup(target: CasesCommandTarget | MutesCommandTarget) {
  const user = userEvent.setup();
  renderInShell(
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
    route('PUT', '/api/cases/v1/cases/{id}', (r) =>
      idOf(r) === '3'
        ? json({ error: { code: 'conflict', message: 'Case 3 changed since it was read.' } }, 409)
        : json(caseRecord(Number(idOf(r)), { status: 'closed' })),
    );
    const user = setup(cases([2, 3], true, refresh));
    await user.keyboard('/');
    expect(screen.getByText('2 cases selected')).toBeTruthy();
    await user.keyboard('>case-status ');
    const options = screen.getAllByRole('option').map((o) => o.querySelector('.palette__label')?.textContent);
    expect(options).toContain('Set status to Closed');
    await user.keyboard('clo{Enter}');
    expect(screen.getByText('Close 2 cases?')).toBeTruthy();
    expect(callsTo('PUT', '/api/cases/v1/cases/{id}')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('PUT', '/api/cases/v1/cases/{id}')).toHaveLength(2));
    expect(await sent('PUT', '/api/cases/v1/cases/{id}')).toEqual(
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
    route('PUT', '/api/cases/v1/cases/{id}', (r) => json(caseRecord(Number(idOf(r)))));
    const user = setup(cases([4]));
    await user.keyboard('/');
    await user.keyboard('>case-assign me{Enter}');
    await waitFor(() => expect(callsTo('PUT', '/api/cases/v1/cases/{id}')).toHaveLength(1));
    expect(await sent('PUT', '/api/cases/v1/cases/{id}')).toEqual([
      ['4', { version: 1, assigned_users: ['analyst@watchfloor.example', 'ana.analyst@example.com'] }],
    ]);
    expect(await screen.findByText(/Updated 1 case/)).toBeTruthy();
  });

  it('read-only users see the case commands as not permitted and nothing is sent', async () => {
    const user = setup(cases([4], false));
    await user.keyboard('/');
    await user.keyboard('>case');
    const unavailable = screen.getByRole('group', { name: 'Not available here' });
    const status = within(unavailable).getByRole('option', { name: /Change case status/ });
    expect(status.getAttribute('aria-disabled')).toBe('true');
    expect(status.textContent).toContain('You do not have permission to change these');
    await user.keyboard(' -status closed{Enter}');
    expect(callsTo('PUT', '/api/cases/v1/cases/{id}')).toHaveLength(0);
  });
});

describe('commands on the selected mutes', () => {
  it('>unmute asks first and unmutes each mute with the version read', async () => {
    const refresh = vi.fn();
    route('POST', '/api/alerts/v1/mutes/{mute_id}/unmute', json({}));
    const target: MutesCommandTarget = {
      kind: 'mutes',
      ids: [MUTE_A, MUTE_B],
      versions: { [MUTE_A]: 4, [MUTE_B]: 2 },
      canChange: true,
      refresh,
      focusedId: MUTE_A,
    };
    const user = setup(target);
    await user.keyboard('/');
    expect(screen.getByText('2 mutes selected')).toBeTruthy();
    await user.keyboard('>unmute{Enter}');
    expect(screen.getByText('Unmute 2 mutes? New matching alerts will no longer be muted.')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo('POST', '/api/alerts/v1/mutes/{mute_id}/unmute')).toHaveLength(2));
    const unmuted = await Promise.all(
      callsTo('POST', '/api/alerts/v1/mutes/{mute_id}/unmute').map(async (r) => [
        new URL(r.url).pathname.split('/').at(-2),
        await r.clone().json(),
      ]),
    );
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
