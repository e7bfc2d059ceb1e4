// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Sidebar } from '../../src/web/shell/layout/Sidebar.tsx';
import { type SidebarSubject, sidebarGroups } from '../../src/web/shell/layout/sidebar-items.ts';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { customer, renderInShell } from './shell-harness.tsx';

const ids = (subject: Partial<SidebarSubject>, kb: string | null = null) =>
  sidebarGroups({ signedIn: true, permissions: [], admin: false, attributes: {}, ...subject }, kb).map(
    (group) => group.map((item) => item.id),
  );

const flat = (subject: Partial<SidebarSubject>) => ids(subject).flat();

describe('sidebar entries (spec 1, sections 2.3 and 6)', () => {
  it('lists the groups in order', () => {
    expect(
      ids(
        {
          permissions: ['global_user', 'read_all'],
          attributes: { lab_escalations: true, lab_workflows: true },
        },
        'https://kb.example',
      ),
    ).toEqual([
      ['dashboard', 'alerts', 'cases', 'vulnerabilities', 'agents'],
      ['search', 'reports', 'threat', 'knowledgeBase'],
      ['customers', 'domains', 'users'],
      ['integrations', 'escalations', 'workflows'],
      // Not one of the spec's groups: after them.
      ['logRetention'],
    ]);
  });

  it('keeps group 2 to search, reports, threat intel and the knowledge base', () => {
    expect(ids({}, 'https://kb.example')[1]).toEqual(['search', 'reports', 'threat', 'knowledgeBase']);
    expect(ids({ signedIn: false }).flat()).not.toContain('logRetention');
  });

  it('shows alerts, cases, vulnerabilities and agents only when signed in', () => {
    expect(ids({ signedIn: false })[0]).toEqual(['dashboard']);
  });

  it('integrations: global_user AND (read_all OR read_integration)', () => {
    expect(flat({ permissions: ['global_user', 'read_integration'] })).toContain('integrations');
    expect(flat({ permissions: ['global_user', 'read_all'] })).toContain('integrations');
    expect(flat({ permissions: ['read_all', 'read_integration'] })).not.toContain('integrations');
    expect(flat({ permissions: ['global_user', 'read_workflow'] })).not.toContain('integrations');
  });

  it('escalations: global_user AND (read_all OR read_escalation) AND lab_escalations', () => {
    const labs = { lab_escalations: true };
    expect(flat({ permissions: ['global_user', 'read_escalation'], attributes: labs })).toContain(
      'escalations',
    );
    expect(flat({ permissions: ['global_user', 'read_all'], attributes: labs })).toContain('escalations');
    expect(flat({ permissions: ['global_user', 'read_all'] })).not.toContain('escalations');
    expect(flat({ permissions: ['read_escalation'], attributes: labs })).not.toContain('escalations');
  });

  it('workflows: global_user AND (read_all OR read_workflow) AND lab_workflows', () => {
    const labs = { lab_workflows: true };
    expect(flat({ permissions: ['global_user', 'read_workflow'], attributes: labs })).toContain('workflows');
    expect(flat({ permissions: ['global_user', 'read_all'], attributes: labs })).toContain('workflows');
    expect(flat({ permissions: ['global_user', 'read_all'] })).not.toContain('workflows');
    expect(flat({ permissions: ['read_workflow'], attributes: labs })).not.toContain('workflows');
    expect(flat({ permissions: ['global_user', 'modify_workflow'], attributes: labs })).not.toContain(
      'workflows',
    );
  });

  it('offers the knowledge base only with a string destination, as an external link', () => {
    expect(flat({})).not.toContain('knowledgeBase');
    const kb = sidebarGroups(
      { signedIn: true, permissions: [], admin: false, attributes: {} },
      'https://kb.example',
    )
      .flat()
      .find((item) => item.id === 'knowledgeBase');
    expect(kb).toMatchObject({ external: true, to: 'https://kb.example', target: '_blank' });
  });
});

describe('<Sidebar>', () => {
  const ALERTS = '/api/alerts/v1/alerts/count';
  let network: FakeNetwork;
  const CASES = '/api/cases/v1/cases/count';
  /** The counts never arrive. */
  const countsPending = () => {
    network.on('get', ALERTS, () => new Promise<never>(() => undefined));
    network.on('get', CASES, () => new Promise<never>(() => undefined));
  };
  const counts = (alerts: number, cases: number) => {
    network.on('get', ALERTS, { status: 200, body: { count: alerts } });
    network.on('get', CASES, { status: 200, body: { count: cases } });
  };
  const customersAsked = (path: typeof ALERTS | typeof CASES) =>
    network.callsTo('get', path)[0]!.query.getAll('customer_ids');

  beforeEach(() => {
    network = freshNetwork({ unmatched: 'not-found' });
  });

  const data = {
    customers: [customer('Acme', 'c-1'), customer('Blue', 'c-2')],
    contacts: [],
    agents: [],
    loaded: { customers: true, contacts: false, agents: false },
    knowledgeBaseUrl: 'https://kb.example',
  };

  it('renders the links a customer user may see, with the knowledge base in a new tab', async () => {
    signIn(network, { user: { role_level: 'Customer' }, permissions: ['read_all'] });
    countsPending();
    await renderInShell(<Sidebar />, { data });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(names).toEqual([
      '/',
      '/alerts',
      '/cases',
      '/vulnerabilities',
      '/agents',
      '/search',
      '/reports',
      '/threat',
      'https://kb.example',
      '/customers',
      '/domains',
      '/users',
      '/log-retention',
    ]);
    const kb = within(nav).getByRole('link', { name: /Knowledge base/ });
    expect(kb.getAttribute('target')).toBe('_blank');
    expect(kb.getAttribute('rel')).toContain('noopener');
  });

  it('shows spinners while counts load, then compact numbers', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'] });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    network.on('get', ALERTS, () => answered.then(() => ({ status: 200, body: { count: 1234 } }) as const));
    network.on('get', CASES, () => answered.then(() => ({ status: 200, body: { count: 7 } }) as const));
    const { container } = await renderInShell(<Sidebar />, { data });
    const count = (id: string) => container.querySelector(`[data-count-for="${id}"]`)!;
    expect(count('alerts').querySelector('.spinner')).not.toBeNull();
    expect(count('users').querySelector('.spinner')).not.toBeNull();
    expect(count('customers').textContent).toBe('2');
    answer();
    await waitFor(() => expect(count('alerts').textContent).toBe('1.2K'));
    expect(count('cases').textContent).toBe('7');
    expect(customersAsked(ALERTS)).toEqual([]);
    expect(customersAsked(CASES)).toEqual([]);
  });

  it('counts alerts and cases for the selected customers', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'] });
    localStorage.setItem('watchfloor.selectedCustomers', JSON.stringify([{ customer_id: 'c-2' }]));
    counts(3, 1);
    const { container } = await renderInShell(<Sidebar />, { data });
    await waitFor(() => expect(container.querySelector('[data-count-for="alerts"]')!.textContent).toBe('3'));
    expect(customersAsked(ALERTS)).toEqual(['c-2']);
    expect(customersAsked(CASES)).toEqual(['c-2']);
    expect(container.querySelector('[data-count-for="customers"]')!.textContent).toBe('1');
  });

  it('counts vulnerabilities and domains from the loaded lists, for the selected customers', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'] });
    countsPending();
    const report = (customerId: string, platform: string, findings: number) => ({
      customer_id: customerId,
      os: { platform },
      patches: [],
      applications: [],
      standalone_os_vulnerabilities: [],
      vulnerable_count: findings,
      agent_count: 1,
    });
    const domain = (uid: string, customerId: string) => ({ uid, customerId }) as never;
    const lists = {
      ...data,
      vulnerabilities: [
        report('c-1', 'windows-11', 4),
        report('c-1', 'ubuntu-22.04', 2),
        report('c-2', 'macos-14', 5),
      ],
      domains: [domain('d-1', 'c-1'), domain('d-2', 'c-2'), domain('d-3', 'c-2')],
    };
    const all = await renderInShell(<Sidebar />, {
      data: { ...lists, loaded: { customers: true, vulnerabilities: true, domains: true } },
    });
    const count = (id: string) => all.container.querySelector(`[data-count-for="${id}"]`)!;
    expect(count('vulnerabilities').textContent).toBe('11');
    expect(count('domains').textContent).toBe('3');
    all.unmount();

    localStorage.setItem('watchfloor.selectedCustomers', JSON.stringify([{ customer_id: 'c-2' }]));
    const some = await renderInShell(<Sidebar />, {
      data: { ...lists, loaded: { customers: true, vulnerabilities: true, domains: true } },
    });
    const narrowed = (id: string) => some.container.querySelector(`[data-count-for="${id}"]`)!;
    expect(narrowed('vulnerabilities').textContent).toBe('5');
    expect(narrowed('domains').textContent).toBe('2');
    some.unmount();

    // Still loading: a spinner.
    const loading = await renderInShell(<Sidebar />, { data: { ...lists, loaded: { customers: true } } });
    const pending = (id: string) => loading.container.querySelector(`[data-count-for="${id}"]`)!;
    expect(pending('vulnerabilities').querySelector('.spinner')).not.toBeNull();
    expect(pending('domains').querySelector('.spinner')).not.toBeNull();
  });

  it('marks the current page', async () => {
    signIn(network, { permissions: ['global_user', 'read_all'] });
    countsPending();
    await renderInShell(<Sidebar />, { data, path: '/alerts/123' });
    expect(screen.getByRole('link', { name: /^Alerts/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /^Dashboard/ }).getAttribute('aria-current')).toBeNull();
  });
});
