// @vitest-environment jsdom
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
import { stubLayout } from './jsdom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

vi.mock('../../src/web/shell/session-bridge.ts', () => import('./shell-session-mock.ts'));
vi.mock('../../src/web/session/SessionProvider.tsx', () => import('./shell-session-mock.ts'));

/** The one API client, replaced. */
const api = vi.hoisted(() => ({ GET: vi.fn(), PUT: vi.fn(), POST: vi.fn() }));
vi.mock('../../src/api/client.ts', () => ({ api }));

const ok = <T,>(data: T) => ({ data, error: undefined, response: new Response(null, { status: 200 }) });
const conflict = (message: string) => ({
  data: undefined,
  error: { error: { code: 'conflict', message } },
  response: new Response(null, { status: 409 }),
});

stubLayout();

beforeEach(() => {
  overlayStore.close();
  localStorage.clear();
  api.GET.mockReset();
  api.PUT.mockReset();
  api.POST.mockReset();
  api.GET.mockImplementation(async (path: string, init: { params: { path: { id: number } } }) => {
    if (path === '/api/cases/v1/cases/{id}') return ok(caseRecord(init.params.path.id));
    if (path === '/api/search/omnibox') return ok({ suggestions: [] });
    throw new Error(`unexpected GET ${path}`);
  });
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
    api.PUT.mockImplementation(async (_path: string, init: { params: { path: { id: number } } }) =>
      init.params.path.id === 3
        ? conflict('Case 3 changed since it was read.')
        : ok(caseRecord(init.params.path.id, { status: 'closed' })),
    );
    const user = setup(cases([2, 3], true, refresh));
    await user.keyboard('/');
    expect(screen.getByText('2 cases selected')).toBeTruthy();
    await user.keyboard('>case-status ');
    const options = screen.getAllByRole('option').map((o) => o.querySelector('.palette__label')?.textContent);
    expect(options).toContain('Set status to Closed');
    await user.keyboard('clo{Enter}');
    expect(screen.getByText('Close 2 cases?')).toBeTruthy();
    expect(api.PUT).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.PUT).toHaveBeenCalledTimes(2));
    const bodies = api.PUT.mock.calls.map(([path, init]) => [path, init.params.path.id, init.body]);
    expect(bodies).toEqual(
      expect.arrayContaining([
        ['/api/cases/v1/cases/{id}', 2, { version: 102, status: 'closed' }],
        ['/api/cases/v1/cases/{id}', 3, { version: 103, status: 'closed' }],
      ]),
    );
    expect(await screen.findByText(/Updated 1 case/)).toBeTruthy();
    expect(screen.getByText(/1 failed: #3 Case 3 changed since it was read\./)).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('>case-assign me adds the user to each case’s assignees, keeping the others', async () => {
    api.PUT.mockImplementation(async (_path: string, init: { params: { path: { id: number } } }) =>
      ok(caseRecord(init.params.path.id)),
    );
    const user = setup(cases([4]));
    await user.keyboard('/');
    await user.keyboard('>case-assign me{Enter}');
    await waitFor(() => expect(api.PUT).toHaveBeenCalledTimes(1));
    expect(api.PUT.mock.calls[0]![1].body).toEqual({
      version: 1,
      assigned_users: ['analyst@watchfloor.example', 'ana.analyst@example.com'],
    });
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
    expect(api.PUT).not.toHaveBeenCalled();
  });
});

describe('commands on the selected mutes', () => {
  it('>unmute asks first and unmutes each mute with the version read', async () => {
    const refresh = vi.fn();
    api.POST.mockImplementation(async () => ok({}));
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
    await waitFor(() => expect(api.POST).toHaveBeenCalledTimes(2));
    expect(api.POST.mock.calls.map(([path, init]) => [path, init.params.path.mute_id, init.body])).toEqual(
      expect.arrayContaining([
        ['/api/alerts/v1/mutes/{mute_id}/unmute', MUTE_A, { version: 4 }],
        ['/api/alerts/v1/mutes/{mute_id}/unmute', MUTE_B, { version: 2 }],
      ]),
    );
    expect(await screen.findByText(/Unmuted 2 mutes/)).toBeTruthy();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
