// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components, paths } from '../../src/api/schema.d.ts';
import { CommandLayer } from '../../src/web/commands/CommandLayer.tsx';
import { overlayStore } from '../../src/web/commands/palette-store.ts';
import { RECENT_KEY } from '../../src/web/commands/recent.ts';
import { clearThreatCache } from '../../src/web/commands/search-actors.ts';
import { useProvideCommandTarget } from '../../src/web/commands/target.ts';
import type { AlertsCommandTarget } from '../../src/web/features/alerts/command-target.ts';
import { ToastArea } from '../../src/web/shell/toasts/ToastArea.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { stubLayout } from './dom-layout.ts';
import { renderInShell } from './shell-harness.tsx';

type Suggestion = components['schemas']['OmniboxItem'];
type ThreatIntel = components['schemas']['ThreatIntel'];
type BulkAnswer = paths['/api/alerts/v1/alerts/']['put']['responses']['200']['content']['application/json'];

const OMNIBOX = '/api/search/omnibox';
const THREAT = '/api/threat/{kind}/{value}';
const BULK = '/api/alerts/v1/alerts/';
/** The indicators looked up, in order. */
const lookedUp = () => network.callsTo('get', THREAT).map((c) => c.params.value);
/** The bodies of the bulk updates sent. */
const bulkBodies = async () => network.callsTo('put', BULK).map((c) => c.body);
let network: FakeNetwork;

const SUGGESTIONS: Suggestion[] = [
  {
    id: 'alert:42',
    value: '42',
    label: '#42 Brute force against SRV-DC-01 (SRV-DC-01)',
    icon: 'alert',
    url: '/alerts/42',
    category: 'alerts',
    attributes: { status: 'new', priority: 'high' },
  },
  {
    id: 'agent:a1',
    value: 'SRV-DC-01',
    label: 'SRV-DC-01 (10.10.1.10)',
    icon: 'agent',
    url: '/agents/a1',
    category: 'agents',
  },
];

const threat = (value: string, det: ThreatIntel['det']): ThreatIntel => ({
  kind: 'ip',
  value,
  risk: det === 'B' ? 90 : 0,
  det,
  country: det === 'B' ? 'Netherlands' : null,
  registrant_organization: det === 'B' ? 'A very long registrant organisation name for testing' : null,
  popularity: det === 'B' ? 1500 : null,
  threat_categories: det === 'B' ? ['botnet', 'scanner'] : [],
  malware_group: det === 'B' ? 'Mirai' : null,
});

stubLayout();

beforeEach(() => {
  overlayStore.close();
  clearThreatCache();
  network = freshNetwork({ unmatched: 'not-found' })
    .on('get', OMNIBOX, { status: 200, body: { suggestions: SUGGESTIONS } })
    .on('get', THREAT, ({ params }) => ({
      status: 200 as const,
      body: threat(params.value!, params.value!.startsWith('185.') ? 'B' : 'U'),
    }));
  signIn(network, { permissions: ['global_user', 'read_all'] });
});

function Target({ target }: { target: AlertsCommandTarget | null }) {
  useProvideCommandTarget(target);
  return null;
}

function Selection({ ids, refresh }: { ids: number[]; refresh: () => void }) {
  const target = useMemo<AlertsCommandTarget>(
    () => ({
      kind: 'alerts',
      ids,
      versions: Object.fromEntries(ids.map((id) => [id, 7])),
      refresh,
      focusedId: ids[0] ?? null,
    }),
    [ids, refresh],
  );
  return <Target target={target} />;
}

async function setup(extra: React.ReactNode = null, path = '/') {
  const user = userEvent.setup();
  const view = await renderInShell(
    <>
      <button type="button">Before</button>
      <label>
        Notes
        <input type="text" />
      </label>
      {extra}
      <CommandLayer />
      <ToastArea />
    </>,
    { path },
  );
  return { user, ...view };
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const box = () => screen.getByRole('combobox', { name: 'Search across the platform' });

describe('opening and closing (spec 1, section 2.5)', () => {
  it('/ opens the palette when no text field has focus, and a second / closes it', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.keyboard('/');
    expect(palette()).not.toBeNull();
    expect(document.activeElement).toBe(box());
    expect((box() as HTMLInputElement).value).toBe('');
    await user.keyboard('/');
    expect(palette()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Before' })));
  });

  it('/ typed into a text field is text, not a shortcut', async () => {
    const { user } = await setup();
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.keyboard('a/b');
    expect(palette()).toBeNull();
    expect((notes as HTMLInputElement).value).toBe('a/b');
  });

  it('Ctrl+K opens it anywhere, even from a text field; Esc closes it and focus goes back', async () => {
    const { user } = await setup();
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await user.keyboard('{Control>}k{/Control}');
    expect(palette()).not.toBeNull();
    expect(document.activeElement).toBe(box());
    await user.keyboard('{Escape}');
    expect(palette()).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(notes));
  });

  it('with text in the box / is typed, so paths can be searched', async () => {
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('var/log');
    expect((box() as HTMLInputElement).value).toBe('var/log');
    expect(palette()).not.toBeNull();
  });

  it('Tab stays inside the open palette', async () => {
    const { user } = await setup();
    await user.keyboard('/');
    await user.tab();
    expect(palette()!.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(palette()!.contains(document.activeElement)).toBe(true);
  });
});

describe('search (spec 1, sections 2.5, 4.4, 5, 9)', () => {
  it('offers the two fixed actions at once, cut at 55 characters', async () => {
    const { user, location } = await setup();
    await user.keyboard('/');
    const query = 'powershell encoded command from an unusual parent process';
    await user.keyboard(query);
    const alerts = screen.getByRole('option', { name: /^Alerts matching/ });
    const logs = screen.getByRole('option', { name: /^Search Windows logs for/ });
    for (const option of [alerts, logs]) {
      const text = option.textContent ?? '';
      expect(text).toHaveLength(55);
      expect(text.endsWith('…')).toBe(true);
    }
    expect(alerts.textContent).toBe(`${`Alerts matching ${query}`.slice(0, 54)}…`);
    while (alerts.getAttribute('aria-selected') !== 'true') await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe(`/alerts?title=${encodeURIComponent(query)}`);
    expect(palette()).toBeNull();
  });

  it('searches after the pause, groups the suggestions by category and Enter opens one', async () => {
    const { user, location } = await setup();
    await user.keyboard('/');
    await user.keyboard('SRV-DC');
    expect(network.callsTo('get', OMNIBOX)).toHaveLength(0);
    const alertsGroup = await screen.findByRole('group', { name: 'Alerts' }, { timeout: 2000 });
    expect(network.callsTo('get', OMNIBOX)).toHaveLength(1);
    expect([...network.callsTo('get', OMNIBOX)[0]!.query]).toEqual([['query', 'SRV-DC']]);
    const groups = screen
      .getAllByRole('group')
      .map((g) => g.closest('[cmdk-group]')?.getAttribute('data-section'));
    expect(groups.indexOf('category:agents')).toBeLessThan(groups.indexOf('category:alerts'));
    const option = within(alertsGroup).getByRole('option', { name: /#42 Brute force/ });
    while (option.getAttribute('aria-selected') !== 'true') await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/alerts/42');
  });

  it('sends the customer filter only when one is active', async () => {
    localStorage.setItem('watchfloor.selectedCustomers', JSON.stringify([{ customer_id: 'c-1' }]));
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('acme');
    await waitFor(() => expect(network.callsTo('get', OMNIBOX)).not.toHaveLength(0), { timeout: 2000 });
    expect(network.callsTo('get', OMNIBOX)[0]!.query.getAll('customer_ids')).toEqual(['c-1']);
  });

  it('shows the threat card for a bad verdict and hides it for an unknown one', async () => {
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('185.220.101.4');
    const card = await screen.findByRole('region', { name: 'Threat intelligence' }, { timeout: 2000 });
    expect(card.textContent).toContain('Malicious');
    expect(card.textContent).toContain('Netherlands');
    expect(card.textContent).toContain('Mirai');
    expect(card.textContent).toContain('botnet, scanner');
    // Values are cut at 30 characters.
    expect(card.textContent).toContain('A very long registrant organi…');
    expect(card.querySelector('[data-hue]')?.getAttribute('data-hue')).toBe('12');

    await user.clear(box());
    await user.keyboard('10.20.30.40');
    await waitFor(() => expect(lookedUp()).toContain('10.20.30.40'), { timeout: 2000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Threat intelligence' })).toBeNull();
  });

  it('looks each indicator up once per page', async () => {
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('185.220.101.4');
    await screen.findByRole('region', { name: 'Threat intelligence' }, { timeout: 2000 });
    await user.clear(box());
    await user.keyboard('185.220.101.4');
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(screen.getByRole('region', { name: 'Threat intelligence' })).toBeTruthy();
    expect(lookedUp()).toEqual(['185.220.101.4']);
  });
});

describe('commands', () => {
  it('lists the screens the user may open and puts recent commands first', async () => {
    const { user, location } = await setup();
    await user.keyboard('/');
    const navigation = screen.getByRole('group', { name: 'Go to' });
    const names = within(navigation)
      .getAllByRole('option')
      .map((o) => o.querySelector('.palette__label')?.textContent);
    expect(names).toContain('Alerts');
    expect(names).toContain('Integrations'); // global_user + read_all
    expect(names).not.toContain('Administration'); // not an admin
    await user.keyboard('reports');
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toBe('/reports');
    expect(JSON.parse(localStorage.getItem(RECENT_KEY)!)).toEqual([{ id: 'go.reports', args: [] }]);

    await user.keyboard('/');
    const first = screen.getAllByRole('option')[0]!;
    expect(first.textContent).toContain('Reports');
    expect(first.closest('[cmdk-group]')?.getAttribute('data-section')).toBe('recent');
    expect(first.getAttribute('aria-selected')).toBe('true');
  });

  it('keeps the last 10 recent commands, most recent first', async () => {
    const stored = Array.from({ length: 12 }, (_, i) => ({ id: i % 2 ? 'go.alerts' : 'go.cases', args: [] }));
    localStorage.setItem(RECENT_KEY, JSON.stringify([{ id: 'go.users', args: [] }, ...stored.slice(0, 9)]));
    const { user } = await setup();
    await user.keyboard('/');
    const recent = within(screen.getByRole('group', { name: 'Recent' })).getAllByRole('option');
    expect(recent[0]!.textContent).toContain('Users');
  });

  it('confirms a destructive command with what it does to how many alerts, then runs it', async () => {
    const refresh = vi.fn();
    const answer: BulkAnswer = {
      updated: [
        { id: 11, version: 8 },
        { id: 12, version: 8 },
      ],
      failed: [{ id: 13, code: 'conflict', message: 'Alert 13 changed since it was read.' }],
    };
    network.on('put', BULK, { status: 200, body: answer });
    const { user } = await setup(<Selection ids={[11, 12, 13]} refresh={refresh} />, '/alerts');
    await user.keyboard('/');
    expect(screen.getByText('3 alerts selected')).toBeTruthy();
    await user.keyboard('>false');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Mark 3 alerts as false positive?')).toBeTruthy();
    expect(network.callsTo('put', BULK)).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(palette()).toBeNull());
    const [body] = await bulkBodies();
    expect(body).toEqual({
      ids: [11, 12, 13],
      fields: { status: 'false_positive', classification: 'false_positive' },
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Updated 2 alerts/)).toBeTruthy();
    expect(screen.getByText(/1 failed: #13 Alert 13 changed since it was read\./)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(RECENT_KEY)!)[0]).toEqual({
      id: 'alerts.false-positive',
      args: [],
    });
  });

  it('completes arguments: >status offers the statuses, a resolution asks first, one alert sends its version', async () => {
    network.on('put', BULK, { status: 200, body: { updated: [{ id: 5, version: 8 }], failed: [] } });
    const { user } = await setup(<Selection ids={[5]} refresh={() => undefined} />, '/alerts/5');
    await user.keyboard('/');
    await user.keyboard('>status ');
    const options = screen.getAllByRole('option').map((o) => o.querySelector('.palette__label')?.textContent);
    expect(options).toContain('Set status to Closed');
    expect(options).toContain('Set status to Acknowledged');
    expect(options).not.toContain('Set status to Muted');
    await user.keyboard('clo{Enter}');
    expect(screen.getByText('Close 1 alert?')).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(network.callsTo('put', BULK)).toHaveLength(1));
    expect(await bulkBodies()).toEqual([
      {
        ids: [5],
        versions: { '5': 7 },
        fields: { status: 'closed' },
      },
    ]);
  });

  it('a command that changes nothing irreversible runs without asking', async () => {
    network.on('put', BULK, {
      status: 200,
      body: {
        updated: [
          { id: 5, version: 8 },
          { id: 6, version: 3 },
        ],
        failed: [],
      },
    });
    const { user } = await setup(<Selection ids={[5, 6]} refresh={() => undefined} />);
    await user.keyboard('/');
    await user.keyboard('>priority high{Enter}');
    await waitFor(() => expect(network.callsTo('put', BULK)).toHaveLength(1));
    expect(await bulkBodies()).toEqual([{ ids: [5, 6], fields: { priority: 'high' } }]);
  });

  it('picking a command that takes arguments puts it in the box; Esc in the confirmation closes everything', async () => {
    const { user } = await setup(<Selection ids={[1, 2]} refresh={() => undefined} />);
    await user.keyboard('/');
    await user.keyboard('>mu{Enter}');
    expect((box() as HTMLInputElement).value).toBe('>mute ');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Mute 2 alerts and new alerts like them for 1 hour?')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(palette()).toBeNull();
    expect(network.callsTo('post', '/api/alerts/v1/mutes/')).toHaveLength(0);
  });

  it('shows commands without a selection as unavailable, with the reason, and agent commands as unavailable', async () => {
    // Agent commands are offered at all only with modify_all and the "agent actions" labs toggle.
    signIn(network, {
      permissions: ['global_user', 'read_all', 'modify_all'],
      attributes: { lab_agent_actions: true },
    });
    const { user } = await setup();
    await user.keyboard('/');
    await user.keyboard('>');
    const unavailable = screen.getByRole('group', { name: 'Not available here' });
    const isolate = within(unavailable).getByRole('option', { name: /Isolate from the network/ });
    expect(isolate.getAttribute('aria-disabled')).toBe('true');
    expect(isolate.textContent).toContain('Needs a selection on the agents screen');
    expect(within(unavailable).getByRole('option', { name: /Mark as false positive/ }).textContent).toContain(
      'Select alerts on the alerts screen first',
    );
    // Offered as actions: only those that need no selection (opening an integration by its name).
    const actions = within(screen.getByRole('group', { name: 'Actions' })).getAllByRole('option');
    expect(actions.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Open an integration'),
    ]);
  });
});
