// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Link } from 'wouter';
import type { Mute } from '../../machines/mute-lifecycle/mute-lifecycle.context.ts';
import { MutesPage } from '../../src/web/features/mutes/MutesPage.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { signIn } from '../helpers/signed-in-session.tsx';
import { ACME } from './cases-fakes.ts';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer, renderInShell } from './shell-harness.tsx';

withKeyDispatcher();

const MUTES = '/api/alerts/v1/mutes/';
const ACTIVE: Mute = {
  id: '00000000-0000-4000-8000-0000000000b1',
  customer_id: ACME,
  conditions: [{ field: 'title', operator: 'contains', value: 'backup job' }],
  description: 'Nightly backups look like exfiltration.',
  state: 'active',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  ttl_seconds: 3600,
  created_by: 'analyst@watchfloor.example',
  source_alert_id: 42,
  version: 4,
  created_at: '2025-06-01T11:00:00.000Z',
  updated_at: '2025-06-01T11:00:00.000Z',
};

/** A second active mute, to open instead of the first. */
const OTHER: Mute = {
  ...ACTIVE,
  id: '00000000-0000-4000-8000-0000000000b2',
  conditions: [{ field: 'host_name', operator: 'equals', value: 'vpn-gw-01' }],
  description: 'The VPN gateway restarts nightly.',
};

let network: FakeNetwork;

/** The mutes page on the browser's own history, with a sidebar-like link. */
async function renderMutes() {
  const data = {
    customers: [customer('Acme Corp', ACME)],
    loaded: { customers: true, contacts: true, agents: true },
  };
  const view = await renderInShell(
    <>
      <nav>
        <Link href="/alerts">Alerts</Link>
      </nav>
      <MutesPage params={{}} route="mute-conditions" />
    </>,
    { path: '/alerts/muted', data, browserHistory: true },
  );
  await screen.findByRole('button', { name: /backup job/ });
  return view;
}

const newMuteForm = () => screen.findByRole('form', { name: 'New mute' });
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });
const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

/** Opens the new mute form with `n` and types a value into its first condition. */
async function halfWrittenMute(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('n');
  const form = await newMuteForm();
  await user.type(within(form).getByRole('textbox', { name: 'Value' }), 'nas-01');
  return form;
}

beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  // Provider staff who may change mutes.
  signIn(network, { permissions: ['global_user', 'read_all', 'modify_all'] });
  network.on('get', MUTES, (call) => ({
    status: 200 as const,
    body: { mutes: call.query.get('state') === 'active' ? [ACTIVE, OTHER] : [] },
  }));
});

describe('mute form: leaving with unsaved changes', () => {
  it('asks before a link leaves; stay keeps what was typed, leave discards it and goes', async () => {
    const user = userEvent.setup();
    await renderMutes();
    expect(unloadPrevented()).toBe(false);
    const form = await halfWrittenMute(user);
    expect(unloadPrevented()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('This mute has unsaved changes.');
    expect(location.pathname).toBe('/alerts/muted');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(question()).toBeNull();
    expect(location.pathname).toBe('/alerts/muted');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Value' }).value).toBe('nas-01');

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    expect(location.pathname).toBe('/alerts');
    expect(question()).toBeNull();
    expect(screen.queryByRole('form', { name: 'New mute' })).toBeNull();
    expect(unloadPrevented()).toBe(false);
    expect(network.callsTo('post', MUTES)).toHaveLength(0);
  });

  it("asks when the browser's back button leaves, and keeps the page's address meanwhile", async () => {
    const user = userEvent.setup();
    history.replaceState(null, '', '/alerts');
    history.pushState(null, '', '/alerts/muted');
    await renderMutes();
    await halfWrittenMute(user);
    history.back();
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.pathname).toBe('/alerts/muted');
    await user.click(within(dialog).getByRole('button', { name: 'Leave and discard' }));
    expect(location.pathname).toBe('/alerts');
  });

  it('Esc in the form asks first; Esc in the question stays, leave closes the form', async () => {
    const user = userEvent.setup();
    await renderMutes();
    const form = await halfWrittenMute(user);
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(question()).toBeNull();
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Value' }).value).toBe('nas-01');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New mute' })).toBeNull());
    // Only the form closed: the page stays where it was.
    expect(location.pathname).toBe('/alerts/muted');
  });

  it('asks nothing when the form is clean: Esc closes it, a link leaves', async () => {
    const user = userEvent.setup();
    await renderMutes();
    await user.keyboard('n');
    await newMuteForm();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New mute' })).toBeNull());
    expect(question()).toBeNull();

    // An edit typed and then put back as it was is no change either.
    await user.click(screen.getByRole('button', { name: /backup job/ }));
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    await user.click(within(details).getByRole('button', { name: 'Edit conditions' }));
    const form = await screen.findByRole('form', { name: 'Edit mute' });
    const description = within(form).getByRole('textbox', { name: 'Description' });
    await user.type(description, '!');
    await user.keyboard('{Backspace}');
    expect(unloadPrevented()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    expect(question()).toBeNull();
    expect(location.pathname).toBe('/alerts');
  });
});

/** Opens the first mute's edit form and adds to its description. */
async function halfEditedMute(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /backup job/ }));
  const details = await screen.findByRole('complementary', { name: 'Mute details' });
  await user.click(within(details).getByRole('button', { name: 'Edit conditions' }));
  const form = await screen.findByRole('form', { name: 'Edit mute' });
  await user.type(within(form).getByRole('textbox', { name: 'Description' }), ' Half written');
  return form;
}

const description = (form: HTMLElement) =>
  within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value;

/** Tabs on until `target` has the focus, as a person walks a form with the keyboard. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, target: HTMLElement) {
  for (let i = 0; i < 30 && document.activeElement !== target; i++) await user.tab();
  expect(document.activeElement).toBe(target);
}

/** Moves the list's cursor with j from the top to a mute's row. */
async function cursorTo(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const rowName = screen.getByRole('button', { name });
  const index = Number(rowName.closest('[data-row-index]')?.getAttribute('data-row-index'));
  for (let i = 0; i <= index; i++) await user.keyboard('j');
  expect(document.activeElement).toBe(rowName);
  return rowName;
}

describe('mute form: another mute or a new one over unsaved changes', () => {
  it('asks before another row opens; stay keeps the form and the cursor, leave opens that mute', async () => {
    const user = userEvent.setup();
    await renderMutes();
    const form = await halfEditedMute(user);
    // Out of the text field, so the list's keys work.
    await tabTo(user, within(form).getByRole('button', { name: 'Cancel' }));
    const otherRow = await cursorTo(user, /vpn-gw-01/);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('This mute has unsaved changes.');

    await user.keyboard('{Enter}');
    expect(question()).toBeNull();
    expect(screen.getByRole('form', { name: 'Edit mute' })).toBe(form);
    expect(description(form)).toBe(`${ACTIVE.description} Half written`);
    expect(document.activeElement).toBe(otherRow);

    await user.click(otherRow);
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    await waitFor(() => expect(details.textContent).toContain(OTHER.description));
    expect(screen.queryByRole('form', { name: 'Edit mute' })).toBeNull();
    expect(network.callsTo('put', `${MUTES}{mute_id}`)).toHaveLength(0);
    expect(location.pathname).toBe('/alerts/muted');
  });

  it('asks before New mute replaces an edited mute, and before n replaces a half-written new one', async () => {
    const user = userEvent.setup();
    await renderMutes();
    const form = await halfEditedMute(user);
    await user.click(screen.getByRole('button', { name: 'New mute' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(description(form)).toBe(`${ACTIVE.description} Half written`);
    expect(screen.queryByRole('form', { name: 'New mute' })).toBeNull();

    await tabTo(user, within(form).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('n');
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    const newForm = await newMuteForm();
    expect(screen.queryByRole('form', { name: 'Edit mute' })).toBeNull();

    await user.type(within(newForm).getByRole('textbox', { name: 'Value' }), 'nas-01');
    await tabTo(user, within(newForm).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('n');
    const third = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(third).getByRole('button', { name: 'Leave and discard' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('form', { name: 'New mute' })).getByRole('textbox', { name: 'Value' }),
      ).toHaveProperty('value', ''),
    );
    expect(network.callsTo('post', MUTES)).toHaveLength(0);
  });

  it('asks before Esc from the list closes an edited form; stay keeps it, leave closes it', async () => {
    const user = userEvent.setup();
    await renderMutes();
    const form = await halfEditedMute(user);
    await tabTo(user, within(form).getByRole('button', { name: 'Cancel' }));
    await cursorTo(user, /vpn-gw-01/);
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('form', { name: 'Edit mute' })).toBe(form);
    expect(description(form)).toBe(`${ACTIVE.description} Half written`);

    await cursorTo(user, /vpn-gw-01/);
    await user.keyboard('{Escape}');
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit mute' })).toBeNull());
    expect(network.callsTo('put', `${MUTES}{mute_id}`)).toHaveLength(0);
    expect(location.pathname).toBe('/alerts/muted');
  });

  it('switches at once when the form is clean', async () => {
    const user = userEvent.setup();
    await renderMutes();
    await user.click(screen.getByRole('button', { name: /backup job/ }));
    const details = await screen.findByRole('complementary', { name: 'Mute details' });
    await user.click(within(details).getByRole('button', { name: 'Edit conditions' }));
    await screen.findByRole('form', { name: 'Edit mute' });
    await user.click(screen.getByRole('button', { name: /vpn-gw-01/ }));
    expect(question()).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('complementary', { name: 'Mute details' }).textContent).toContain(
        OTHER.description,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'New mute' }));
    expect(question()).toBeNull();
    await newMuteForm();
  });
});
