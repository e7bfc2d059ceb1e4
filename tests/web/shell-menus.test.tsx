// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { badgeCount } from '../../src/common/format.ts';
import { AdminMenu } from '../../src/web/shell/layout/AdminMenu.tsx';
import { gravatarUrl } from '../../src/web/shell/layout/gravatar.ts';
import { UserMenu } from '../../src/web/shell/layout/UserMenu.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { renderInShell } from './shell-harness.tsx';

const data = { knowledgeBaseUrl: 'https://kb.example' };

/**
 * WCAG 2.5.3 as axe-core 4.14 checks it (label-content-name-mismatch): the visible text's words
 * appear in a row among the accessible name's, once anything in brackets is taken out of both.
 * (axe itself cannot judge in the test DOM: it measures icon ligatures on a canvas.)
 */
function labelInName(visible: string, name: string) {
  const words = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/\([^()]*\)/g, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const seen = words(visible);
  const said = words(name);
  return said.some((_, i) => seen.every((word, j) => said[i + j] === word));
}

const UPDATES = '/api/updates/v1/updates/';
/** The server counts `total` new updates. */
const newUpdates = (total: number) =>
  network.on('get', UPDATES, { status: 200, body: { total, updates: [] } });

/** The analyst of the shell tests, whose e-mail comes untidy from the directory. */
const ANA = { name: 'Ana Analyst', email: 'Ana.Analyst@Example.com ' };

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
});

describe('user menu', () => {
  it('counts new updates as 9+ above 9', () => {
    expect(badgeCount(0)).toBe('0');
    expect(badgeCount(9)).toBe('9');
    expect(badgeCount(10)).toBe('9+');
  });

  it('shows the new-updates badge, asking for updates since updates_seen_at', async () => {
    const user = userEvent.setup();
    signIn(network, { attributes: { updates_seen_at: '2025-06-01T00:00:00.000Z' }, user: ANA });
    newUpdates(12);
    await renderInShell(<UserMenu />, { data });
    await user.click(screen.getByRole('button', { name: /User menu for Ana Analyst/ }));
    const updates = await screen.findByRole('menuitem', { name: /Platform updates/ });
    await waitFor(() => expect(updates.textContent).toContain('9+'));
    expect(updates.textContent).toContain('12 new updates');
    const asked = network.callsTo('get', UPDATES)[0]!.query;
    expect(asked.get('since')).toBe('2025-06-01T00:00:00.000Z');
  });

  it('lists the entries in order and leaves out the return link for other partners', async () => {
    const user = userEvent.setup();
    signIn(network, { user: ANA });
    newUpdates(0);
    await renderInShell(<UserMenu />, { data });
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'My profile',
      'Platform updates',
      'MDR profile',
      'Login and authentication settings',
      'Support',
      'Log out',
    ]);
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/profile',
      '/updates',
      '/profile#mdr',
      '/profile#security',
      'https://kb.example',
      '/logout',
    ]);
    expect(items[0]).toBe(document.activeElement);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items.at(-1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /User menu/ }));
  });

  it.each(['securecloud', 'ecom'] as const)(
    'offers "return to previous site" to partners from %s',
    async (source) => {
      const user = userEvent.setup();
      signIn(network, {
        user: ANA,
        partner: { created_source: source, return_url: 'https://shop.example/back' },
      });
      newUpdates(0);
      await renderInShell(<UserMenu />, { data });
      await user.click(screen.getByRole('button', { name: /User menu/ }));
      const back = screen.getByRole('menuitem', { name: 'Return to previous site' });
      expect(back.getAttribute('href')).toBe('https://shop.example/back');
    },
  );

  it('offers no return link to a script address', async () => {
    const user = userEvent.setup();
    signIn(network, {
      user: ANA,
      partner: { created_source: 'ecom', return_url: 'javascript:alert(1)' },
    });
    newUpdates(0);
    await renderInShell(<UserMenu />, { data });
    await user.click(screen.getByRole('button', { name: /User menu/ }));
    expect(screen.getByRole('menuitem', { name: 'My profile' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Return to previous site' })).toBeNull();
  });

  it('falls back to initials when the avatar cannot load', async () => {
    signIn(network, { user: ANA });
    newUpdates(0);
    const { container } = await renderInShell(<UserMenu />, { data });
    const img = await waitFor(() => {
      const found = container.querySelector('img.avatar');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(img.getAttribute('src')).toBe(await gravatarUrl('ana.analyst@example.com', 56));
    fireEvent.error(img);
    expect(container.querySelector('.avatar--initials')!.textContent).toBe('AA');
  });

  it('names its button with the initials it shows, outside brackets, so a speech user can say them', async () => {
    signIn(network, { user: { name: 'Mia Lind', email: 'mia.lind@example.com' } });
    newUpdates(0);
    const { container } = await renderInShell(<UserMenu />, { data });
    const img = await waitFor(() => {
      const found = container.querySelector('img.avatar');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.error(img);
    const button = screen.getByRole('button', { name: /User menu for Mia Lind/ });
    expect(button.textContent).toBe('ML');
    expect(labelInName(button.textContent ?? '', button.getAttribute('aria-label') ?? '')).toBe(true);
  });

  it('hashes the trimmed, lower-cased e-mail with SHA-256', async () => {
    expect(await gravatarUrl('  Ana.Analyst@Example.com ')).toBe(
      await gravatarUrl('ana.analyst@example.com'),
    );
    expect(await gravatarUrl('test@example.com', 64)).toBe(
      'https://www.gravatar.com/avatar/973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b?d=404&s=64',
    );
  });
});

describe('admin menu', () => {
  it('is absent for users who are not admins', async () => {
    signIn(network, { user: ANA });
    await renderInShell(<AdminMenu />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives admins the way to all users', async () => {
    const user = userEvent.setup();
    signIn(network, { admin: true });
    await renderInShell(<AdminMenu />);
    await user.click(screen.getByRole('button', { name: 'Admin menu' }));
    expect(screen.getByRole('menuitem', { name: 'View All Users' }).getAttribute('href')).toBe('/admin');
  });

  it('names the impersonator and ends the impersonation, then goes to /admin', async () => {
    const user = userEvent.setup();
    signIn(network, { admin: true, impersonator: 'root@example.com', token: 'as-user' });
    // Ending hands back the administrator's own token, and the user reloads with it.
    network.on('delete', '/api/support/v1/impersonation', {
      status: 200,
      body: { access_token: 'own-token', token_type: 'Bearer', expires_in: 3600 },
    });
    window.history.replaceState(null, '', '/');
    await renderInShell(<AdminMenu />);
    await user.click(screen.getByRole('button', { name: /Impersonation menu/ }));
    expect(screen.getByRole('menu').textContent).toContain('Impersonating as root@example.com');
    await user.click(screen.getByRole('menuitem', { name: 'End Impersonation' }));
    await waitFor(() => expect(window.location.pathname).toBe('/admin'));
    const [ended] = network.callsTo('delete', '/api/support/v1/impersonation');
    expect(ended!.headers.get('Authorization')).toBe('Bearer as-user');
    const users = network.callsTo('get', '/api/user/');
    expect(users.at(-1)!.headers.get('Authorization')).toBe('Bearer own-token');
  });
});
