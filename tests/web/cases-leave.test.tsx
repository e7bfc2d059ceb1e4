// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'wouter';
import { CasePage } from '../../src/web/features/cases/CasePage.tsx';
import { useRefreshNow } from '../../src/web/shell/ticker/TickerProvider.tsx';
import { apiError, type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME, caseRecord } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const CASE = '/api/cases/v1/cases/{id}';
let network: FakeNetwork;
/** The saves the server got, as case id and body. */
const saves = () => network.callsTo('put', CASE).map((c) => [c.params.id, c.body]);
const assigned = () =>
  network.callsTo('post', '/api/cases/v1/cases/{id}/alerts').map((c) => [c.params.id, c.body]);

/** What the console's 60-second timer does, at once. */
function RefreshNow() {
  const refresh = useRefreshNow();
  return (
    <button type="button" onClick={refresh}>
      Refresh now
    </button>
  );
}

/** The case page on the browser's own history, with a sidebar-like link. */
async function renderCase() {
  return renderInShell(
    <>
      <nav>
        <Link href="/alerts">Alerts</Link>
      </nav>
      <CasePage params={{ id: '7' }} route="case" />
      <RefreshNow />
    </>,
    { path: '/cases/7', data: { customers: [customer('Acme Corp', ACME)] }, browserHistory: true },
  );
}

const description = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  // Provider staff who may change cases and mutes.
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network
    .on('get', CASE, { status: 200, body: caseRecord(7) })
    .on('get', '/api/cases/v1/cases/aggregate/{a}/{b}', { status: 200, body: { buckets: [] } })
    .on('get', '/api/cases/v1/cases/{id}/discussions', { status: 200, body: { discussions: [] } })
    .on('get', '/api/cases/v1/cases/{id}/activity', { status: 200, body: { activity: [] } });
});

describe('case detail: leaving with unsaved changes', () => {
  it('asks before a link leaves; stay keeps the changes, leave discards them and goes', async () => {
    const user = userEvent.setup();
    await renderCase();
    await screen.findByRole('heading', { level: 1, name: /#7 Suspicious sign-ins 7/ });
    expect(unloadPrevented()).toBe(false);

    await user.clear(description());
    await user.type(description(), 'Half written');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(unloadPrevented()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.pathname).toBe('/cases/7');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.pathname).toBe('/cases/7');
    expect(description().value).toBe('Half written');

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    expect(location.pathname).toBe('/alerts');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(unloadPrevented()).toBe(false);
  });

  it("asks when the browser's back button leaves, and keeps the page's address meanwhile", async () => {
    const user = userEvent.setup();
    history.replaceState(null, '', '/cases');
    history.pushState(null, '', '/cases/7');
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.type(description(), ' more');
    history.back();
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.pathname).toBe('/cases/7');
    await user.click(within(dialog).getByRole('button', { name: 'Leave and discard' }));
    expect(location.pathname).toBe('/cases');
  });

  it('Escape answers the question with stay', async () => {
    const user = userEvent.setup();
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.type(description(), ' more');
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.pathname).toBe('/cases/7');
  });

  it('Esc goes back to the list, asking first while something is unsaved', async () => {
    const user = userEvent.setup();
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.type(description(), ' more');
    await user.click(screen.getByRole('heading', { level: 2, name: 'Details' }));
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.pathname).toBe('/cases/7');
    await user.click(within(dialog).getByRole('button', { name: 'Leave and discard' }));
    expect(location.pathname).toBe('/cases');
  });

  it('tells read-only users they can view the case but not change it', async () => {
    network.on('get', CASE, { status: 200, body: caseRecord(7, { can_edit: false }) });
    await renderCase();
    expect((await screen.findByRole('note')).textContent).toBe('You can view this case but not change it.');
    expect(screen.queryByRole('textbox', { name: 'Assign alerts by ID' })).toBeNull();
  });

  it('leaves without asking when nothing is unsaved, also after a save', async () => {
    const user = userEvent.setup();
    network.on('put', CASE, { status: 200, body: caseRecord(7, { description: 'Saved text', version: 2 }) });
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.clear(description());
    await user.type(description(), 'Saved text');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toEqual([['7', { version: 1, description: 'Saved text' }]]));
    await screen.findByText('Case saved', { selector: '.case-form__state' });
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.pathname).toBe('/alerts');
  });
});

describe('case detail: saving and alerts', () => {
  it('a stale save shows the conflict with a reload that takes the current case', async () => {
    const user = userEvent.setup();
    network.on('put', CASE, apiError(409, 'The case changed since it was read.'));
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), ' (mine)');
    await user.keyboard('{Control>}s{/Control}');
    expect((await screen.findByText(/This case was changed by someone else/)).textContent).toContain(
      'Reload',
    );
    network.on('get', CASE, { status: 200, body: caseRecord(7, { title: 'Their title', version: 3 }) });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await screen.findByRole('heading', { level: 1, name: /Their title/ });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe('Their title');
  });

  it('a save that cannot be made says why, focuses the field to fix and sends nothing', async () => {
    const user = userEvent.setup();
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    // Nothing is pointed out before a save is tried.
    expect(title.getAttribute('aria-invalid')).toBeNull();
    description().focus();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please give the case a title.')).toBeTruthy();
    expect(saves()).toEqual([]);
    // The message follows the typing from then on.
    await user.type(title, 'Renamed');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please give the case a title.')).toBeNull();
  });

  it('checks alert ids before assigning them', async () => {
    const user = userEvent.setup();
    network.on('post', '/api/cases/v1/cases/{id}/alerts', {
      status: 200,
      body: caseRecord(7, { alert_count: 4 }),
    });
    await renderCase();
    await screen.findByRole('heading', { level: 1 });
    const field = screen.getByRole('textbox', { name: 'Assign alerts by ID' });
    await user.type(field, '12, abc{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('“abc” is not an alert ID');
    expect(assigned()).toEqual([]);
    await user.clear(field);
    await user.type(field, '12, #13 12{Enter}');
    await waitFor(() => expect(assigned()).toEqual([['7', { alert_ids: [12, 13] }]]));
  });

  it("shows 'Case with ID {id} not found' for a case the user cannot see", async () => {
    network.on('get', CASE, apiError(404, 'Case with ID 7 not found'));
    await renderCase();
    expect(await screen.findByRole('heading', { level: 1, name: 'Case with ID 7 not found' })).toBeTruthy();
  });

  it("shows one activity feed: the case's changes, comments and agent actions with each step", async () => {
    const agentId = '00000000-0000-4000-8000-0000000a0001';
    const action = (status: string, steps: string[]) => ({
      action_id: '00000000-0000-4000-8000-00000000c001',
      agent_id: agentId,
      customer_id: ACME,
      type: 'isolate',
      status,
      parameters: { length: 3600 },
      steps: steps.map((step, i) => ({
        status: step,
        at: `2026-03-02T10:0${i}:00.000Z`,
        receipt: step === 'succeeded' ? 'WS-1:c001' : null,
        by: null,
      })),
      exit_code: status === 'succeeded' ? 0 : null,
      output: null,
    });
    const feed = (status: string, steps: string[]) => ({
      status: 200 as const,
      body: {
        activity: [
          {
            id: 'action-c001',
            kind: 'agent_action',
            at: '2026-03-02T10:00:00.000Z',
            actor_email: 'analyst@acme.example',
            action: 'isolate',
            changes: [],
            comment: null,
            agent_action: action(status, steps),
            agent_host_name: 'ACME-WS-01',
          },
          {
            id: 'comment-5',
            kind: 'comment',
            at: '2026-03-02T09:30:00.000Z',
            actor_email: 'analyst@acme.example',
            action: 'commented',
            changes: [],
            comment: { id: 5, body: 'Isolating the host now.', private: false, user: null },
            agent_action: null,
            agent_host_name: null,
          },
          {
            id: 'change-3',
            kind: 'change',
            at: '2026-03-02T09:00:00.000Z',
            actor_email: null,
            action: 'updated',
            changes: [{ field: 'status', before: 'new', after: 'open' }],
            comment: null,
            agent_action: null,
            agent_host_name: null,
          },
        ],
      } as never,
    });
    network.on('get', '/api/cases/v1/cases/{id}/activity', feed('delivered', ['queued', 'delivered']));
    await renderCase();
    const section = await screen.findByRole('region', { name: 'Activity' });
    const items = () =>
      within(section)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement?.tagName === 'OL');
    await waitFor(() => expect(items().length).toBeGreaterThan(0));
    const [acted, commented, changed] = section.querySelectorAll('.case-activity > li');
    expect(acted!.textContent).toContain('analyst@acme.example');
    expect(acted!.textContent).toContain('asked an agent to act');
    // The agent action's card comes from the agents area, drawn once its chunk is in.
    expect(
      (await within(acted as HTMLElement).findByRole('link', { name: 'ACME-WS-01' })).getAttribute('href'),
    ).toBe(`/agents/${agentId}`);
    expect(within(acted as HTMLElement).getByRole('article', { name: 'Isolate' }).textContent).toContain(
      'Delivered',
    );
    expect(commented!.textContent).toContain('Isolating the host now.');
    expect(changed!.textContent).toContain('System');
    expect(changed!.textContent).toContain('Status: New → Open');

    // The periodic refresh reads the feed again: the action is now done, with the agent's receipt.
    network.on(
      'get',
      '/api/cases/v1/cases/{id}/activity',
      feed('succeeded', ['queued', 'delivered', 'running', 'succeeded']),
    );
    const before = network.callsTo('get', '/api/cases/v1/cases/{id}/activity').length;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() =>
      expect(network.callsTo('get', '/api/cases/v1/cases/{id}/activity').length).toBeGreaterThan(before),
    );
    const card = await within(section).findByRole('article', { name: 'Isolate' });
    await waitFor(() => expect(card.textContent).toContain('receipt WS-1:c001'));
    const steps = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      expect.stringMatching(/^Queued · /),
      expect.stringMatching(/^Delivered · /),
      expect.stringMatching(/^Running · /),
      expect.stringMatching(/^Succeeded · .* · receipt WS-1:c001$/),
    ]);
  });

  it('says when nothing has happened to the case yet', async () => {
    await renderCase();
    const section = await screen.findByRole('region', { name: 'Activity' });
    expect(await within(section).findByText('Nothing has happened to this case yet.')).toBeTruthy();
  });
});
