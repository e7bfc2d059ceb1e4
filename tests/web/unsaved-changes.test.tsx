// @vitest-environment happy-dom
// The fake network goes in before the client captures fetch.
import '../helpers/fake-network.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'wouter';
import { CustomerForm } from '../../src/web/features/customers/CustomerForm.tsx';
import { AddDomainsDialog } from '../../src/web/features/domains/AddDomainsDialog.tsx';
import { TimestampFormatField } from '../../src/web/features/profile/TimestampFormatField.tsx';
import { RetentionForm } from '../../src/web/features/retention/RetentionForm.tsx';
import { UpdateForm } from '../../src/web/features/updates/admin/UpdateForm.tsx';
import { ApiKeyForm } from '../../src/web/features/users/profile/ApiKeyForm.tsx';
import { PasswordForm } from '../../src/web/features/users/profile/PasswordForm.tsx';
import { UserForm } from '../../src/web/features/users/UserForm.tsx';
import { SelectedCustomersProvider } from '../../src/web/shell/customers/SelectedCustomersProvider.tsx';
import { EMPTY_SHELL_DATA, ShellDataContext } from '../../src/web/shell/data/ShellDataProvider.tsx';
import { TickerProvider } from '../../src/web/shell/ticker/TickerProvider.tsx';
import { ToastsProvider } from '../../src/web/shell/toasts/ToastsProvider.tsx';
import { type FakeNetwork, freshNetwork } from '../helpers/fake-network.ts';
import { expectSignIn, SignedIn, signIn, untilSignedIn } from '../helpers/signed-in-session.tsx';
import { withKeyDispatcher } from './keyboard-harness.ts';
import { customer } from './shell-harness.tsx';

withKeyDispatcher();

let network: FakeNetwork;
beforeEach(() => {
  network = freshNetwork({ unmatched: 'not-found' });
  signIn(network);
  history.replaceState(null, '', '/here');
});

/**
 * The form in the shell's providers with the browser's own history (the guard watches
 * history.pushState and popstate), beside a link out as the sidebar has.
 */
async function renderForm(ui: ReactNode) {
  const data = { ...EMPTY_SHELL_DATA, customers: [customer('Acme Corp', 'c-acme')] };
  expectSignIn();
  render(
    <SignedIn>
      <TickerProvider>
        <SelectedCustomersProvider>
          <ShellDataContext.Provider value={data}>
            <ToastsProvider>
              <nav>
                <Link href="/alerts">Alerts</Link>
              </nav>
              {ui}
            </ToastsProvider>
          </ShellDataContext.Provider>
        </SelectedCustomersProvider>
      </TickerProvider>
    </SignedIn>,
  );
  await untilSignedIn();
}

const asked = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

describe('a dialog with unsaved changes asks before Esc closes it (spec 2, section 4)', () => {
  it.each([
    [
      'customer',
      (close: () => void) => <CustomerForm customer={null} onClose={close} onSaved={vi.fn()} />,
      'Name',
    ],
    ['user', (close: () => void) => <UserForm contact={null} onClose={close} onSaved={vi.fn()} />, 'E-mail'],
    ['add domains', (close: () => void) => <AddDomainsDialog onClose={close} onAdded={vi.fn()} />, /Domains/],
    [
      'platform update',
      (close: () => void) => <UpdateForm update={null} onClose={close} onSaved={vi.fn()} />,
      'Title',
    ],
  ])('%s', async (_, dialog, field) => {
    const user = userEvent.setup();
    const close = vi.fn();
    await renderForm(dialog(close));
    // Nothing typed: Esc closes at once.
    await user.keyboard('{Escape}');
    expect(close).toHaveBeenCalledTimes(1);
    expect(asked()).toBeNull();

    await user.type(screen.getByRole('textbox', { name: field }), 'example.com');
    await user.keyboard('{Escape}');
    expect(asked()).not.toBeNull();
    expect(close).toHaveBeenCalledTimes(1);
    // Staying is the focused, safe answer.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked()).toBeNull());
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: field }).value).toContain('example.com');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    expect(close).toHaveBeenCalledTimes(2);
  });
});

describe('a form with unsaved changes asks before the page is left (spec 2, section 4)', () => {
  it.each([
    [
      'retention',
      () => <RetentionForm customerId="c-acme" customerName="Acme Corp" current={30} onSaved={vi.fn()} />,
      (user: ReturnType<typeof userEvent.setup>) =>
        user.type(screen.getByRole('spinbutton', { name: /Retention|days/i }), '0'),
    ],
    [
      'API key',
      () => <ApiKeyForm onCreated={vi.fn()} />,
      (user: ReturnType<typeof userEvent.setup>) =>
        user.type(screen.getByRole('textbox', { name: 'Name' }), 'CI'),
    ],
    [
      'password',
      () => <PasswordForm />,
      (user: ReturnType<typeof userEvent.setup>) =>
        user.type(screen.getByLabelText('Current password'), 'secret'),
    ],
    [
      'profile timestamp offset',
      () => <TimestampFormatField value="local" onSave={vi.fn()} />,
      async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(screen.getByRole('radio', { name: 'Fixed offset' }));
        await user.type(screen.getByRole('textbox', { name: 'Offset from UTC (hh:mm)' }), '5:3');
      },
    ],
  ])('%s', async (_, form, edit) => {
    const user = userEvent.setup();
    await renderForm(form());
    await edit(user);
    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    expect(asked()).not.toBeNull();
    expect(location.pathname).toBe('/here');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked()).toBeNull());
    expect(location.pathname).toBe('/here');

    await user.click(screen.getByRole('link', { name: 'Alerts' }));
    await user.click(await screen.findByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(location.pathname).toBe('/alerts'));
  });
});
